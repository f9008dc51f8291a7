import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery } from '../common/paging.dto';
import { OptionalCalendarDay } from '../common/validation';

const optionalTrimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value));

/** A regulator report's period (days of disbursement, in the company's zone) and a company filter. */
export class RegulatoryQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Disbursed on or after this day (YYYY-MM-DD)' })
  @OptionalCalendarDay()
  from?: string;

  @ApiPropertyOptional({ description: 'Disbursed on or before this day (YYYY-MM-DD)' })
  @OptionalCalendarDay()
  to?: string;

  @ApiPropertyOptional({ description: 'Part of the company name' })
  @optionalTrimmed()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  companyName?: string;
}

/** One guaranteed loan as the regulators see it. Amounts in fen, rates in basis points. */
export class RegulatoryRowDto {
  @ApiProperty()
  loanId: string;
  @ApiProperty()
  companyName: string;
  @ApiProperty()
  creditCode: string;
  @ApiProperty({ enum: ['MICRO', 'SMALL', 'MEDIUM', 'LARGE', 'UNKNOWN'] })
  enterpriseSize: 'MICRO' | 'SMALL' | 'MEDIUM' | 'LARGE' | 'UNKNOWN';
  @ApiProperty({ type: Number, nullable: true })
  employeeCount: number | null;
  @ApiProperty({ type: String, nullable: true })
  districtCode: string | null;
  @ApiProperty({ type: [String] })
  strategicIndustries: string[];
  @ApiProperty({ type: [String] })
  qualifications: string[];
  @ApiProperty({ type: String, nullable: true })
  mainBusiness: string | null;
  @ApiProperty({ type: String, nullable: true })
  bank: string | null;
  @ApiProperty({ type: String, nullable: true })
  loanType: string | null;
  @ApiProperty()
  amountFen: number;
  @ApiProperty()
  disbursedAmountFen: number;
  @ApiProperty()
  outstandingFen: number;
  @ApiProperty()
  termMonths: number;
  @ApiProperty()
  disbursedOn: string;
  @ApiProperty()
  maturityOn: string;
  @ApiProperty({ type: Number, nullable: true })
  annualRateBp: number | null;
  @ApiProperty({ type: Number, nullable: true })
  feeRateBp: number | null;
  @ApiProperty({ type: Number, nullable: true })
  feeFen: number | null;
  @ApiProperty({ enum: ['IN_FORCE', 'RELEASED', 'DISCONTINUED'] })
  guaranteeStatus: 'IN_FORCE' | 'RELEASED' | 'DISCONTINUED';
}

/** A loan extended (展期) in the period: one approved extension. Amounts in fen, days YYYY-MM-DD. */
export class RegulatoryExtensionRowDto {
  @ApiProperty()
  loanId: string;
  @ApiProperty()
  companyName: string;
  @ApiProperty()
  creditCode: string;
  @ApiProperty({ type: String, nullable: true })
  bank: string | null;
  @ApiProperty({ description: 'The amount lent' })
  disbursedAmountFen: number;
  @ApiProperty({ description: 'What was extended: the amount lent less the repayments recorded before the approval' })
  extendedFen: number;
  @ApiProperty({ description: "The maturity the extension replaced: the previous extension's, or the plan's own" })
  previousMaturityOn: string;
  @ApiProperty()
  newMaturityOn: string;
  @ApiProperty({ description: 'The company day of EXTENSION_APPROVE' })
  approvedOn: string;
}
