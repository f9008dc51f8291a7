import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { STAGE_KEYS, type StageKey } from '@app/workflow';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsNumber, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQuery } from '../common/paging.dto';

export class CreateLoanDto {
  @ApiProperty()
  @IsUUID()
  companyId: string;

  @ApiProperty({ description: 'Loan amount in yuan (two decimals at most)' })
  @Type(() => Number)
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(0.01)
  @Max(1e13)
  amount: number;

  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(360)
  termMonths: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  bank?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  loanType?: string;

  @ApiPropertyOptional({ description: 'Defaults to the caller' })
  @IsOptional()
  @IsUUID()
  aPostOfficerId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsUUID()
  bPostOfficerId?: string;
}

// ---------------------------------------------------------------------------------------------
// Lists of loans: the loan list and the stage lists of the meeting flow share these filters.

export const LOAN_SORTS = ['createdAt', 'amount', 'companyName', 'updatedAt', 'disbursedOn', 'disbursedAmount', 'daysPastDue'] as const;
export type LoanSort = (typeof LOAN_SORTS)[number];

const optionalTrimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value));
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Text filters reach SQL: no control characters (PostgreSQL refuses NUL in text). */
// eslint-disable-next-line no-control-regex
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

/** Filters of every loan list (a worklist fixes the states itself). */
export class LoanFilterQuery extends PageQuery {
  @ApiPropertyOptional()
  @optionalTrimmed()
  @IsOptional()
  @IsUUID()
  companyId?: string;

  @ApiPropertyOptional({ description: 'Part of the company name' })
  @optionalTrimmed()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(NO_CONTROL_CHARACTERS)
  companyName?: string;

  @ApiPropertyOptional({ description: 'A status key of spec section 4, e.g. SUBMITTED, WAIT_EXAMINE' })
  @optionalTrimmed()
  @IsOptional()
  @IsString()
  @Matches(/^[A-Z_]{2,40}$/)
  status?: string;

  @ApiPropertyOptional({ description: "Lowest current amount (the machine's context), yuan" })
  @IsOptional()
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1e13)
  amountMin?: number;

  @ApiPropertyOptional({ description: 'Highest current amount, yuan' })
  @IsOptional()
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1e13)
  amountMax?: number;

  @ApiPropertyOptional({ description: 'Created on or after this day (YYYY-MM-DD, a day in the company time zone, COMPANY_TIME_ZONE)' })
  @optionalTrimmed()
  @IsOptional()
  @Matches(DAY)
  @IsISO8601({ strict: true })
  createdFrom?: string;

  @ApiPropertyOptional({ description: 'Created on or before this day (YYYY-MM-DD, a day in the company time zone, COMPANY_TIME_ZONE)' })
  @optionalTrimmed()
  @IsOptional()
  @Matches(DAY)
  @IsISO8601({ strict: true })
  createdTo?: string;

  @ApiPropertyOptional()
  @optionalTrimmed()
  @IsOptional()
  @IsUUID()
  aPostOfficerId?: string;

  @ApiPropertyOptional()
  @optionalTrimmed()
  @IsOptional()
  @IsUUID()
  bPostOfficerId?: string;

  @ApiPropertyOptional({ description: 'Only loans in this overdue bucket (its key, e.g. D31_60) as the last close of business found them' })
  @optionalTrimmed()
  @IsOptional()
  @Matches(/^[A-Za-z0-9_]{1,30}$/)
  overdueBucket?: string;

  @ApiPropertyOptional({ description: 'Only loans at least this many days past due (as the last close of business found them)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(36500)
  daysPastDueMin?: number;

  @ApiPropertyOptional({ enum: LOAN_SORTS })
  @IsOptional()
  @IsIn(LOAN_SORTS)
  sort?: LoanSort;

  @ApiPropertyOptional({ enum: ['asc', 'desc'] })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';

  @ApiPropertyOptional({
    description:
      'Keyset paging: the `nextCursor` of the previous page (same filters and sort). When sent, `pageNum` is ignored and the page starts right after that row, as cheap at any depth as the first page',
    maxLength: 400,
  })
  @optionalTrimmed()
  @IsOptional()
  @IsString()
  @MaxLength(400)
  @Matches(/^[A-Za-z0-9_-]+$/)
  cursor?: string;
}

export class LoanListQuery extends LoanFilterQuery {
  @ApiPropertyOptional({ enum: STAGE_KEYS })
  @optionalTrimmed()
  @IsOptional()
  @IsIn(STAGE_KEYS)
  stage?: StageKey;
}

export const OFFICER_ROLES = ['A_POST', 'B_POST'] as const;
export type OfficerRole = (typeof OFFICER_ROLES)[number];

export class OfficerQuery {
  @ApiProperty({ enum: OFFICER_ROLES })
  @IsIn(OFFICER_ROLES)
  role: OfficerRole;
}
