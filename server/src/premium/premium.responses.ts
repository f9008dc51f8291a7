import { ApiProperty } from '@nestjs/swagger';

export const PREMIUM_STATES = ['toUpload', 'uploaded', 'submitted', 'done'] as const;

export class PremiumVoucherDto {
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

/** The premium of a loan: what the loan type suggests beside what was entered, and its vouchers. */
export class PremiumViewDto {
  @ApiProperty({ format: 'uuid' })
  loanId: string;
  @ApiProperty({ type: String, nullable: true, description: 'The loan type the loan names' })
  loanType: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Annual guarantee fee rate in basis points (150 = 1.50 %); null without a known loan type' })
  feeRateBp: number | null;
  @ApiProperty()
  termMonths: number;
  @ApiProperty({ description: 'Guaranteed amount in fen' })
  amountFen: number;
  @ApiProperty({ type: Number, nullable: true, description: 'amount x rate x term / 12, rounded half up to the fen' })
  suggestedFen: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The premium entered (PREMIUM_ADD/EDIT), in fen' })
  enteredFen: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'The reason given with the last PREMIUM_ADD/EDIT' })
  reason: string | null;
  @ApiProperty({ enum: PREMIUM_STATES, nullable: true, description: "The premium region's state; null before duringGuarantee" })
  state: (typeof PREMIUM_STATES)[number] | null;
  @ApiProperty({ description: 'Whether a payment voucher may be uploaded now (workflow STATE_WINDOWS PREMIUM_VOUCHER_UPLOAD)' })
  voucherUploadable: boolean;
  @ApiProperty({ type: [PremiumVoucherDto] })
  vouchers: PremiumVoucherDto[];
}
