import { ApiProperty } from '@nestjs/swagger';
import { MEETING_STATUSES, MEETING_STEPS, VOTE_OPINIONS, VOTING_MEETING_KINDS } from '@app/workflow';
import type {
  Label,
  MeetingStatus,
  MeetingStep,
  StatusLabel,
  StatusLabels,
  VoteCounts,
  VoteOpinion,
  VoteResult,
  VoteRule,
  VotingMeetingKind,
} from '@app/workflow';
import { StoredFileDto } from '../archives/archive.responses';
import { ApiSharedProperty } from '../common/api-response';
import { LegalActionDto, PersonDto, StageLabelDto } from '../common/response.dto';

export class MeetingBaseDto {
  @ApiProperty()
  id: string;
  @ApiProperty({ enum: VOTING_MEETING_KINDS })
  kind: VotingMeetingKind;
  @ApiProperty()
  title: string;
  @ApiProperty()
  heldAt: string;
  @ApiProperty()
  place: string;
  @ApiProperty({ enum: MEETING_STATUSES })
  status: MeetingStatus;
  @ApiSharedProperty('VoteRule')
  rule: VoteRule;
  @ApiProperty({ type: String, nullable: true })
  createdBy: string | null;
  @ApiProperty({ type: String, nullable: true })
  createdByName: string | null;
  @ApiProperty()
  createdAt: string;
  @ApiProperty({ type: String, nullable: true })
  startedAt: string | null;
  @ApiProperty({ type: String, nullable: true })
  endedAt: string | null;
  @ApiProperty({ type: String, nullable: true })
  cancelledAt: string | null;
}

export class MeetingRowDto extends MeetingBaseDto {
  @ApiProperty()
  attendeeCount: number;
  @ApiProperty({ description: 'Comma-separated names' })
  attendeeNames: string;
  @ApiProperty()
  loanCount: number;
  @ApiProperty()
  minutesCount: number;
  @ApiProperty({ enum: MEETING_STEPS, isArray: true, description: 'The steps the caller may take on the meeting now' })
  steps: MeetingStep[];
}

export class MeetingOutcomeDto {
  @ApiProperty({ enum: ['PASSED', 'FAIL', 'PENGING_RESOLUTION'] })
  result: VoteResult;
  @ApiProperty({ enum: ['TALLY', 'RESOLUTION'] })
  decidedBy: 'TALLY' | 'RESOLUTION';
  @ApiSharedProperty('VoteCounts')
  counts: VoteCounts;
  @ApiProperty()
  at: string;
}

export class AgendaRowDto {
  @ApiProperty()
  itemId: string;
  @ApiProperty()
  loanId: string;
  @ApiProperty()
  companyName: string;
  @ApiProperty()
  amount: number;
  @ApiProperty({ type: Number, nullable: true, description: 'A compensation (代偿) on the agenda: its total in fen; null for the loan itself' })
  compensationTotalFen: number | null;
  @ApiProperty()
  termMonths: number;
  @ApiProperty({ type: String, nullable: true })
  bank: string | null;
  @ApiProperty()
  allocatedAt: string;
  @ApiProperty({ type: String, nullable: true })
  allocatedByName: string | null;
  @ApiProperty({ type: StageLabelDto })
  stage: StageLabelDto;
  @ApiSharedProperty('StatusLabel')
  status: StatusLabel;
  @ApiSharedProperty('Label')
  step: Label;
  @ApiProperty({ description: 'False once the loan left this meeting (discontinued, or moved on)' })
  onMeeting: boolean;
  @ApiProperty({ type: MeetingOutcomeDto, nullable: true })
  outcome: MeetingOutcomeDto | null;
  @ApiProperty()
  voteCount: number;
  @ApiProperty()
  version: number;
  @ApiProperty({ type: [LegalActionDto] })
  legalActions: LegalActionDto[];
  @ApiProperty()
  canCancelAllocation: boolean;
}

