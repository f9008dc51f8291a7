import { engineForVersion, type Engine } from '@app/workflow';

/**
 * The machine versions this server can run and replay. An instance keeps the version it started on;
 * its events are replayed through that version (@app/workflow keeps the engine of every version it
 * still has instances of, and the migrations between them).
 */
export type MachineRuntime = Engine;

export function runtimeFor(version: number): MachineRuntime {
  return engineForVersion(version);
}
