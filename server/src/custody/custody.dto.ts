import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { Equals, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { IsCalendarDay } from '../common/validation';
import { CERTIFICATE_KINDS, CERTIFICATE_STATES, INVENTORY_SORTS, type CertificateKind, type CertificateState, type InventorySort } from './custody.repository';

/** Largest appraised value: 10,000,000,000.00 yuan, well inside a safe integer. */
export const MAX_VALUE_FEN = 1e12;

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const optionalText = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value));

/** A certificate of a confirmed collateral item, registered awaiting deposit. */
export class CertificateInputDto {
  @ApiProperty({ format: 'uuid', description: 'The collateral item (a row of the register confirmed with the counter-guarantee)' })
  @IsUUID()
  collateralId: string;

  @ApiProperty({ enum: CERTIFICATE_KINDS, description: 'OTHER_RIGHTS 他项权证, REAL_ESTATE 不动产权证, PLEDGE_REGISTRATION 质押登记证明, OTHER' })
  @IsIn(CERTIFICATE_KINDS)
  kind: CertificateKind;

  @ApiProperty({ maxLength: 100 })
  @trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  number: string;

  @ApiProperty({ maxLength: 200 })
  @trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  issuer: string;

  @ApiProperty({ maxLength: 200, description: 'The holder of record (登记权利人)' })
  @trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  holder: string;
}

/** A move with an optional note (deposit, return). */
export class MoveNoteDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500 })
  @optionalText()
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string | null;
}

/** Cancelling a certificate needs a reason. */
export class CancelInputDto {
  @ApiProperty({ maxLength: 500 })
  @trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  reason: string;
}

/** Lending a certificate out of the vault to a colleague (who takes it to the registry, the bank, …). */
export class LendInputDto {
  @ApiProperty({ format: 'uuid', description: 'The borrower: an active user' })
  @IsUUID()
  borrowerId: string;

  @ApiProperty({ maxLength: 500 })
  @trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  reason: string;

  @ApiProperty({ example: '2026-07-25', description: 'The day it is due back (after today)' })
  @IsCalendarDay()
  returnDueOn: string;

  @ApiProperty({ description: 'The borrower confirms receiving it (must be true)' })
  @IsBoolean()
  @Equals(true)
  receiverConfirmed: boolean;
}

/** A new appraised value of a collateral item. */
export class RevalueInputDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  collateralId: string;

  @ApiProperty({ description: 'Whole fen, above zero' })
  @IsInt()
  @Min(1)
  @Max(MAX_VALUE_FEN)
  appraisedValueFen: number;

  @ApiProperty({ example: '2026-07-25', description: 'The day of the valuation (today or before)' })
  @IsCalendarDay()
  valuedOn: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500 })
  @optionalText()
  @IsOptional()
  @IsString()
  @MaxLength(500)
  note?: string | null;
}

export class IntervalMonthsDto {
  @ApiProperty({ minimum: 1, maximum: 120 })
  @IsInt()
  @Min(1)
  @Max(120)
  MORTGAGE: number;

  @ApiProperty({ minimum: 1, maximum: 120 })
  @IsInt()
  @Min(1)
  @Max(120)
  PLEDGE: number;

  @ApiProperty({ minimum: 1, maximum: 120 })
  @IsInt()
  @Min(1)
  @Max(120)
  OTHER: number;
}

/** The administrator's revaluation intervals per collateral kind and loan-to-value threshold. */
export class CustodySettingInputDto {
  @ApiProperty({ description: 'Loan-to-value threshold in basis points (7000 = 70 %)', minimum: 100, maximum: 100000 })
  @IsInt()
  @Min(100)
  @Max(100000)
  ltvThresholdBp: number;

  @ApiProperty({ type: IntervalMonthsDto })
  @ValidateNested()
  @Type(() => IntervalMonthsDto)
  intervalMonths: IntervalMonthsDto;
}

export const INVENTORY_VIEWS = ['ALL', 'IN_VAULT', 'LENT', 'OVERDUE', 'AWAITING_DEPOSIT', 'RELEASED', 'CANCELLED'] as const;
export type InventoryView = (typeof INVENTORY_VIEWS)[number];

/** The vault inventory: by state (or overdue returns), loan and bank; sorted; paged by cursor (or pageNum). */
export class InventoryQuery {
  @ApiPropertyOptional({ enum: INVENTORY_VIEWS, default: 'ALL' })
  @IsOptional()
  @IsIn(INVENTORY_VIEWS)
  state: InventoryView = 'ALL';

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  loanId?: string;

  @ApiPropertyOptional({ type: String, maxLength: 100, description: "The loan's bank (exact name)" })
  @optionalText()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  bank?: string | null;

  @ApiPropertyOptional({ enum: Object.keys(INVENTORY_SORTS), default: 'stateChangedAt' })
  @IsOptional()
  @IsIn(Object.keys(INVENTORY_SORTS))
  sort: InventorySort = 'stateChangedAt';

  @ApiPropertyOptional({ enum: ['ASC', 'DESC'], default: 'DESC' })
  @IsOptional()
  @IsIn(['ASC', 'DESC'])
  order: 'ASC' | 'DESC' = 'DESC';

  @ApiPropertyOptional({ description: 'nextCursor of the previous page (same filters and sort)' })
  @IsOptional()
  @IsString()
  @MaxLength(400)
  cursor?: string;

  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100000)
  pageNum: number = 1;

  @ApiPropertyOptional({ default: 10 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  pageSize: number = 10;
}

/** A certificate's (or a loan's) moves, paged. */
export class MovesQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  certificateId?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  loanId?: string;

  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100000)
  pageNum: number = 1;

  @ApiPropertyOptional({ default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  pageSize: number = 50;
}

export const STATE_OF_VIEW: Record<InventoryView, CertificateState[] | null> = {
  ALL: null,
  IN_VAULT: ['IN_VAULT'],
  LENT: ['LENT'],
  OVERDUE: ['LENT'],
  AWAITING_DEPOSIT: ['AWAITING_DEPOSIT'],
  RELEASED: ['RELEASED'],
  CANCELLED: ['CANCELLED'],
};
export { CERTIFICATE_STATES };
