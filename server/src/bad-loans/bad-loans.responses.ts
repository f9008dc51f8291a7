import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { COMPENSATION_ROUTES, RECOVERY_OUTCOMES, RECOVERY_SOURCES, RECOVERY_STAGES } from '@app/workflow';
import { LITIGATION_FEE_TYPES, SEIZURE_KINDS } from './bad-loans.dto';

export class LitigationFeeDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: LITIGATION_FEE_TYPES }) feeType: string;
  @ApiProperty() amountFen: number;
  @ApiProperty() paidOn: string;
  @ApiProperty({ type: String, nullable: true }) note: string | null;
  @ApiProperty({ type: String, nullable: true }) createdByName: string | null;
  @ApiProperty() createdAt: string;
}

export class SeizureDto {
  @ApiProperty() id: string;
  @ApiProperty() court: string;
  @ApiProperty() asset: string;
  @ApiProperty({ enum: SEIZURE_KINDS }) seizureKind: string;
  @ApiProperty() seizedOn: string;
  @ApiProperty() expiresOn: string;
  @ApiProperty({ type: String, nullable: true }) note: string | null;
  @ApiProperty({ type: String, nullable: true }) createdByName: string | null;
  @ApiProperty() createdAt: string;
}

export class RecoveryStageStepDto {
  @ApiProperty({ enum: RECOVERY_STAGES }) stage: string;
  @ApiProperty() on: string;
  @ApiProperty({ type: String, nullable: true }) note: string | null;
  @ApiProperty({ type: String, nullable: true }) actorName: string | null;
  @ApiProperty() at: string;
}

export class RecoveryDto {
  @ApiProperty() amountFen: number;
  @ApiProperty({ enum: RECOVERY_SOURCES }) source: string;
  @ApiProperty() receivedOn: string;
  @ApiProperty({ type: String, nullable: true }) actorName: string | null;
  @ApiProperty() at: string;
}

export class CompensationDecisionDto {
  @ApiProperty({ enum: COMPENSATION_ROUTES }) via: string;
  @ApiProperty({ type: String, nullable: true }) meetingId: string | null;
  @ApiProperty() actorId: string;
  @ApiProperty() at: string;
}

export class WriteOffRequestDto {
  @ApiProperty() reason: string;
  @ApiProperty() requestedBy: string;
  @ApiProperty() at: string;
}

/** The loan's compensation and recovery, as its page shows them. */
export class BadLoanCaseDto {
  @ApiProperty() loanId: string;
  @ApiProperty() company: string;
  @ApiProperty({ description: 'The loan stage' }) stage: string;
  @ApiProperty({ description: 'Whether the loan has a compensation at all (false: the rest is empty)' }) hasCompensation: boolean;
  @ApiProperty() principalFen: number;
  @ApiProperty() interestFen: number;
  @ApiProperty() penaltyFen: number;
  @ApiProperty() totalFen: number;
  @ApiProperty({ type: String, nullable: true }) reason: string | null;
  @ApiProperty({ type: CompensationDecisionDto, nullable: true }) decision: CompensationDecisionDto | null;
  @ApiProperty({ type: String, nullable: true }) paidOn: string | null;
  @ApiProperty({ type: String, nullable: true, enum: RECOVERY_STAGES }) recoveryStage: string | null;
  @ApiProperty({ type: [RecoveryStageStepDto] }) stages: RecoveryStageStepDto[];
  @ApiProperty({ type: [RecoveryDto] }) recoveries: RecoveryDto[];
  @ApiProperty() recoveredFen: number;
  @ApiProperty({ description: 'Compensation receivable (代偿余额): paid minus recovered minus written off' }) balanceFen: number;
  @ApiProperty({ type: WriteOffRequestDto, nullable: true }) writeOffRequest: WriteOffRequestDto | null;
  @ApiProperty({ type: String, nullable: true, enum: RECOVERY_OUTCOMES }) outcome: string | null;
  @ApiProperty() writtenOffFen: number;
  @ApiProperty({ type: [LitigationFeeDto] }) fees: LitigationFeeDto[];
  @ApiProperty() feesFen: number;
  @ApiProperty({ type: [SeizureDto] }) seizures: SeizureDto[];
  @ApiProperty({ description: 'Whether fees and seizures may be recorded now (the loan is in recovery)' }) editable: boolean;
}

/** One row of the compensation and recovery lists. */
export class BadLoanRowDto {
  @ApiProperty() loanId: string;
  @ApiProperty() company: string;
  @ApiProperty({ type: String, nullable: true }) bank: string | null;
  @ApiProperty() stage: string;
  @ApiProperty() state: string;
  @ApiProperty() principalFen: number;
  @ApiProperty() interestFen: number;
  @ApiProperty() penaltyFen: number;
  @ApiProperty() totalFen: number;
  @ApiProperty() appliedAt: string;
  @ApiProperty({ type: String, nullable: true }) approvedVia: string | null;
  @ApiProperty({ type: String, nullable: true }) paidOn: string | null;
  @ApiProperty() recoveredFen: number;
  @ApiProperty() writtenOffFen: number;
  @ApiProperty() balanceFen: number;
  @ApiProperty({ type: String, nullable: true }) recoveryStage: string | null;
  @ApiProperty({ type: String, nullable: true }) outcome: string | null;
  @ApiProperty() feesFen: number;
  @ApiPropertyOptional({ type: String, nullable: true }) nextSeizureExpiry: string | null;
}

export class CompensationSettingDto {
  @ApiProperty() leaderLimitFen: number;
  @ApiProperty({ type: String, nullable: true }) changedByName: string | null;
  @ApiProperty() changedAt: string;
}

export class SeizureCreatedDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'The expiry reminders made (their fire times, ISO)', type: [String] }) reminderFireAts: string[];
}
