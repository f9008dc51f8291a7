import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { STAGE_KEYS, WORKLIST_NAMES, type Label, type StageKey } from '@app/workflow';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { ApiSharedProperty } from '../common/api-response';
import { PageQuery } from '../common/paging.dto';
import { IsCalendarDay, OptionalCalendarDay } from '../common/validation';
import { LOAN_SORTS, type LoanSort } from '../loans/loan.dto';

const optionalTrimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value));
// eslint-disable-next-line no-control-regex
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

/**
 * The period of every statistic: company calendar days, both included. Without `end`: today; without
 * `start`: the first day of the end's year. A start after the end is refused (400, A11201).
 */
export class PeriodQuery {
  @ApiPropertyOptional({ description: 'First day (YYYY-MM-DD, company time zone); default: 1 January of the end day' })
  @OptionalCalendarDay()
  start?: string;

  @ApiPropertyOptional({ description: 'Last day, included (YYYY-MM-DD, company time zone); default: today' })
  @OptionalCalendarDay()
  end?: string;
}

/** The loans of one product (loan type) in a period (amountDataList). */
export class TypeLoansQuery extends PeriodQuery {
  @ApiPropertyOptional({ description: "The loan type's name as loans hold it; absent: the loans without a type" })
  @optionalTrimmed()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(NO_CONTROL_CHARACTERS)
  typeName?: string;
}

/** All projects (projectList): the period stands for the creation days; the chart counts the same rows. */
export class ProjectsQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'First creation day (YYYY-MM-DD); default: 1 January of the end day' })
  @OptionalCalendarDay()
  start?: string;

  @ApiPropertyOptional({ description: 'Last creation day, included; default: today' })
  @OptionalCalendarDay()
  end?: string;

  @ApiPropertyOptional({ description: 'Part of the company name' })
  @optionalTrimmed()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(NO_CONTROL_CHARACTERS)
  companyName?: string;

  @ApiPropertyOptional({ enum: STAGE_KEYS })
  @optionalTrimmed()
  @IsOptional()
  @IsIn(STAGE_KEYS)
  stage?: StageKey;

  @ApiPropertyOptional()
  @optionalTrimmed()
  @IsOptional()
  @IsUUID()
  aPostOfficerId?: string;

  @ApiPropertyOptional({ enum: LOAN_SORTS })
  @IsOptional()
  @IsIn(LOAN_SORTS)
  sort?: LoanSort;

  @ApiPropertyOptional({ enum: ['asc', 'desc'] })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}

export class PeriodDto {
  @ApiProperty({ example: '2026-01-01' })
  start: string;

  @ApiProperty({ example: '2026-11-24' })
  end: string;
}

/** Opening balance + added - released = closing balance (server/src/statistics/README.md). All in fen. */
export class ReconciliationDto {
  @ApiProperty({ description: 'Guarantee balance in force at the end of the day before the start, fen' })
  openingFen: number;

  @ApiProperty({ description: 'Amounts disbursed in the period (VOUCHER_CONFIRM day), fen' })
  addedFen: number;

  @ApiProperty({ description: 'Amounts released in the period (repayments, the settling one releases the rest), fen' })
  releasedFen: number;

  @ApiProperty({ description: 'Guarantee balance in force at the end of the last day, fen' })
  closingFen: number;

  @ApiProperty({ description: 'Loans disbursed in the period' })
  disbursedLoans: number;

  @ApiProperty({ description: 'Loans fully released (settled) in the period' })
  settledLoans: number;

  @ApiProperty({ description: 'opening + added - released equals closing (computed apart)' })
  balanced: boolean;
}

export class StageCountDto {
  @ApiProperty({ enum: STAGE_KEYS })
  stage: string;

  @ApiSharedProperty('Label')
  label: Label;

  @ApiProperty({ description: 'Loans created in the period standing in the stage now' })
  count: number;

  @ApiProperty({ description: 'Their current guarantee amounts, fen' })
  amountFen: number;
}

export class ListCountDto {
  @ApiProperty({ enum: WORKLIST_NAMES, description: 'The drill-down worklist (GET /server/worklists/{name} with createdFrom/createdTo = the period)' })
  name: string;

  @ApiSharedProperty('Label')
  label: Label;

  @ApiProperty()
  count: number;

  @ApiProperty({ description: 'fen' })
  amountFen: number;
}

export class OverviewDto {
  @ApiProperty({ type: PeriodDto })
  period: PeriodDto;

  @ApiProperty({ type: ReconciliationDto })
  reconciliation: ReconciliationDto;

  @ApiProperty({ type: [StageCountDto] })
  stages: StageCountDto[];

  @ApiProperty({ type: [ListCountDto] })
  lists: ListCountDto[];
}

export class ProjectsSummaryDto {
  @ApiProperty({ type: PeriodDto })
  period: PeriodDto;

  @ApiProperty({ type: [StageCountDto] })
  stages: StageCountDto[];
}

/** One group of a by-dimension statistic (product, bank, region, person); the money reconciles per row. */
export class GroupRowDto {
  @ApiProperty({ description: "The group's key: loan type name, bank name, district key, officer id ('' when not given)" })
  key: string;

