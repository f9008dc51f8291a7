import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ALLOCATION_BATCH_MAX, MEETING_ATTENDEES_MAX, MEETING_PLACE_MAX, MEETING_STATUSES, MEETING_TITLE_MAX, type MeetingStatus } from '@app/workflow';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PageQuery } from '../common/paging.dto';
import { IsCalendarDay } from '../common/validation';
import { ApiSharedProperty } from '../common/api-response';

export class MeetingListQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the title' })
  @IsOptional()
  @IsString()
  @MaxLength(MEETING_TITLE_MAX)
  title?: string;

  @ApiPropertyOptional({ enum: MEETING_STATUSES })
  @IsOptional()
  @IsIn(MEETING_STATUSES)
  status?: MeetingStatus;

  @ApiPropertyOptional({ description: 'Held on or after this day (YYYY-MM-DD, a day in the company time zone, COMPANY_TIME_ZONE)' })
  @IsOptional()
  @IsCalendarDay()
  from?: string;

  @ApiPropertyOptional({ description: 'Held on or before this day (YYYY-MM-DD, a day in the company time zone, COMPANY_TIME_ZONE)' })
  @IsOptional()
  @IsCalendarDay()
  to?: string;

  @ApiPropertyOptional({ enum: ['heldAt', 'title', 'status', 'createdAt'] })
  @IsOptional()
  @IsIn(['heldAt', 'title', 'status', 'createdAt'])
  sort?: 'heldAt' | 'title' | 'status' | 'createdAt';

  @ApiPropertyOptional({ enum: ['asc', 'desc'] })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}

export class CreateMeetingDto {
  @ApiProperty({ maxLength: MEETING_TITLE_MAX })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MEETING_TITLE_MAX)
  title: string;

  @ApiProperty({ description: 'ISO-8601 time with a zone, e.g. 2026-11-21T09:30:00+08:00' })
  @IsString()
  @IsNotEmpty()
  heldAt: string;

  @ApiProperty({ maxLength: MEETING_PLACE_MAX })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MEETING_PLACE_MAX)
  place: string;

  @ApiProperty({ description: 'User ids from the attendee pool of this meeting kind' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MEETING_ATTENDEES_MAX)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  attendeeIds: string[];

  @ApiSharedProperty('VoteRule', { required: false, description: "Vote rule; omitted: the kind's default (DEFAULT_VOTE_RULES)" })
  @IsOptional()
  @IsObject()
  rule?: Record<string, unknown>;
}

export class AllocateDto {
  @ApiProperty({ description: 'Loans to put on the agenda, all or none' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(ALLOCATION_BATCH_MAX)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  loanIds: string[];
}

export class CandidateQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the company name' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  company?: string;
}

export class MinutesExportQuery {
  @ApiPropertyOptional({ enum: ['docx', 'xlsx'], default: 'docx' })
  @IsOptional()
  @IsIn(['docx', 'xlsx'])
  format?: 'docx' | 'xlsx';
}

export class SessionListQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'From this day (YYYY-MM-DD)' })
  @IsOptional()
  @IsCalendarDay()
  from?: string;

  @ApiPropertyOptional({ description: 'To this day (YYYY-MM-DD)' })
  @IsOptional()
  @IsCalendarDay()
  to?: string;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], description: 'By day; newest first by default' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}

export class VoteListQuery extends PageQuery {
  @ApiPropertyOptional({ enum: ['START', 'END'], description: 'In progress or ended; both by default' })
  @IsOptional()
  @IsIn(['START', 'END'])
  status?: 'START' | 'END';

  @ApiPropertyOptional({ description: 'Part of the company name' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  company?: string;
}
