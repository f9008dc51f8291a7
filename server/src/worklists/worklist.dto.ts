import { ApiProperty } from '@nestjs/swagger';
import { EVENT_TYPES, STAGE_KEYS, WORKLIST_COLUMNS, WORKLIST_NAMES, type Label, type StatusLabels } from '@app/workflow';
import type { StateValue } from 'xstate';
import { ApiSharedProperty } from '../common/api-response';
import { LegalActionDto } from '../common/response.dto';

/**
 * The answers of the list endpoints (GET /server/worklists, /server/worklists/{name}, /server/loans),
 * described for the OpenAPI document: each is the `data` of the spec's envelope.
 */

export class WorklistDto {
  @ApiProperty({ enum: WORKLIST_NAMES, description: 'The route name of the list' })
  name: string;

  @ApiProperty({ enum: ['process', 'protectMiddle', 'protectAfter', 'statistics'] })
  group: string;

  @ApiProperty({ description: "The key that opens the list's route group (spec section 2)" })
  groupPermission: string;

  @ApiProperty({ description: "The list's own route key" })
  permission: string;

  @ApiProperty({ type: [String], description: 'Keys that open the list as well as `permission`' })
  alsoAccepted: string[];

  @ApiProperty({ type: [String], description: 'Machine state paths the list shows (ancestors cover their descendants)' })
  states: string[];

  @ApiProperty({ enum: EVENT_TYPES, isArray: true, description: 'The machine actions a row of the list may offer' })
  events: string[];

  @ApiProperty({ enum: WORKLIST_COLUMNS, isArray: true })
  columns: string[];

  @ApiSharedProperty('Label')
  label: Label;
}

/** One list's counts on the dashboard (GET /server/worklists/counts). */
export class WorklistCountDto {
  @ApiProperty({ enum: WORKLIST_NAMES, description: 'The route name of the list' })
  name: string;

  @ApiProperty({ enum: ['process', 'protectMiddle', 'protectAfter', 'statistics'] })
  group: string;

  @ApiSharedProperty('Label')
  label: Label;

  @ApiProperty({ description: "Loans in the list: exact when totalEstimated is false, else the planner's estimate" })
  total: number;

  @ApiProperty({ description: 'More than 10000 loans (total is an estimate above the bound)' })
  totalCapped: boolean;

  @ApiProperty({ description: "total is the planner's estimate (lists of more than 1000 loans), shown as about N" })
  totalEstimated: boolean;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: "Of them, loans standing where one of the list's actions held by the caller is accepted; null when the caller takes none of its actions",
  })
  todo: number | null;

  @ApiProperty({ description: 'More than 10000 loans wait (todo is an estimate above the bound)' })
  todoCapped: boolean;

  @ApiProperty({ description: "todo is the planner's estimate, shown as about N" })
  todoEstimated: boolean;
}

/** An officer as the lists show them. */
export class OfficerDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
}

export class RowWorkflowDto {
  @ApiProperty({ format: 'uuid' }) loanId: string;
  @ApiProperty() machineVersion: number;
  @ApiProperty({ description: 'Send as expectedVersion with the next event' }) version: number;
  @ApiProperty({ enum: STAGE_KEYS }) stage: string;
  @ApiSharedProperty('StateValue', { description: 'The machine\'s state value, e.g. {"preReview":"approved"}' })
  state: StateValue;
  @ApiSharedProperty('StatusLabels') statusLabels: StatusLabels;
  @ApiProperty({ type: [LegalActionDto], description: "The caller's legal actions now, narrowed to the list's events" }) legalActions: LegalActionDto[];
}

export class LoanRowDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) companyId: string;
  @ApiProperty() companyName: string;
  @ApiProperty() creditCode: string;
  @ApiProperty({ description: "The machine's current amount, yuan (two decimals at most)" }) amount: number;
  @ApiProperty() termMonths: number;
  @ApiProperty({ type: String, nullable: true }) bank: string | null;
  @ApiProperty({ type: String, nullable: true }) loanType: string | null;
  @ApiProperty({ type: OfficerDto, nullable: true }) aPostOfficer: OfficerDto | null;
  @ApiProperty({ type: OfficerDto, nullable: true }) bPostOfficer: OfficerDto | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'The day the bank lent (VOUCHER_CONFIRM); null before' })
  disbursedOn: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The amount the bank lent, in fen (VOUCHER_CONFIRM); null before' })
  disbursedAmountFen: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Days past due as the last close of business found them; null when not overdue' })
  daysPastDue: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The overdue bucket's key (e.g. D31_60) as the last close of business found it; null when not overdue",
  })
  overdueBucket: string | null;
  @ApiProperty({ description: 'The caller may soft-delete the loan now' }) deletable: boolean;
  @ApiProperty({ type: RowWorkflowDto }) workflow: RowWorkflowDto;
}

export class LoanPageDto {
  @ApiProperty({ type: [LoanRowDto] }) list: LoanRowDto[];
  @ApiProperty({ description: "Matches, exact up to 10000; beyond it the planner's estimate (see totalEstimated)" }) total: number;
  @ApiProperty({ description: 'More than 10000 loans match: total is not a count' }) totalCapped: boolean;
  @ApiProperty({ description: 'total is an estimate (shown as "about N"), not an exact count' }) totalEstimated: boolean;
  @ApiProperty() pageNum: number;
  @ApiProperty() pageSize: number;
  @ApiProperty({ type: String, nullable: true, description: 'Send as `cursor` (same filters and sort) for the next page; null on the last page' })
  nextCursor: string | null;
}
