import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MAX_INT4 } from '../common/input-guard';

export class ApplyEventDto {
  @ApiProperty({ description: 'An event type of the machine, e.g. SUBMIT_MATERIALS' })
  @IsString()
  @Matches(/^[A-Z][A-Z0-9_]{1,59}$/)
  type: string;

  @ApiPropertyOptional({ description: "The event's own fields (reason, amount, opinion…)" })
  @IsOptional()
  @IsObject()
  payload?: Record<string, unknown>;

  @ApiProperty({ description: 'The workflow version the client saw; a stale one answers 409' })
  @IsDefined()
  @IsInt()
  @Min(0)
  @Max(MAX_INT4)
  expectedVersion: number;
}

export class IdempotencyKeyHeader {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  key?: string;
}

export interface LegalActionView {
  type: string;
  permission: string;
  label: { zh: string; en: string } | string;
  /** For a step that stands on a document (workflow EVENT_EVIDENCE). */
  document?: { kind: string; upload: string; present: boolean };
}

export interface WorkflowView {
  loanId: string;
  machineVersion: number;
  version: number;
  stage: string;
  state: unknown;
  statusLabels: unknown;
  legalActions: LegalActionView[];
  snapshot: unknown;
}
