/**
 * The litigation fee and seizure forms of a loan in recovery: the server's rules checked before sending
 * (server/src/bad-loans/bad-loans.dto.ts: a fee type of the fixed list, whole fen above zero, real days,
 * the expiry after the seizure) and the bodies sent. Amounts are typed in yuan and sent in fen.
 */
import { dayNumber, parseYuanToFen } from '@app/workflow';
import type { LitigationFeeInputDto, SeizureInputDto } from '@/api/schema.gen';

export type LitigationFeeType = LitigationFeeInputDto['feeType'];
export type SeizureKind = SeizureInputDto['seizureKind'];

/** The fee types in the order offered (the server's list; the check below fails to compile when one is missing). */
export const LITIGATION_FEE_TYPES = [
  'LAWYER',
  'COURT_ACCEPTANCE',
  'PRESERVATION',
  'APPRAISAL',
  'ENFORCEMENT',
  'ANNOUNCEMENT',
] as const satisfies readonly LitigationFeeType[];
export const SEIZURE_KINDS = ['FIRST', 'SUBSEQUENT'] as const satisfies readonly SeizureKind[];
type Exhaustive<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : never;
const feeTypesComplete: Exhaustive<LitigationFeeType, (typeof LITIGATION_FEE_TYPES)[number]> = true;
const seizureKindsComplete: Exhaustive<SeizureKind, (typeof SEIZURE_KINDS)[number]> = true;
void feeTypesComplete;
void seizureKindsComplete;

/** The server's bounds: MAX_FEN (10,000,000,000.00 yuan) and the text columns' lengths. */
export const RECORD_LIMITS = { maxFen: 1e12, note: 500, court: 100, asset: 200 } as const;

export interface FeeFormValues {
  feeType: LitigationFeeType | null;
  /** Yuan as typed. */
  amount: string;
  paidOn: string;
  note: string;
}

export interface SeizureFormValues {
  court: string;
  asset: string;
  seizureKind: SeizureKind | null;
  seizedOn: string;
  expiresOn: string;
  note: string;
}

/** What is wrong with a field, as a key of badLoans.records.errors. */
export type RecordError = 'required' | 'amount' | 'day' | 'tooLong' | 'expiryNotAfter';
export type FeeFormErrors = Partial<Record<keyof FeeFormValues, RecordError>>;
export type SeizureFormErrors = Partial<Record<keyof SeizureFormValues, RecordError>>;

export const EMPTY_FEE: FeeFormValues = { feeType: null, amount: '', paidOn: '', note: '' };
export const EMPTY_SEIZURE: SeizureFormValues = { court: '', asset: '', seizureKind: 'FIRST', seizedOn: '', expiresOn: '', note: '' };

const dayError = (day: string): RecordError | null => (!day ? 'required' : dayNumber(day) === null ? 'day' : null);
const textError = (text: string, max: number, required: boolean): RecordError | null =>
  required && !text.trim() ? 'required' : text.trim().length > max ? 'tooLong' : null;

function collect<K extends string>(checks: [K, RecordError | null][]): Partial<Record<K, RecordError>> {
  return Object.fromEntries(checks.filter(([, error]) => error !== null)) as Partial<Record<K, RecordError>>;
}

export function feeFormErrors(values: FeeFormValues): FeeFormErrors {
  const fen = values.amount.trim() ? parseYuanToFen(values.amount) : null;
  return collect<keyof FeeFormValues>([
    ['feeType', values.feeType && (LITIGATION_FEE_TYPES as readonly string[]).includes(values.feeType) ? null : 'required'],
    ['amount', !values.amount.trim() ? 'required' : fen === null || fen < 1 || fen > RECORD_LIMITS.maxFen ? 'amount' : null],
    ['paidOn', dayError(values.paidOn)],
    ['note', textError(values.note, RECORD_LIMITS.note, false)],
  ]);
}

export function seizureFormErrors(values: SeizureFormValues): SeizureFormErrors {
  const seized = dayError(values.seizedOn);
  const expires = dayError(values.expiresOn);
  return collect<keyof SeizureFormValues>([
    ['court', textError(values.court, RECORD_LIMITS.court, true)],
    ['asset', textError(values.asset, RECORD_LIMITS.asset, true)],
    ['seizureKind', values.seizureKind && (SEIZURE_KINDS as readonly string[]).includes(values.seizureKind) ? null : 'required'],
    ['seizedOn', seized],
    // the day strings compare as days (YYYY-MM-DD)
    ['expiresOn', expires ?? (!seized && values.expiresOn <= values.seizedOn ? 'expiryNotAfter' : null)],
    ['note', textError(values.note, RECORD_LIMITS.note, false)],
  ]);
}

export function toFeeDto(values: FeeFormValues): LitigationFeeInputDto {
  return {
    feeType: values.feeType as LitigationFeeType,
    amountFen: parseYuanToFen(values.amount) as number,
    paidOn: values.paidOn,
    note: values.note.trim() || null,
  };
}

export function toSeizureDto(values: SeizureFormValues): SeizureInputDto {
  return {
    court: values.court.trim(),
    asset: values.asset.trim(),
    seizureKind: values.seizureKind as SeizureKind,
    seizedOn: values.seizedOn,
    expiresOn: values.expiresOn,
    note: values.note.trim() || null,
  };
}
