/**
 * The custody dialogs' checks before sending, the server's rules (server/src/custody/custody.dto.ts):
 * a kind of the list, required texts within their lengths, a borrower, a return day after today and
 * the receiver's confirmation, a valuation in yuan (sent in whole fen, above zero) on a day not ahead.
 */
import { dayNumber, parseYuanToFen } from '@app/workflow';
import type { CertificateInputDto, CustodySettingDto, CustodySettingInputDto, LendInputDto, RevalueInputDto } from '@/api/schema.gen';

export type CertificateKind = CertificateInputDto['kind'];
export const CERTIFICATE_KINDS = ['OTHER_RIGHTS', 'REAL_ESTATE', 'PLEDGE_REGISTRATION', 'OTHER'] as const satisfies readonly CertificateKind[];
type Exhaustive<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : never;
const kindsComplete: Exhaustive<CertificateKind, (typeof CERTIFICATE_KINDS)[number]> = true;
void kindsComplete;

export const CUSTODY_LIMITS = { number: 100, issuer: 200, holder: 200, reason: 500, maxFen: 1e12 } as const;

/** What is wrong with a field, as a key of custody.errors. */
export type CustodyError = 'required' | 'tooLong' | 'day' | 'notAhead' | 'ahead' | 'amount' | 'confirm' | 'months' | 'percent';

export interface CertificateFormValues {
  collateralId: string | null;
  kind: CertificateKind | null;
  number: string;
  issuer: string;
  holder: string;
}
export interface LendFormValues {
  borrowerId: string | null;
  reason: string;
  returnDueOn: string;
  receiverConfirmed: boolean;
}
export interface RevalueFormValues {
  collateralId: string | null;
  /** Yuan as typed. */
  value: string;
  valuedOn: string;
  note: string;
}
export interface ReasonFormValues {
  reason: string;
}

type Errors<V> = Partial<Record<keyof V, CustodyError>>;
const text = (value: string, max: number, required = true): CustodyError | null =>
  required && !value.trim() ? 'required' : value.trim().length > max ? 'tooLong' : null;
function collect<V>(checks: [keyof V, CustodyError | null][]): Errors<V> {
  return Object.fromEntries(checks.filter(([, e]) => e !== null)) as Errors<V>;
}

export function certificateFormErrors(v: CertificateFormValues): Errors<CertificateFormValues> {
  return collect<CertificateFormValues>([
    ['collateralId', v.collateralId ? null : 'required'],
    ['kind', v.kind ? null : 'required'],
    ['number', text(v.number, CUSTODY_LIMITS.number)],
    ['issuer', text(v.issuer, CUSTODY_LIMITS.issuer)],
    ['holder', text(v.holder, CUSTODY_LIMITS.holder)],
  ]);
}

/** `today` (YYYY-MM-DD, the company's day): the return day must come after it. */
export function lendFormErrors(v: LendFormValues, today: string): Errors<LendFormValues> {
  const day = !v.returnDueOn ? 'required' : dayNumber(v.returnDueOn) === null ? 'day' : v.returnDueOn <= today ? 'notAhead' : null;
  return collect<LendFormValues>([
    ['borrowerId', v.borrowerId ? null : 'required'],
    ['reason', text(v.reason, CUSTODY_LIMITS.reason)],
    ['returnDueOn', day],
    ['receiverConfirmed', v.receiverConfirmed ? null : 'confirm'],
  ]);
}

export function revalueFormErrors(v: RevalueFormValues, today: string): Errors<RevalueFormValues> {
  const fen = parseYuanToFen(v.value.trim());
  const day = !v.valuedOn ? 'required' : dayNumber(v.valuedOn) === null ? 'day' : v.valuedOn > today ? 'ahead' : null;
  return collect<RevalueFormValues>([
    ['collateralId', v.collateralId ? null : 'required'],
    ['value', !v.value.trim() ? 'required' : fen === null || fen <= 0 || fen > CUSTODY_LIMITS.maxFen ? 'amount' : null],
    ['valuedOn', day],
    ['note', text(v.note, CUSTODY_LIMITS.reason, false)],
  ]);
}

export function reasonFormErrors(v: ReasonFormValues, required: boolean): Errors<ReasonFormValues> {
  return collect<ReasonFormValues>([['reason', text(v.reason, CUSTODY_LIMITS.reason, required)]]);
}

export const toCertificateDto = (v: CertificateFormValues): CertificateInputDto => ({
  collateralId: v.collateralId!,
  kind: v.kind!,
  number: v.number.trim(),
  issuer: v.issuer.trim(),
  holder: v.holder.trim(),
});
export const toLendDto = (v: LendFormValues): LendInputDto => ({
  borrowerId: v.borrowerId!,
  reason: v.reason.trim(),
  returnDueOn: v.returnDueOn,
  receiverConfirmed: v.receiverConfirmed,
});
export const toRevalueDto = (v: RevalueFormValues): RevalueInputDto => ({
  collateralId: v.collateralId!,
  appraisedValueFen: parseYuanToFen(v.value.trim())!,
  valuedOn: v.valuedOn,
  note: v.note.trim() || null,
});

/** The administrator's settings as typed: months per collateral kind, the threshold in percent. */
export interface SettingsFormValues {
  MORTGAGE: string;
  PLEDGE: string;
  OTHER: string;
  /** Percent, up to two decimals (70 = 70 %, sent as 7000 basis points). */
  ltvPercent: string;
}
export const ITEM_KINDS = ['MORTGAGE', 'PLEDGE', 'OTHER'] as const satisfies readonly (keyof CustodySettingInputDto['intervalMonths'])[];

/** Months 1-120 (the server's bounds); the threshold 1 %-1000 % with at most two decimals (whole basis points). */
const months = (v: string): CustodyError | null => (!v.trim() ? 'required' : /^\d{1,3}$/.test(v.trim()) && +v >= 1 && +v <= 120 ? null : 'months');
export function percentToBp(text: string): number | null {
  const m = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp >= 100 && bp <= 100_000 ? bp : null;
}

export function settingsFormErrors(v: SettingsFormValues): Errors<SettingsFormValues> {
  return collect<SettingsFormValues>([
    ...ITEM_KINDS.map((k): [keyof SettingsFormValues, CustodyError | null] => [k, months(v[k])]),
    ['ltvPercent', !v.ltvPercent.trim() ? 'required' : percentToBp(v.ltvPercent) === null ? 'percent' : null],
  ]);
}

export const toSettingsValues = (s: CustodySettingDto): SettingsFormValues => ({
  MORTGAGE: String(s.intervalMonths.MORTGAGE),
  PLEDGE: String(s.intervalMonths.PLEDGE),
  OTHER: String(s.intervalMonths.OTHER),
  ltvPercent: String(s.ltvThresholdBp / 100),
});
export const toSettingsDto = (v: SettingsFormValues): CustodySettingInputDto => ({
  ltvThresholdBp: percentToBp(v.ltvPercent)!,
  intervalMonths: { MORTGAGE: Number(v.MORTGAGE.trim()), PLEDGE: Number(v.PLEDGE.trim()), OTHER: Number(v.OTHER.trim()) },
});
