import { createHash } from 'node:crypto';
import type { Label, StatusLabels } from '@app/workflow';
import { fillLabel, pickLabel, type Lang } from '../common/i18n';

/** A stored language preference as one the messages speak (anything unknown reads as Chinese). */
export function messageLang(value: string | null | undefined): Lang {
  return value === 'en' ? 'en' : 'zh-CN';
}

const TODO = {
  title: { zh: '待办：{company}', en: 'To do: {company}' },
  content: { zh: '贷款已进入「{where}」，请您{what}。', en: 'The loan is now at "{where}": please {what}.' },
  /** One action by name, and the word between two. */
  action: { zh: '「{name}」', en: '"{name}"' },
  or: { zh: '或', en: ' or ' },
  /** What to do when no action is named. */
  anything: { zh: '处理', en: 'take it on' },
} as const satisfies Record<string, Label>;

/**
 * The to-do a loan's next actor finds on the dashboard, written once in the recipient's language:
 * where the loan stands and what they are to do there (the actions they may take, by name).
 */
export function todoText(lang: Lang, company: string, labels: StatusLabels, actions: readonly Label[] = []): { title: string; content: string } {
  const where = `${pickLabel(labels.stage, lang)} · ${pickLabel(labels.status, lang)}`;
  const names = actions.map((a) => fillLabel(TODO.action, lang, { name: a }));
  const what = names.length ? names.join(pickLabel(TODO.or, lang)) : pickLabel(TODO.anything, lang);
  return { title: fillLabel(TODO.title, lang, { company }), content: fillLabel(TODO.content, lang, { where, what }) };
}

/**
 * The one to-do of an actor for a loan and what they may do there: a later transition that leaves
 * them the same actions updates it rather than adding another (region changes in during-guarantee).
 */
export function todoKey(loanId: string, actionTypes: readonly string[]): string {
  const key = `todo:${loanId}:${[...actionTypes].sort().join('+')}`;
  if (key.length <= 120) return key;
  // Long sets of actions: a digest keeps the key within the column.
  return `todo:${loanId}:${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
}