export class MeetingDetailDto extends MeetingBaseDto {
  @ApiSharedProperty('Label')
  kindLabel: Label;
  @ApiSharedProperty('Label')
  ruleText: Label;
  @ApiProperty({ type: [PersonDto] })
  attendees: PersonDto[];
  @ApiProperty({ type: [AgendaRowDto] })
  loans: AgendaRowDto[];
  @ApiProperty({ type: [StoredFileDto] })
  minutes: StoredFileDto[];
  @ApiProperty({ enum: MEETING_STEPS, isArray: true })
  steps: MeetingStep[];
}

export class RecordedVoteDto {
  @ApiProperty()
  attendeeId: string;
  @ApiProperty({ type: String, nullable: true })
  attendeeName: string | null;
  @ApiProperty({ enum: VOTE_OPINIONS, nullable: true })
  opinion: VoteOpinion | null;
  @ApiProperty({ type: String, nullable: true })
  comment: string | null;
  @ApiProperty({ type: String, nullable: true })
  at: string | null;
}

export class MeetingHeadDto extends MeetingBaseDto {
  @ApiSharedProperty('Label')
  kindLabel: Label;
  @ApiSharedProperty('Label')
  ruleText: Label;
}

export class LoanVotesDto {
  @ApiProperty()
  itemId: string;
  @ApiProperty()
  loanId: string;
  @ApiProperty()
  companyName: string;
  @ApiProperty()
  amount: number;
  @ApiProperty({ type: Number, nullable: true, description: 'A compensation (代偿) on the agenda: its total in fen; null for the loan itself' })
  compensationTotalFen: number | null;
  @ApiProperty()
  termMonths: number;
  @ApiProperty({ type: MeetingOutcomeDto, nullable: true })
  outcome: MeetingOutcomeDto | null;
  @ApiSharedProperty('VoteCounts')
  counts: VoteCounts;
  @ApiProperty({ type: [RecordedVoteDto] })
  votes: RecordedVoteDto[];
}

export class VoteDetailsDto {
  @ApiProperty({ type: MeetingHeadDto })
  meeting: MeetingHeadDto;
  @ApiProperty({ type: [PersonDto] })
  attendees: PersonDto[];
  @ApiProperty({ type: [LoanVotesDto] })
  loans: LoanVotesDto[];
}

export class CandidateDto {
  @ApiProperty()
  loanId: string;
  @ApiProperty()
  companyName: string;
  @ApiProperty()
  amount: number;
  @ApiProperty({ type: Number, nullable: true, description: 'A compensation (代偿) on the agenda: its total in fen; null for the loan itself' })
  compensationTotalFen: number | null;
  @ApiProperty()
  termMonths: number;
  @ApiProperty({ type: String, nullable: true })
  bank: string | null;
  @ApiProperty({ type: String, nullable: true })
  aPostOfficerName: string | null;
  @ApiProperty()
  createdAt: string;
  @ApiSharedProperty('StatusLabel')
  status: StatusLabel;
  @ApiSharedProperty('Label')
  step: Label;
}

export class MyVoteDto {
  @ApiProperty({ enum: VOTE_OPINIONS })
  opinion: VoteOpinion;
  @ApiProperty({ type: String, nullable: true })
  comment: string | null;
  @ApiProperty()
  at: string;
}

export class VoteRowDto {
  @ApiProperty()
  itemId: string;
  @ApiProperty()
  meetingId: string;
  @ApiProperty()
  meetingTitle: string;
  @ApiProperty()
  heldAt: string;
  @ApiProperty()
  place: string;
  @ApiProperty({ enum: MEETING_STATUSES })
  meetingStatus: MeetingStatus;
  @ApiProperty()
  loanId: string;
  @ApiProperty()
  companyName: string;
  @ApiProperty()
  amount: number;
  @ApiProperty({ type: Number, nullable: true, description: 'A compensation (代偿) on the agenda: its total in fen; null for the loan itself' })
  compensationTotalFen: number | null;
  @ApiProperty()
  termMonths: number;
  @ApiProperty({ type: String, nullable: true })
  bank: string | null;
  @ApiProperty({ type: MyVoteDto, nullable: true })
  myVote: MyVoteDto | null;
  @ApiProperty()
  canVote: boolean;
  @ApiProperty({ type: MeetingOutcomeDto, nullable: true })
  outcome: MeetingOutcomeDto | null;
}

