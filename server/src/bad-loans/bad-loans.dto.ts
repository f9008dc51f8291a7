import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { PageQuery } from '../common/paging.dto';
import { IsCalendarDay } from '../common/validation';
import { LIST_SORTS } from './bad-loans.repository';

export const LITIGATION_FEE_TYPES = ['LAWYER', 'COURT_ACCEPTANCE', 'PRESERVATION', 'APPRAISAL', 'ENFORCEMENT', 'ANNOUNCEMENT'] as const;
export type LitigationFeeType = (typeof LITIGATION_FEE_TYPES)[number];
export const SEIZURE_KINDS = ['FIRST', 'SUBSEQUENT'] as const;
export type SeizureKind = (typeof SEIZURE_KINDS)[number];
/** Largest amount a fee or a threshold may hold: 10,000,000,000.00 yuan, well inside a safe integer. */
export const MAX_FEN = 1e12;

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const optionalText = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value));

export class LitigationFeeInputDto {
  @ApiProperty({ enum: LITIGATION_FEE_TYPES })
  @IsIn(LITIGATION_FEE_TYPES)
  feeType: LitigationFeeType;

  @ApiProperty({ description: 'Whole fen, above zero' })
  @IsInt()
  @Min(1)
  @Max(MAX_FEN)
  amountFen: number;

  @ApiProperty({ example: '2026-07-25', description: 'The day it was paid (YYYY-MM-DD)' })
  @IsCalendarDay()
  paidOn: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @optionalText()
  @IsOptional()
  @IsString()
  @MaxLength(500)
  note?: string | null;
}

export class SeizureInputDto {
  @ApiProperty({ description: 'The court that ordered it' })
  @trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  court: string;

  @ApiProperty({ description: 'What was seized' })
  @trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  asset: string;

  @ApiProperty({ enum: SEIZURE_KINDS, description: 'A first seizure or a subsequent (renewed) one' })
  @IsIn(SEIZURE_KINDS)
  seizureKind: SeizureKind;

  @ApiProperty({ example: '2026-07-25' })
  @IsCalendarDay()
  seizedOn: string;

  @ApiProperty({ example: '2029-07-24', description: 'After seizedOn' })
  @IsCalendarDay()
  expiresOn: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @optionalText()
  @IsOptional()
  @IsString()
  @MaxLength(500)
  note?: string | null;
}

export class CompensationSettingInputDto {
  @ApiProperty({ description: 'Below this total (whole fen) the leader may approve a compensation; at or above it the review committee decides' })
  @IsInt()
  @Min(1)
  @Max(MAX_FEN)
  leaderLimitFen: number;
}

export const BAD_LOAN_SORTS = Object.keys(LIST_SORTS) as (keyof typeof LIST_SORTS)[];

export class BadLoanListQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the company name' })
  @optionalText()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  company?: string;

  @ApiPropertyOptional({ enum: ['compensation', 'recovery', 'closed'], description: 'The loan stage of the case' })
  @IsOptional()
  @IsIn(['compensation', 'recovery', 'closed'])
  stage?: 'compensation' | 'recovery' | 'closed';

  @ApiPropertyOptional({ enum: BAD_LOAN_SORTS })
  @IsOptional()
  @IsIn(BAD_LOAN_SORTS)
  sort?: (typeof BAD_LOAN_SORTS)[number];

  @ApiPropertyOptional({ enum: ['asc', 'desc'] })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}
