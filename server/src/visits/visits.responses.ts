import { ApiProperty } from '@nestjs/swagger';
import { COLLATERAL_KINDS, RISK_CLASSIFICATIONS, VISIT_REPORT_KINDS, type RiskClassification, type VisitReportKind } from '@app/workflow';

export const VISIT_RECORD_STATES = ['SUBMITTED', 'APPROVED', 'RETURNED'] as const;
export type VisitRecordState = (typeof VISIT_RECORD_STATES)[number];

/** One submitted visit report: its round, risk classification and the next visit it sets. */
export class VisitRecordDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ description: "The event's place in the loan's history" })
  seq: number;
  @ApiProperty({ description: 'Visit round, 1 to 6' })
  round: number;
  @ApiProperty({ enum: VISIT_REPORT_KINDS })
  kind: VisitReportKind;
  @ApiProperty({ enum: RISK_CLASSIFICATIONS })
  classification: RiskClassification;
  @ApiProperty({ enum: RISK_CLASSIFICATIONS, nullable: true, description: 'The classification of the report before this one (null: the first)' })
  previousClassification: RiskClassification | null;
  @ApiProperty({ description: 'A downgrade to substandard or worse: the leaders were told' })
  downgraded: boolean;
  @ApiProperty({ type: String, nullable: true })
  reason: string | null;
  @ApiProperty({ description: 'The next visit is due on this company calendar day (YYYY-MM-DD): quarterly, monthly or fortnightly by classification' })
  nextVisitDueOn: string;
  @ApiProperty({ enum: VISIT_RECORD_STATES })
  state: VisitRecordState;
  @ApiProperty({ format: 'uuid' })
  submittedBy: string;
  @ApiProperty({ type: String, nullable: true })
  submittedByName: string | null;
  @ApiProperty()
  submittedAt: string;
  @ApiProperty({ type: String, nullable: true })
  decidedByName: string | null;
  @ApiProperty({ type: String, nullable: true })
  decidedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The leader's reason when the report was returned" })
  decisionReason: string | null;
}

export class VisitAttachmentDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty()
  name: string;
  @ApiProperty()
  size: number;
  @ApiProperty({ type: String, nullable: true })
  uploadedByName: string | null;
  @ApiProperty()
  uploadedAt: string;
}

/** A loan's visits: the round in progress, the classification history (oldest first) and the attachments. */
export class VisitsViewDto {
  @ApiProperty({ format: 'uuid' })
  loanId: string;
  @ApiProperty({ description: 'The round being worked on (0 before disbursement, then 1 to 6)' })
  round: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The after-guarantee state (awaitingVisitReport, visitReportSubmitted, visitsCompleted), null outside it',
  })
  state: string | null;
  @ApiProperty({ enum: RISK_CLASSIFICATIONS, nullable: true, description: 'The classification of the latest report' })
  currentClassification: RiskClassification | null;
  @ApiProperty({ type: String, nullable: true, description: 'The next visit due day set by the latest report' })
  nextVisitDueOn: string | null;
  @ApiProperty({ type: [VisitRecordDto] })
  records: VisitRecordDto[];
  @ApiProperty({ type: [VisitAttachmentDto] })
  attachments: VisitAttachmentDto[];
}

export const RELEASE_ITEM_KINDS = ['GUARANTEE', ...COLLATERAL_KINDS] as const;
export type ReleaseItemKind = (typeof RELEASE_ITEM_KINDS)[number];

/** The guarantee or a pledged/mortgaged item, and whether it is released. */
export class ReleaseItemDto {
  @ApiProperty({ description: "GUARANTEE for the guarantee itself, else the collateral register row's id" })
  itemId: string;
  @ApiProperty({ enum: RELEASE_ITEM_KINDS })
  kind: ReleaseItemKind;
  @ApiProperty({ type: String, nullable: true })
  owner: string | null;
  @ApiProperty({ type: String, nullable: true })
  description: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Whole fen: the guaranteed amount, or the appraised value' })
  valueFen: number | null;
  @ApiProperty({ enum: ['UNRESOLVED', 'RELEASED'] })
  state: 'UNRESOLVED' | 'RELEASED';
  @ApiProperty({ type: String, nullable: true })
  releasedAt: string | null;
  @ApiProperty({ type: String, nullable: true })
  releasedByName: string | null;
}

export class ReleaseViewDto {
  @ApiProperty({ format: 'uuid' })
  loanId: string;
  @ApiProperty({ description: 'True while the loan stands in release (CONFIRM_RELEASE is accepted)' })
  releasable: boolean;
  @ApiProperty({ type: [ReleaseItemDto] })
  items: ReleaseItemDto[];
}

/** One line of the release ledger (relieve): a confirmed release. */
export class ReleaseLedgerRowDto {
  @ApiProperty({ format: 'uuid' })
  loanId: string;
  @ApiProperty()
  company: string;
  @ApiProperty()
  itemId: string;
  @ApiProperty({ enum: RELEASE_ITEM_KINDS })
  kind: ReleaseItemKind;
  @ApiProperty({ type: String, nullable: true })
  description: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Whole fen' })
  valueFen: number | null;
  @ApiProperty()
  releasedAt: string;
  @ApiProperty({ type: String, nullable: true })
  releasedByName: string | null;
}
