import { ApiProperty } from '@nestjs/swagger';
import { REPAYMENT_METHODS, type RepaymentMethod } from '@app/workflow';
import { DisbursementReminderDto } from '../letters/letters.responses';

/** One reminder of a loan (fixed API: other tools rely on these fields). */
export class ReminderDto {
  @ApiProperty()
  id: string;
  @ApiProperty({
    enum: ['REPAYMENT', 'MATURITY', 'VISIT', 'SEIZURE', 'CERT_RETURN', 'REVALUATION'],
    description:
      'VISIT: the next after-guarantee visit falls due; SEIZURE: a seizure expires; CERT_RETURN: a lent certificate is due back; REVALUATION: a collateral item is due for revaluation',
  })
  kind: 'REPAYMENT' | 'MATURITY' | 'VISIT' | 'SEIZURE' | 'CERT_RETURN' | 'REVALUATION';
  @ApiProperty({ description: 'When the instalment, the loan, the next visit or the seizure falls due (ISO time)' })
  dueAt: string;
  @ApiProperty({ description: 'When the reminder is sent (ISO time)' })
  fireAt: string;
  @ApiProperty({ enum: ['SCHEDULED', 'SENT', 'CANCELLED'] })
  state: 'SCHEDULED' | 'SENT' | 'CANCELLED';
  @ApiProperty({ description: 'Its BullMQ job id (deterministic)' })
  jobId: string;
  @ApiProperty({ description: 'Read from BullMQ: the job exists and is delayed or waiting' })
  queued: boolean;
}

export class ReconcileResultDto {
  @ApiProperty({ description: 'Scheduled reminders whose fire time falls within the horizon' })
  scanned: number;
  @ApiProperty({ description: 'Of those, handed to BullMQ (a job id already there is kept, not doubled)' })
  queued: number;
}

export class ReminderStatusDto {
  @ApiProperty({ description: 'How many days ahead reminders wait in Redis as delayed jobs (REMINDER_HORIZON_DAYS)' })
  horizonDays: number;
  @ApiProperty({ description: 'Reminders in PostgreSQL still to be sent (SCHEDULED)' })
  scheduled: number;
  @ApiProperty({ description: 'Of those, the ones whose fire time falls within the horizon (the past included)' })
  withinHorizon: number;
  @ApiProperty({ description: 'Reminder jobs waiting in BullMQ now (delayed, waiting or prioritized)' })
  queued: number;
  @ApiProperty({ type: String, nullable: true, description: 'When the hourly horizon job (or a reconcile) last ran (ISO time), if Redis knows' })
  lastHorizonRunAt: string | null;
}

/** The repayment voucher uploaded for an instalment (the latest one). */
export class InstalmentVoucherDto {
  @ApiProperty({ format: 'uuid', description: 'The attachment (kind REPAYMENT_VOUCHER)' })
  attachmentId: string;
  @ApiProperty()
  name: string;
  @ApiProperty({ format: 'date-time' })
  uploadedAt: string;
}

export class RepaymentInstalmentDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty()
  seq: number;
  @ApiProperty()
  dueOn: string;
  @ApiProperty()
  principalFen: number;
  @ApiProperty({ type: Number, nullable: true })
  interestFen: number | null;
  @ApiProperty()
  repaidFen: number;
  @ApiProperty({ enum: ['DUE', 'REPAID'] })
  state: 'DUE' | 'REPAID';
  @ApiProperty({ type: InstalmentVoucherDto, nullable: true })
  voucher: InstalmentVoucherDto | null;
}

export class RepaymentPlanDto {
  @ApiProperty({ enum: REPAYMENT_METHODS })
  method: RepaymentMethod;
  @ApiProperty({ type: Number, nullable: true })
  annualRatePercent: number | null;
  @ApiProperty()
  disbursedOn: string;
  @ApiProperty()
  principalFen: number;
  @ApiProperty()
  repaidFen: number;
  @ApiProperty()
  termMonths: number;
  @ApiProperty()
  maturityOn: string;
  @ApiProperty({ type: [RepaymentInstalmentDto] })
  instalments: RepaymentInstalmentDto[];
}

export class ReminderInstalmentDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty()
  seq: number;
  @ApiProperty({ format: 'date' })
  dueOn: string;
  @ApiProperty({ description: 'Principal still open on it (fen)' })
  openFen: number;
}

/** What a repayment reminder sent (or had already sent that day), naming the next open instalment. */
export class RepaymentReminderSentDto extends DisbursementReminderDto {
  @ApiProperty({ type: ReminderInstalmentDto })
  instalment: ReminderInstalmentDto;
}

export const LEDGER_ATTACHMENT_KINDS = ['AFTER_GUARANTEE', 'REPAYMENT_VOUCHER'] as const;

/** One attachment on the ledger's attachment page: a report (AFTER_GUARANTEE) or an instalment's repayment voucher. */
export class LedgerAttachmentDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ enum: LEDGER_ATTACHMENT_KINDS })
  kind: (typeof LEDGER_ATTACHMENT_KINDS)[number];
  @ApiProperty()
  name: string;
  @ApiProperty({ description: 'Bytes' })
  size: number;
  @ApiProperty({ type: String, nullable: true })
  uploadedByName: string | null;
  @ApiProperty()
  uploadedAt: string;
  @ApiProperty({ type: Number, nullable: true, description: 'The instalment whose voucher it is (vouchers only)' })
  instalmentSeq: number | null;
}

/** One RECORD_REPAYMENT of the loan's history. */
export class LedgerRepaymentDto {
  @ApiProperty({ description: "The event's place in the loan's history" })
  seq: number;
  @ApiProperty({ description: 'Whole fen' })
  amountFen: number;
  @ApiProperty()
  at: string;
  @ApiProperty({ type: String, nullable: true })
  actorName: string | null;
}

/** The ledger's page of one loan: balance, repayments and attachments. */
export class LedgerAttachmentsViewDto {
  @ApiProperty({ format: 'uuid' })
  loanId: string;
  @ApiProperty()
  company: string;
  @ApiProperty({ description: 'The guaranteed amount (yuan)' })
  amount: number;
  @ApiProperty()
  termMonths: number;
  @ApiProperty({ type: String, nullable: true })
  bank: string | null;
  @ApiProperty()
  stage: string;
  @ApiProperty({ type: Number, nullable: true, description: 'The amount lent (whole fen); null before disbursement' })
  principalFen: number | null;
  @ApiProperty({ type: Number, nullable: true })
  repaidFen: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Principal still outstanding (whole fen)' })
  balanceFen: number | null;
  @ApiProperty({ description: 'Reports may be added or re-uploaded (after guarantee or awaiting release)' })
  editable: boolean;
  @ApiProperty({ type: [LedgerRepaymentDto] })
  repayments: LedgerRepaymentDto[];
  @ApiProperty({ type: [LedgerAttachmentDto] })
  attachments: LedgerAttachmentDto[];
}