export class VoteLoanDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  companyName: string;
  @ApiProperty()
  creditCode: string;
  @ApiProperty()
  amount: number;
  @ApiProperty({ type: Number, nullable: true, description: 'A compensation (代偿) on the agenda: its total in fen; null for the loan itself' })
  compensationTotalFen: number | null;
  @ApiProperty()
  termMonths: number;
  @ApiProperty({ type: String, nullable: true })
  bank: string | null;
  @ApiProperty({ type: String, nullable: true })
  loanType: string | null;
  @ApiProperty({ type: String, nullable: true })
  aPostOfficerName: string | null;
}

export class VoteAttendeeDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  nickname: string;
  @ApiProperty()
  voted: boolean;
  @ApiProperty({ enum: VOTE_OPINIONS, nullable: true })
  opinion: VoteOpinion | null;
  @ApiProperty({ type: String, nullable: true })
  comment: string | null;
  @ApiProperty({ type: String, nullable: true })
  at: string | null;
}

export class VoteWorkflowDto {
  @ApiProperty()
  version: number;
  @ApiSharedProperty('StatusLabels')
  statusLabels: StatusLabels;
  @ApiProperty({ type: [LegalActionDto] })
  legalActions: LegalActionDto[];
}

export class VoteItemDetailDto {
  @ApiProperty()
  itemId: string;
  @ApiProperty({ type: MeetingHeadDto })
  meeting: MeetingHeadDto;
  @ApiProperty({ type: VoteLoanDto })
  loan: VoteLoanDto;
  @ApiProperty()
  allocationCancelled: boolean;
  @ApiProperty()
  isAttendee: boolean;
  @ApiProperty({ type: [VoteAttendeeDto] })
  attendees: VoteAttendeeDto[];
  @ApiProperty({ type: RecordedVoteDto, nullable: true })
  myVote: RecordedVoteDto | null;
  @ApiProperty({ type: MeetingOutcomeDto, nullable: true })
  outcome: MeetingOutcomeDto | null;
  @ApiProperty({ type: VoteWorkflowDto })
  workflow: VoteWorkflowDto;
}

export class SessionRowDto {
  @ApiProperty({ description: 'YYYY-MM-DD' })
  day: string;
  @ApiProperty()
  title: string;
  @ApiProperty()
  loanCount: number;
  @ApiProperty()
  approved: number;
  @ApiProperty()
  rejected: number;
  @ApiProperty()
  returned: number;
  @ApiProperty({ description: 'Comma-separated names' })
  approvers: string;
  @ApiProperty({ type: String, nullable: true })
  meetingId: string | null;
  @ApiProperty()
  minutesCount: number;
}

export class SessionDecisionDto {
  @ApiProperty()
  loanId: string;
  @ApiProperty()
  companyName: string;
  @ApiProperty()
  amount: number;
  @ApiProperty()
  termMonths: number;
  @ApiProperty({ enum: ['EXAMINE_PASS', 'EXAMINE_FAIL', 'RETURN'] })
  decision: 'EXAMINE_PASS' | 'EXAMINE_FAIL' | 'RETURN';
  @ApiSharedProperty('Label')
  decisionLabel: Label;
  @ApiProperty({ type: String, nullable: true })
  reason: string | null;
  @ApiProperty()
  approverId: string;
  @ApiProperty({ type: String, nullable: true })
  approverName: string | null;
  @ApiProperty()
  at: string;
}

export class SessionDetailDto {
  @ApiProperty()
  day: string;
  @ApiProperty()
  title: string;
  @ApiProperty({ type: String, nullable: true })
  meetingId: string | null;
  @ApiProperty({ type: [SessionDecisionDto] })
  decisions: SessionDecisionDto[];
  @ApiProperty({ type: [StoredFileDto] })
  minutes: StoredFileDto[];
}
