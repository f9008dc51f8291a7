import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { STAGE_KEYS } from '@app/workflow';
import { OptionalCalendarDay } from '../common/validation';
import { TRAIL_ACTIONS } from './operations.repository';

const optionalTrimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value));

export const BATCH_ACTIONS = ['MOVE', 'RETRY', 'RESEND_TODOS', 'RECLASSIFY'] as const;
export type BatchAction = (typeof BATCH_ACTIONS)[number];
export const BATCH_LIMIT = 20_000;

export class StuckQuery {
  @ApiPropertyOptional({ enum: STAGE_KEYS })
  @optionalTrimmed()
  @IsOptional()
  @IsIn(STAGE_KEYS)
  stage?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  pageSize?: number;

  @ApiPropertyOptional({ description: 'The nextCursor of the previous page', maxLength: 200 })
  @optionalTrimmed()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(/^[A-Za-z0-9_-]+$/)
  cursor?: string;
}

export class TrailQuery {
  @ApiPropertyOptional({ enum: TRAIL_ACTIONS })
  @optionalTrimmed()
  @IsOptional()
  @IsIn(TRAIL_ACTIONS)
  action?: string;

  @ApiPropertyOptional()
  @optionalTrimmed()
  @IsOptional()
  @IsUUID()
  loanId?: string;

  @ApiPropertyOptional()
  @optionalTrimmed()
  @IsOptional()
  @IsUUID()
  actorId?: string;

  @ApiPropertyOptional({ description: 'YYYY-MM-DD' })
  @OptionalCalendarDay()
  from?: string;

  @ApiPropertyOptional({ description: 'YYYY-MM-DD' })
  @OptionalCalendarDay()
  to?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 200, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  pageSize?: number;

  @ApiPropertyOptional({ description: 'The last id of the previous page (newest first)' })
  @optionalTrimmed()
  @IsOptional()
  @Matches(/^\d{1,18}$/)
  beforeId?: string;
}

export class FailedWorkQuery {
  @ApiPropertyOptional()
  @optionalTrimmed()
  @IsOptional()
  @IsUUID()
  loanId?: string;
}

export class RetryDto {
  @ApiProperty({ enum: ['OUTBOX', 'JOB'] })
  @IsIn(['OUTBOX', 'JOB'])
  kind!: 'OUTBOX' | 'JOB';

  @ApiProperty({ description: 'The outbox row id, or queue:jobId for a job', maxLength: 200 })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  id!: string;

  @ApiProperty({ maxLength: 500 })
  @IsString()
  @Matches(/\S/)
  @MaxLength(500)
  reason!: string;
}

export class LimitDto {
  @ApiProperty({ enum: STAGE_KEYS })
  @IsIn(STAGE_KEYS)
  stage!: string;

  @ApiPropertyOptional({ description: 'Hours; null: back to the default of the stage', minimum: 1, maximum: 87600, nullable: true })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(87600)
  hours?: number | null;

  @ApiProperty({ maxLength: 500 })
  @IsString()
  @Matches(/\S/)
  @MaxLength(500)
  reason!: string;
}

export class BatchFilterDto {
  @ApiPropertyOptional({ enum: STAGE_KEYS })
  @IsOptional()
  @IsIn(STAGE_KEYS)
  stage?: string;

  @ApiPropertyOptional({ description: 'No event for longer than this many hours', minimum: 1 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(87600)
  olderThanHours?: number;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  bank?: string;

  @ApiPropertyOptional({ description: "The loan's A-post or B-post officer" })
  @IsOptional()
  @IsUUID()
  officerId?: string;
}

export class BatchDto {
  @ApiProperty({ enum: BATCH_ACTIONS })
  @IsIn(BATCH_ACTIONS)
  action!: BatchAction;

  @ApiProperty({ maxLength: 500 })
  @IsString()
  @Matches(/\S/)
  @MaxLength(500)
  reason!: string;

  @ApiPropertyOptional({ description: 'MOVE: the target state value (a key, or an object of keys)', type: 'object', additionalProperties: true })
  @IsOptional()
  target?: unknown;

  @ApiPropertyOptional({ description: 'Loans picked by hand', type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(BATCH_LIMIT)
  @IsUUID('all', { each: true })
  loanIds?: string[];

  @ApiPropertyOptional({ type: BatchFilterDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => BatchFilterDto)
  filter?: BatchFilterDto;
}

export class BatchItemsQuery {
  @ApiPropertyOptional({ enum: ['APPLIED', 'REFUSED', 'SKIPPED', 'PENDING'] })
  @optionalTrimmed()
  @IsOptional()
  @IsIn(['APPLIED', 'REFUSED', 'SKIPPED', 'PENDING'])
  outcome?: string;

  @ApiPropertyOptional({ description: 'Items after this position' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  after?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 500, default: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  pageSize?: number;
}

export class CancelDto {
  @ApiProperty({ maxLength: 500 })
  @IsString()
  @Matches(/\S/)
  @MaxLength(500)
  reason!: string;
}
