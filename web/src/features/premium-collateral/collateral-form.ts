/** The collateral form: the server's rules checked before sending (whole fen, owner required), and the body sent. */
import { COLLATERAL_LIMITS, MAX_APPRAISED_FEN, parseYuanToFen, type CollateralKind } from '@app/workflow';
import type { CollateralDto } from '@/api/schema.gen';

export interface CollateralFormValues {
  kind: CollateralKind | null;
  owner: string;
  description: string;
  /** Yuan as typed; empty for unknown. */
  appraisedValue: string;
  certificateNo: string;
}

export type CollateralFormErrors = Partial<Record<keyof CollateralFormValues, 'kind' | 'owner' | 'description' | 'appraisedValue' | 'certificateNo'>>;

export const EMPTY_COLLATERAL: CollateralFormValues = { kind: 'MORTGAGE', owner: '', description: '', appraisedValue: '', certificateNo: '' };

export function collateralFormErrors(values: CollateralFormValues): CollateralFormErrors {
  const errors: CollateralFormErrors = {};
  if (!values.kind) errors.kind = 'kind';
  const owner = values.owner.trim();
  if (!owner || owner.length > COLLATERAL_LIMITS.owner) errors.owner = 'owner';
  if (values.description.trim().length > COLLATERAL_LIMITS.description) errors.description = 'description';
  if (values.appraisedValue.trim()) {
    const fen = parseYuanToFen(values.appraisedValue);
    if (fen === null || fen > MAX_APPRAISED_FEN) errors.appraisedValue = 'appraisedValue';
  }
  if (values.certificateNo.trim().length > COLLATERAL_LIMITS.certificateNo) errors.certificateNo = 'certificateNo';
  return errors;
}

export function toCollateralDto(values: CollateralFormValues): CollateralDto {
  return {
    kind: values.kind as CollateralKind,
    owner: values.owner.trim(),
    description: values.description.trim() || null,
    appraisedValueFen: values.appraisedValue.trim() ? parseYuanToFen(values.appraisedValue) : null,
    certificateNo: values.certificateNo.trim() || null,
  };
}

export function fromFenText(fen: number | null): string {
  if (fen === null) return '';
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}
