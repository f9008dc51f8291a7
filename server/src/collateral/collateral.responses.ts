import { ApiProperty } from '@nestjs/swagger';
import { COLLATERAL_KINDS, type CollateralKind } from '@app/workflow';

export class CollateralRowDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ enum: COLLATERAL_KINDS })
  kind: CollateralKind;
  @ApiProperty()
  owner: string;
  @ApiProperty({ type: String, nullable: true })
  description: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Whole fen' })
  appraisedValueFen: number | null;
  @ApiProperty({ type: String, nullable: true })
  certificateNo: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Guaranteed amount / this value, in basis points (6250 = 62.50 %)' })
  ltvBp: number | null;
  @ApiProperty()
  createdAt: string;
}

/** The register of a loan: its rows, the totals and whether it may change now. */
export class CollateralRegisterDto {
  @ApiProperty({ format: 'uuid' })
  loanId: string;
  @ApiProperty({ description: 'Guaranteed amount in fen' })
  amountFen: number;
  @ApiProperty({ description: 'Sum of the known appraised values, in fen' })
  totalAppraisedFen: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Guaranteed amount / total appraised value, in basis points' })
  ltvBp: number | null;
  @ApiProperty({ description: "True while the loan's counter-guarantee awaits B-post confirmation" })
  editable: boolean;
  @ApiProperty({ type: String, nullable: true, description: "The counterGuarantee region's state (pending, confirmed, done), null outside duringGuarantee" })
  state: string | null;
  @ApiProperty({ type: [CollateralRowDto] })
  rows: CollateralRowDto[];
}
