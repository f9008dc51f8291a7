import { WORKLIST_LABELS, WORKLIST_NAMES, type WorklistName } from '@app/workflow';

/**
 * The worklists' page titles, taken from the registry's labels (@app/workflow) so that the words
 * live in one place: a new worklist is titled by its registry entry, not by a second copy here.
 */
export function worklistTitles(lang: 'zh' | 'en'): Record<WorklistName, string> {
  return Object.fromEntries(WORKLIST_NAMES.map((name) => [name, WORKLIST_LABELS[name][lang]])) as Record<WorklistName, string>;
}
