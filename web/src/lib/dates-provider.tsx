/**
 * The calendars' settings around the whole app. Kept apart from the date inputs (dates.tsx) so that
 * the first paint does not carry the calendar code: the inputs come with the pages that use them.
 */
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { useLang } from '@/i18n/use-lang';

/** Calendars follow the i18next language; weeks start on Monday, as in China. */
export function AppDatesProvider({ children }: { children: ReactNode }) {
  const lang = useLang();
  return <DatesProvider settings={{ locale: lang === 'en' ? 'en' : 'zh-cn', firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
