import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';

export class OverdueBucketLabelDto {
  @ApiProperty()
  @IsString()
  @MaxLength(40)
  zh: string;

  @ApiProperty()
  @IsString()
  @MaxLength(60)
  en: string;
}

export class OverdueBucketDto {
  @ApiProperty({ example: 'D1_30', description: 'Letters, digits and underscores' })
  @Matches(/^[A-Za-z0-9_]{1,30}$/)
  key: string;

  @ApiProperty({ description: 'First day past due of the bucket (the first bucket: 1)' })
  @IsInt()
  @Min(1)
  @Max(36500)
  fromDay: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Last day (inclusive); null: open (the last bucket only)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(36500)
  toDay: number | null;

  @ApiProperty({ type: OverdueBucketLabelDto })
  @ValidateNested()
  @Type(() => OverdueBucketLabelDto)
  label: OverdueBucketLabelDto;
}

export class OverdueBucketsInputDto {
  @ApiProperty({ type: [OverdueBucketDto], description: 'From day 1, each from the day after the one before, the last open' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => OverdueBucketDto)
  buckets: OverdueBucketDto[];
}

export class OverdueBucketsDto {
  @ApiProperty({ type: [OverdueBucketDto] })
  buckets: OverdueBucketDto[];
  @ApiProperty({ description: 'false: the default buckets (never set by an administrator)' })
  custom: boolean;
  @ApiProperty({ type: String, nullable: true })
  changedByName: string | null;
  @ApiProperty({ type: String, nullable: true })
  changedAt: string | null;
}

export class CloseOfBusinessStepDto {
  @ApiProperty({ enum: ['overdue', 'notify', 'snapshot'] })
  step: string;
  @ApiProperty({ description: 'Its place in the run (1 first)' })
  position: number;
  @ApiProperty()
  startedAt: string;
  @ApiProperty({ type: String, nullable: true, description: 'null: started and not finished (redone on the next start)' })
  finishedAt: string | null;
  @ApiProperty({ type: Number, nullable: true })
  durationMs: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Rows the step wrote (changed loans, messages, snapshots)' })
  rowsTouched: number | null;
  @ApiProperty({ description: 'How many times the step was started' })
  attempts: number;
}

export class CloseOfBusinessRunDto {
  @ApiProperty({ example: '2026-11-28', description: 'The company day closed' })
  day: string;
  @ApiProperty()
  startedAt: string;
  @ApiProperty({ type: String, nullable: true })
  finishedAt: string | null;
  @ApiProperty({ description: 'Starts of the run (more than one: resumed after a worker stopped)' })
  attempts: number;
  @ApiProperty({ type: [CloseOfBusinessStepDto] })
  steps: CloseOfBusinessStepDto[];
}

export class CloseOfBusinessDto {
  @ApiProperty({ type: [CloseOfBusinessRunDto], description: 'The latest runs, newest first' })
  runs: CloseOfBusinessRunDto[];
  @ApiProperty({ example: '30 0 * * *', description: 'When the scheduler fires (cron, company time zone)' })
  schedule: string;
  @ApiProperty({ example: 'Asia/Shanghai' })
  timeZone: string;
}

export class CloseOfBusinessQueryDto {
  @ApiPropertyOptional({ description: 'How many runs (1-100, default 30)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

export class OverdueBucketCountDto {
  @ApiProperty({ example: 'D31_60' })
  key: string;
  @ApiProperty()
  zh: string;
  @ApiProperty()
  en: string;
  @ApiProperty({ description: 'Loans after guarantee in the bucket, as the last close of business found them' })
  count: number;
}

export class OverdueBucketCountsDto {
  @ApiProperty({ type: [OverdueBucketCountDto], description: 'Every bucket in force, in order (zero when empty)' })
  buckets: OverdueBucketCountDto[];
  @ApiProperty({ description: 'Loans after guarantee overdue in all' })
  total: number;
  @ApiProperty({ type: String, nullable: true, description: 'The last company day closed (null: never)' })
  asOf: string | null;
}
