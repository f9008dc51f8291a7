import { ApiProperty } from '@nestjs/swagger';

export class CheckpointPreviousDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  manifestSha256: string;
}

export class CheckpointManifestDto {
  @ApiProperty()
  format: string;
  @ApiProperty()
  id: string;
  @ApiProperty()
  createdAt: string;
  @ApiProperty()
  database: string;
  @ApiProperty()
  loans: number;
  @ApiProperty()
  maxEventId: number;
  @ApiProperty()
  headsFile: string;
  @ApiProperty()
  headsSha256: string;
  @ApiProperty({ type: CheckpointPreviousDto, nullable: true })
  previous: CheckpointPreviousDto | null;
  @ApiProperty()
  hmacKeyId: string;
  @ApiProperty()
  signingKeyId: string;
}

export class SignedCheckpointDto {
  @ApiProperty({ type: CheckpointManifestDto })
  manifest: CheckpointManifestDto;
  @ApiProperty({ description: 'Ed25519 over the canonical JSON of the manifest (keys sorted), base64' })
  signature: string;
}

export class CheckpointListDto {
  @ApiProperty({ description: 'SPKI PEM of the Ed25519 key that signs the checkpoints' })
  publicKey: string;
  @ApiProperty({ type: [SignedCheckpointDto], description: 'Oldest first; each heads file at GET /server/audit/checkpoints/{id}/heads' })
  checkpoints: SignedCheckpointDto[];
}

export class AuditPublicKeyDto {
  @ApiProperty()
  publicKey: string;
}

export class CheckpointProblemDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  reason: string;
}

export class AuditCheckpointSummaryDto {
  @ApiProperty()
  total: number;
  @ApiProperty()
  valid: number;
  @ApiProperty({ type: [CheckpointProblemDto] })
  problems: CheckpointProblemDto[];
  @ApiProperty({ type: String, nullable: true })
  latest: string | null;
  @ApiProperty()
  latestLoans: number;
}

export class AuditLoanCountsDto {
  @ApiProperty()
  checked: number;
  @ApiProperty()
  ok: number;
  @ApiProperty()
  failed: number;
  @ApiProperty({ description: 'Loans of the latest checkpoint that have no instance any more (counted in failed too)' })
  missing: number;
}

export class LoanFailureDto {
  @ApiProperty()
  loanId: string;
  @ApiProperty({ type: Number, nullable: true })
  firstBadSeq: number | null;
  @ApiProperty()
  reason: string;
}

export class AuditReportDto {
  @ApiProperty()
  ok: boolean;
  @ApiProperty({ type: AuditCheckpointSummaryDto })
  checkpoints: AuditCheckpointSummaryDto;
  @ApiProperty({ type: AuditLoanCountsDto })
  loans: AuditLoanCountsDto;
  @ApiProperty()
  events: number;
  @ApiProperty({ type: [LoanFailureDto], description: 'The first 1000 failures' })
  failures: LoanFailureDto[];
}
