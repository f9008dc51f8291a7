/**
 * Dates are entered with Mantine's pickers, never the browser's native input (whose mm/dd/yyyy follows
 * the browser, not the page's language). The calendar speaks the page's language (dayjs zh-cn / en)
 * and the value stays the API's day string, YYYY-MM-DD, read as a day of the company's time zone.
 */
import { DateInput, type DateInputProps } from '@mantine/dates';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';

export { AppDatesProvider } from './dates-provider';

export const DAY_FORMAT = 'YYYY-MM-DD';

type DayInputProps = Omit<DateInputProps, 'value' | 'onChange' | 'defaultValue' | 'valueFormat'> & {
  /** YYYY-MM-DD, or '' for none. */
  value?: string | null;
  onChange?: (value: string) => void;
};

/** A day typed as YYYY-MM-DD or picked in the calendar; cleared to ''. */
export function DayInput({ value, onChange, ...props }: DayInputProps) {
  const { t } = useTranslation();
  return (
    <DateInput
      clearable
      // The clear button is an icon: it needs a name of its own (axe button-name).
      clearButtonProps={{ 'aria-label': t('common.clear') }}
      valueFormat={DAY_FORMAT}
      placeholder={DAY_FORMAT}
      {...props}
      value={value || null}
      onChange={(next) => onChange?.(next ?? '')}
    />
  );
}

export const MOMENT_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * A day and a time, typed (2026-12-01 09:30) or the day picked in the calendar; a wall time of the
 * company's zone (the caller turns it into a moment with companyWallTimeToIso). The value is
 * YYYY-MM-DD HH:mm:ss, or '' for none.
 */
export function MomentInput({ value, onChange, ...props }: DayInputProps) {
  const { t } = useTranslation();
  return (
    <DateInput
      clearable
      clearButtonProps={{ 'aria-label': t('common.clear') }}
      withTime
      valueFormat={MOMENT_FORMAT}
      placeholder={MOMENT_FORMAT}
      {...props}
      value={value || null}
      onChange={(next) => onChange?.(next ?? '')}
    />
  );
}
