import { createHash } from 'node:crypto';
import type { Label, StatusLabels } from '@app/workflow';
import { pickLabel, type Lang } from '../common/i18n';

/** A stored language preference as one the messages speak (anything unknown reads as Chinese). */
export function messageLang(value: string | null | undefined): Lang {
  return value === 'en' ? 'en' : 'zh-CN';
}

const TODO = {
  'zh-CN': {
    title: (company: string) => `待办：${company}`,
    content: (where: string, what: string) => `贷款已进入「${where}」，请您${what}。`,
    or: '或',
  },
  en: {
    title: (company: string) => `To do: ${company}`,
    content: (where: string, what: string) => `The loan is now at "${where}": please ${what}.`,
    or: ' or ',
  },
} as const satisfies Record<Lang, unknown>;

/**
 * The to-do a loan's next actor finds on the dashboard, written once in the recipient's language:
 * where the loan stands and what they are to do there (the actions they may take, by name).
 */
export function todoText(lang: Lang, company: string, labels: StatusLabels, actions: readonly Label[] = []): { title: string; content: string } {
  const where = `${pickLabel(labels.stage, lang)} · ${pickLabel(labels.status, lang)}`;
  const names = actions.map((a) => (lang === 'en' ? `"${pickLabel(a, lang)}"` : `「${pickLabel(a, lang)}」`));
  const what = names.length ? names.join(TODO[lang].or) : lang === 'en' ? 'take it on' : '处理';
  return { title: TODO[lang].title(company), content: TODO[lang].content(where, what) };
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
