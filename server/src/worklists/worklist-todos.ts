import { EVENT_PERMISSIONS, machineDefinition, type EventType, type PermissionKey, type WorklistDef } from '@app/workflow';

/**
 * Where a worklist's loans wait for the caller: the states (dotted paths) where one of the list's
 * events that the caller may send is accepted. Read from the machine's own transitions, so the
 * dashboard's to-dos follow the machine. Discontinuing is possible almost everywhere and is never
 * what a loan waits for, so it makes no to-do. Guards that name a person (the loan's own officer,
 * an attendee) are left to the list page: a to-do count is "loans where you may have something to do".
 */
const definition = machineDefinition();

const DISCONTINUING = new Set(
  definition.transitions
    .filter((t) => t.kind === 'event' && t.targets.length > 0 && t.targets.every((target) => target === 'discontinued'))
    .map((t) => t.event),
);

/** Event type -> the state paths whose transitions accept it. */
const SOURCES = new Map<string, Set<string>>();
for (const t of definition.transitions) {
  if (t.kind !== 'event') continue;
  if (!SOURCES.has(t.event)) SOURCES.set(t.event, new Set());
  SOURCES.get(t.event)!.add(t.source);
}

/** The events a row of the list offers that move a loan on (not discontinuing). */
export function progressEvents(list: Pick<WorklistDef, 'events'>): EventType[] {
  return list.events.filter((e) => !DISCONTINUING.has(e));
}

/**
 * The state paths where the list's loans wait for someone holding `holds`; empty when the caller may
 * take none of the list's actions. A loan is waiting when it stands in the list and in one of these.
 */
export function todoStates(list: Pick<WorklistDef, 'events'>, holds: (key: PermissionKey) => boolean): string[] {
  const states = new Set<string>();
  for (const event of progressEvents(list)) {
    if (!holds(EVENT_PERMISSIONS[event])) continue;
    for (const source of SOURCES.get(event) ?? []) states.add(source);
  }
  return [...states].sort();
}
