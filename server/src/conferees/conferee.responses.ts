import { ApiProperty } from '@nestjs/swagger';
import { VOTING_MEETING_KINDS, type VotingMeetingKind } from '@app/workflow';

export class ConfereeRowDto {
  @ApiProperty()
  userId: string;
  @ApiProperty()
  username: string;
  @ApiProperty()
  nickname: string;
  @ApiProperty()
  userDisabled: boolean;
  @ApiProperty({ enum: VOTING_MEETING_KINDS, isArray: true })
  meetingKinds: VotingMeetingKind[];
  @ApiProperty()
  active: boolean;
  @ApiProperty()
  meetingCount: number;
  @ApiProperty({ type: String, nullable: true })
  createdByName: string | null;
  @ApiProperty()
  createdAt: string;
  @ApiProperty()
  updatedAt: string;
}

export class ConfereesAddedDto {
  @ApiProperty()
  added: number;
}

export class ConfereeChangedDto {
  @ApiProperty()
  userId: string;
  @ApiProperty({ enum: VOTING_MEETING_KINDS, isArray: true })
  meetingKinds: VotingMeetingKind[];
  @ApiProperty()
  active: boolean;
}

export class ConfereeRemovedDto {
  @ApiProperty()
  userId: string;
  @ApiProperty()
  deleted: boolean;
}
