import { ApiProperty } from '@nestjs/swagger';
import type { Label, StatusLabels } from '@app/workflow';
import type { StateValue } from 'xstate';
import { ApiSharedProperty } from '../common/api-response';
import { TRAIL_ACTIONS } from './operations.repository';

// The operations console's answers (operations.service.ts makes them).

export class AccountRefDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty()
  username: string;
  @ApiProperty({ type: String, nullable: true })
  nickname: string | null;
}

export class StuckLastEventDto {
  @ApiProperty()
  type: string;
  @ApiSharedProperty('Label', { nullable: true })
  label: Label | null;
  @ApiProperty({ format: 'uuid' })
  actorId: string;
  @ApiProperty({ type: String, nullable: true })
  actorName: string | null;
  @ApiProperty({ type: String, format: 'date-time' })
  at: Date;
}

export class StuckRowDto {
  @ApiProperty({ format: 'uuid' })
  loanId: string;
  @ApiProperty()
  company: string;
  @ApiProperty({ type: String, nullable: true })
  bank: string | null;
  @ApiProperty()
  stage: string;
  @ApiSharedProperty('Label')
  stageLabel: Label;
  @ApiSharedProperty('StateValue')
  state: StateValue;
  @ApiSharedProperty('StatusLabels')
  statusLabels: StatusLabels;
  @ApiProperty({ description: 'The instance’s version (the number of its events): a move names it as expectedVersion' })
  version: number;
  @ApiProperty({ type: String, format: 'date-time', description: 'Its last event (or creation)' })
  since: Date;
  @ApiProperty({ description: 'Whole hours since then' })
  hoursStanding: number;
  @ApiProperty({ description: 'The stage’s limit in hours' })
  limitHours: number;
  @ApiProperty({ type: StuckLastEventDto, nullable: true })
  lastEvent: StuckLastEventDto | null;
  @ApiProperty({ type: [AccountRefDto], description: 'Active accounts (administrators aside) that can take an offered event now, guards included' })
  canAct: AccountRefDto[];
  @ApiProperty({ description: 'No active account holds the permission of any event offered in its state (listed first)' })
  unmovable: boolean;
}

export class StuckPageDto {
  @ApiProperty({ type: [StuckRowDto] })
  list: StuckRowDto[];
  @ApiProperty()
  pageSize: number;
  @ApiProperty({ type: String, nullable: true, description: 'The next page’s cursor; null on the last page' })
  nextCursor: string | null;
}

export class LimitRowDto {
  @ApiProperty()
  stage: string;
  @ApiSharedProperty('Label')
  label: Label;
  @ApiProperty()
  defaultHours: number;
  @ApiProperty({ description: 'The limit in force: the administrator’s, or the default' })
  hours: number;
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'Who set it; null on the default' })
  changedBy: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  changedAt: Date | null;
}

export class FailedWorkDto {
  @ApiProperty({ enum: ['OUTBOX', 'JOB'] })
  kind: 'OUTBOX' | 'JOB';
  @ApiProperty({ description: 'An outbox row’s id, or queue:job id' })
  id: string;
  @ApiProperty({ description: 'The outbox topic or the job’s name' })
  name: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' })
  loanId: string | null;
  @ApiProperty({ type: String, format: 'date-time' })
  at: Date;
  @ApiProperty()
  attempts: number;
  @ApiProperty({ type: String, nullable: true })
  error: string | null;
}

export class RetriedDto {
  @ApiProperty({ enum: ['OUTBOX', 'JOB'] })
  kind: string;
  @ApiProperty()
  id: string;
}

export class BatchRowDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ enum: ['MOVE', 'RETRY', 'RESEND_TODOS', 'RECLASSIFY'] })
  action: string;
  @ApiProperty()
  reason: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The action’s parameters (a move’s target)' })
  params: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'How the loans were picked: by hand or the filter' })
  selection: Record<string, unknown>;
  @ApiProperty({ enum: ['QUEUED', 'RUNNING', 'DONE', 'CANCELLED'] })
  status: string;
  @ApiProperty()
  total: number;
  @ApiProperty()
  applied: number;
  @ApiProperty()
  refused: number;
  @ApiProperty()
  skipped: number;
  @ApiProperty()
  cancelRequested: boolean;
  @ApiProperty({ format: 'uuid' })
  createdBy: string;
  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: Date;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  finishedAt: Date | null;
}

export class BatchItemDto {
  @ApiProperty()
  position: number;
  @ApiProperty({ format: 'uuid' })
  loanId: string;
  @ApiProperty()
  company: string;
  @ApiProperty({ type: String, nullable: true, enum: ['APPLIED', 'REFUSED', 'SKIPPED'], description: 'null until the item has run' })
  outcome: string | null;
  @ApiProperty({
    type: 'object',
    nullable: true,
    additionalProperties: true,
    description: 'Why, in both languages (zh, en, code) when refused or skipped; what was done when applied (count)',
  })
  message: unknown;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  doneAt: Date | null;
}

export class BatchItemsPageDto {
  @ApiProperty({ type: [BatchItemDto] })
  list: BatchItemDto[];
  @ApiProperty({ type: Number, nullable: true, description: 'The next page’s `after`; null on the last page' })
  next: number | null;
}

export class TrailRowDto {
  @ApiProperty()
  id: string;
  @ApiProperty({ type: String, format: 'date-time' })
  at: Date;
  @ApiProperty({ format: 'uuid' })
  actorId: string;
  @ApiProperty({ type: String, nullable: true })
  actorName: string | null;
  @ApiProperty({ enum: TRAIL_ACTIONS })
  action: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' })
  loanId: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' })
  batchId: string | null;
  @ApiProperty()
  reason: string;
  @ApiProperty({ nullable: true, description: 'What it was (JSON)' })
  before: unknown;
  @ApiProperty({ nullable: true, description: 'What it became (JSON)' })
  after: unknown;
  @ApiProperty({ nullable: true, description: 'More of what was done (JSON)' })
  detail: unknown;
}

export class TrailPageDto {
  @ApiProperty({ type: [TrailRowDto] })
  list: TrailRowDto[];
  @ApiProperty()
  pageSize: number;
  @ApiProperty({ type: String, nullable: true, description: 'The next page’s beforeId; null on the last page' })
  nextBeforeId: string | null;
}
