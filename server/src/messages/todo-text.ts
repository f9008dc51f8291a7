import type { StatusLabels } from '@app/workflow';
import { pickLabel, type Lang } from '../common/i18n';

/** A stored language preference as one the messages speak (anything unknown reads as Chinese). */
export function messageLang(value: string | null | undefined): Lang {
  return value === 'en' ? 'en' : 'zh-CN';
}

const TODO = {
  'zh-CN': {
    title: (company: string) => `待办：${company}`,
    content: (where: string) => `贷款已进入「${where}」，等待您处理。`,
  },
  en: {
    title: (company: string) => `To do: ${company}`,
    content: (where: string) => `The loan is now at "${where}" and waits for you.`,
  },
} as const satisfies Record<Lang, unknown>;

/** The to-do a loan's next actor finds on the dashboard, written once in the recipient's language. */
export function todoText(lang: Lang, company: string, labels: StatusLabels): { title: string; content: string } {
  const where = `${pickLabel(labels.stage, lang)} · ${pickLabel(labels.status, lang)}`;
  return { title: TODO[lang].title(company), content: TODO[lang].content(where) };
}
