import * as engine from '@app/workflow';
import { requireEvidence } from './evidence';
import type { EventWriter, FeatureHooks } from './hooks';

/** The steps that stand on a document (workflow EVENT_EVIDENCE) are refused without it: one check for all. */
export function evidenceHooks(): FeatureHooks {
  const writers: Partial<Record<engine.EventType, EventWriter>> = {};
  for (const type of Object.keys(engine.EVENT_EVIDENCE) as engine.EventType[]) writers[type] = ({ em, loanId }) => requireEvidence(em, loanId, type);
  return { writers };
}
