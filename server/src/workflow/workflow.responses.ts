import { ApiProperty } from '@nestjs/swagger';
import { STAGE_KEYS } from '@app/workflow';
import type { FieldError, Label, PersistedSnapshot, StageKey, StatusLabel, StatusLabels } from '@app/workflow';
import type { StateValue } from 'xstate';
import { ApiSharedProperty } from '../common/api-response';
import { LegalActionDto } from '../common/response.dto';

/** A loan's state and what the caller may do now. */
export class WorkflowViewDto {
  @ApiProperty()
  loanId: string;
  @ApiProperty()
  machineVersion: number;
  @ApiProperty({ description: 'Optimistic-concurrency version: the number of events applied' })
  version: number;
  @ApiProperty({ enum: STAGE_KEYS })
  stage: StageKey;
  @ApiSharedProperty('StateValue')
  state: StateValue;
  @ApiSharedProperty('StatusLabels')
  statusLabels: StatusLabels;
  @ApiProperty({ type: [LegalActionDto] })
  legalActions: LegalActionDto[];
  @ApiSharedProperty('PersistedSnapshot')
  snapshot: PersistedSnapshot;
}

export class TimelineNodeDto {
  @ApiProperty({ enum: STAGE_KEYS })
  stage: StageKey;
  @ApiProperty({ type: String, nullable: true })
  code: string | null;
  @ApiSharedProperty('Label')
  label: Label;
  @ApiSharedProperty('StatusLabel')
  status: StatusLabel;
  @ApiProperty({ type: String, nullable: true })
  entered: string | null;
  @ApiProperty({ type: String, nullable: true })
  left: string | null;
  @ApiProperty({ type: String, nullable: true })
  actor: string | null;
  @ApiProperty({ type: String, nullable: true })
  actorName: string | null;
  @ApiProperty({ type: String, nullable: true })
  leftBy: string | null;
  @ApiProperty({ type: String, nullable: true })
  leftByName: string | null;
  @ApiProperty({ type: String, nullable: true })
  leftWith: string | null;
}

export class TimelineDto {
  @ApiProperty()
  loanId: string;
  @ApiProperty({ enum: STAGE_KEYS })
  stage: StageKey;
  @ApiProperty({ type: [TimelineNodeDto] })
  nodes: TimelineNodeDto[];
}

export class EventActorDto {
  @ApiProperty()
  id: string;
  @ApiProperty({ type: String, nullable: true })
  name: string | null;
}

export class HistoryEventDto {
  @ApiProperty()
  seq: number;
  @ApiProperty()
  type: string;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  payload: Record<string, unknown> | null;
  @ApiProperty({ type: EventActorDto })
  actor: EventActorDto;
  @ApiProperty()
  time: string;
  @ApiSharedProperty('StateValue')
  from: StateValue;
  @ApiSharedProperty('StateValue')
  to: StateValue;
  @ApiProperty()
  machineVersion: number;
  @ApiProperty()
  prevHash: string;
  @ApiProperty()
  hash: string;
}

export class VerifyDto {
  @ApiProperty()
  ok: boolean;
  @ApiProperty()
  checked: number;
  @ApiProperty({ type: Number, nullable: true })
  firstBadSeq: number | null;
  @ApiProperty({ type: String, nullable: true })
  reason: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The signed checkpoint the loan was compared with; null when none holds it yet' })
  checkpointId: string | null;
}

export class HistoryAtDto {
  @ApiProperty()
  loanId: string;
  @ApiProperty()
  seq: number;
  @ApiProperty({ enum: STAGE_KEYS })
  stage: StageKey;
  @ApiSharedProperty('StateValue')
  state: StateValue;
  @ApiSharedProperty('StatusLabels')
  statusLabels: StatusLabels;
  @ApiProperty({ type: 'object', additionalProperties: true })
  context: Record<string, unknown>;
}

/** What a refused event carries in `data` (400 A03005, 409 A03001, 409 A03002). */
export class EventFailureDto {
  @ApiSharedProperty('FieldError', { isArray: true, required: false })
  fieldErrors?: FieldError[];
  @ApiProperty({ type: [LegalActionDto], required: false })
  legalActions?: LegalActionDto[];
  @ApiProperty({ required: false })
  version?: number;
}