  @ApiProperty({ description: "The group's name in the request's language" })
  name: string;

  @ApiProperty({ type: String, nullable: true, description: 'Loan type id (product), GB/T 2260 code (region); else null' })
  code: string | null;

  @ApiProperty({ description: 'Loans created in the period' })
  projects: number;

  @ApiProperty({ description: 'Their current guarantee amounts, fen' })
  appliedFen: number;

  @ApiProperty({ description: 'Loans disbursed in the period' })
  disbursedLoans: number;

  @ApiProperty()
  openingFen: number;

  @ApiProperty()
  addedFen: number;

  @ApiProperty()
  releasedFen: number;

  @ApiProperty()
  closingFen: number;
}

export class GroupStatsDto {
  @ApiProperty({ type: PeriodDto })
  period: PeriodDto;

  @ApiProperty({ type: [GroupRowDto] })
  rows: GroupRowDto[];

  @ApiProperty({ type: GroupRowDto, description: 'The sum of the rows (key "", name 合计/Total)' })
  total: GroupRowDto;
}

/** One loan of a product in the period (amountDataList): its share of the row. */
export class TypeLoanRowDto {
  @ApiProperty()
  loanId: string;

  @ApiProperty()
  companyName: string;

  @ApiProperty({ type: String, nullable: true })
  bank: string | null;

  @ApiProperty({ type: String, nullable: true })
  aPostOfficer: string | null;

  @ApiProperty()
  createdAt: string;

  @ApiSharedProperty('Label')
  stage: Label;

  @ApiProperty({ description: 'Current guarantee amount, fen' })
  amountFen: number;

  @ApiProperty({ type: String, nullable: true })
  disbursedOn: string | null;

  @ApiProperty()
  openingFen: number;

  @ApiProperty()
  addedFen: number;

  @ApiProperty()
  releasedFen: number;

  @ApiProperty()
  closingFen: number;
}

export class TypeLoansDto {
  @ApiProperty({ type: PeriodDto })
  period: PeriodDto;

  @ApiProperty({ type: String, nullable: true })
  typeId: string | null;

  @ApiProperty()
  typeName: string;

  @ApiProperty({ type: [TypeLoanRowDto] })
  rows: TypeLoanRowDto[];

  @ApiProperty({ type: GroupRowDto })
  total: GroupRowDto;
}

/** The two days of the classification migration matrix: company days, `from` not after `to`. */
export class ClassificationMigrationQuery {
  @ApiProperty({ description: "The first day (YYYY-MM-DD, company time zone): each loan's classification at its end", example: '2026-01-01' })
  @IsCalendarDay()
  from: string;

  @ApiProperty({ description: "The second day, not before `from`: each loan's classification at its end", example: '2026-11-28' })
  @IsCalendarDay()
  to: string;
}

/** The classes of the matrix, in its order: the five levels, then the loans never classified. */
export const MIGRATION_CLASSES = ['NORMAL', 'SPECIAL_MENTION', 'SUBSTANDARD', 'DOUBTFUL', 'LOSS', 'UNCLASSIFIED'] as const;
export type MigrationClass = (typeof MIGRATION_CLASSES)[number];

/** One cell (or total) of the matrix: its loans and their guaranteed balances at the end of each day, fen. */
export class MigrationCellDto {
  @ApiProperty({ description: 'Loans' })
  loans: number;

  @ApiProperty({ description: 'Their guaranteed balance at the end of `from`, fen' })
  fromBalanceFen: number;

  @ApiProperty({ description: 'Their guaranteed balance at the end of `to`, fen' })
  toBalanceFen: number;
}

export class MigrationClassDto {
  @ApiProperty({ enum: MIGRATION_CLASSES })
  key: MigrationClass;

  @ApiSharedProperty('Label')
  label: Label;
}

/** One row of the matrix: the loans of one classification at `from`, by their classification at `to`. */
export class MigrationRowDto {
  @ApiProperty({ enum: MIGRATION_CLASSES })
  from: MigrationClass;

  @ApiProperty({ type: [MigrationCellDto], description: 'One cell per class at `to`, in the order of `classes`' })
  cells: MigrationCellDto[];

  @ApiProperty({ type: MigrationCellDto, description: 'The sum of the row' })
  total: MigrationCellDto;
}

export class ClassificationMigrationDto {
  @ApiProperty({ example: '2026-01-01' })
  from: string;

  @ApiProperty({ example: '2026-11-28' })
  to: string;

  @ApiProperty({ type: [MigrationClassDto], description: "The rows' and the columns' order" })
  classes: MigrationClassDto[];

  @ApiProperty({ type: [MigrationRowDto], description: 'One row per class at `from`, in the order of `classes`' })
  rows: MigrationRowDto[];

  @ApiProperty({ type: [MigrationCellDto], description: 'The sum of each column (one per class at `to`)' })
  columnTotals: MigrationCellDto[];

  @ApiProperty({ type: MigrationCellDto, description: 'Every loan of the matrix' })
  total: MigrationCellDto;

  @ApiProperty({ description: "The rows' totals and the columns' totals both add up to the total (computed apart)" })
  balanced: boolean;
}
