import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { VOTING_MEETING_KINDS, type VotingMeetingKind } from '@app/workflow';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PageQuery } from '../common/paging.dto';

/** Query strings carry 'true' / 'false'; anything else stays as it is and fails IsBoolean. */
const toBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

export class ConfereeListQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the user name or nickname' })
  @IsOptional()
  @IsString()
  @MaxLength(30)
  keyword?: string;

  @ApiPropertyOptional({ enum: VOTING_MEETING_KINDS })
  @IsOptional()
  @IsIn(VOTING_MEETING_KINDS)
  kind?: VotingMeetingKind;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ enum: ['username', 'nickname', 'createdAt'] })
  @IsOptional()
  @IsIn(['username', 'nickname', 'createdAt'])
  sort?: 'username' | 'nickname' | 'createdAt';

  @ApiPropertyOptional({ enum: ['asc', 'desc'] })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}

export class ConfereeUserQuery {
  @ApiPropertyOptional({ description: 'Part of the user name or nickname' })
  @IsOptional()
  @IsString()
  @MaxLength(30)
  keyword?: string;
}

export class AddConfereesDto {
  @ApiProperty({ description: 'Users to add to the pool' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  userIds: string[];

  @ApiProperty({ enum: VOTING_MEETING_KINDS, isArray: true })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @IsIn(VOTING_MEETING_KINDS, { each: true })
  meetingKinds: VotingMeetingKind[];
}

export class ManageConfereeDto {
  @ApiPropertyOptional({ enum: VOTING_MEETING_KINDS, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @IsIn(VOTING_MEETING_KINDS, { each: true })
  meetingKinds?: VotingMeetingKind[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  active?: boolean;
}
