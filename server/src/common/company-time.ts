/**
 * The company's one time zone (COMPANY_TIME_ZONE, default Asia/Shanghai): the day a date filter means,
 * the time an export or a preview shows, "today" for a date rule, and the zone the web shows its times
 * in. Set once at start-up from the configuration (createApp, the worker); everything reads it here.
 */

export const DEFAULT_COMPANY_TIME_ZONE = 'Asia/Shanghai';

/** IANA names only (Asia/Shanghai, UTC, America/Argentina/Buenos_Aires, Etc/GMT-8): safe to put in SQL. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

export function isTimeZone(zone: string): boolean {
  if (!ZONE_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

let current = DEFAULT_COMPANY_TIME_ZONE;
let parts = partsFormat(current);

function partsFormat(zone: string) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
}

export function setCompanyTimeZone(zone: string): void {
  if (!isTimeZone(zone)) throw new Error(`COMPANY_TIME_ZONE: "${zone}" is not an IANA time zone (e.g. Asia/Shanghai)`);
  current = zone;
  parts = partsFormat(zone);
}

export function companyTimeZone(): string {
  return current;
}

/** The zone as an SQL literal for `AT TIME ZONE` (the name was checked against IANA names when set). */
export function companyZoneSql(): string {
  return `'${current}'`;
}

function pieces(value: Date) {
  const p = Object.fromEntries(parts.formatToParts(value).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** The company's calendar day of a moment: 2026-11-23. */
export function companyDay(value: Date): string {
  return pieces(value).day;
}

/** A moment as staff read it, to the minute, in the company's zone: 2026-11-23 14:05 ('' when none). */
export function companyDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const { day, time } = pieces(date);
  return `${day} ${time}`;
}
