import { ApiProperty } from '@nestjs/swagger';
import { REPAYMENT_METHODS, type RepaymentMethod } from '@app/workflow';

/** One reminder of a loan (fixed API: other tools rely on these fields). */
export class ReminderDto {
  @ApiProperty()
  id: string;
  @ApiProperty({ enum: ['REPAYMENT', 'MATURITY'] })
  kind: 'REPAYMENT' | 'MATURITY';
  @ApiProperty({ description: 'When the instalment or the loan falls due (ISO time)' })
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

export class RepaymentInstalmentDto {
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
