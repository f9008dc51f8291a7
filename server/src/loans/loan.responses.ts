import { ApiProperty } from '@nestjs/swagger';
import { WorkflowViewDto } from '../workflow/workflow.responses';

/** One loan (GET /loans/:id, and the answer of creating or copying one). */
export class LoanDetailDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  companyId: string;
  @ApiProperty()
  companyName: string;
  @ApiProperty()
  creditCode: string;
  @ApiProperty({ description: 'The amount applied for, in yuan' })
  amount: number;
  @ApiProperty({ description: 'The current amount (the machine context)' })
  currentAmount: number;
  @ApiProperty()
  termMonths: number;
  @ApiProperty({ type: String, nullable: true, description: 'The day the bank lent (company calendar, YYYY-MM-DD), set by VOUCHER_CONFIRM' })
  disbursedOn: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The amount the bank actually lent, in fen, set by VOUCHER_CONFIRM' })
  disbursedAmountFen: number | null;
  @ApiProperty({ type: String, nullable: true })
  bank: string | null;
  @ApiProperty({ type: String, nullable: true })
  loanType: string | null;
  @ApiProperty()
  aPostOfficerId: string;
  @ApiProperty({ type: String, nullable: true })
  aPostOfficerName: string | null;
  @ApiProperty({ type: String, nullable: true })
  bPostOfficerId: string | null;
  @ApiProperty({ type: String, nullable: true })
  bPostOfficerName: string | null;
  @ApiProperty()
  createdAt: string;
  @ApiProperty({ type: String, nullable: true })
  createdByName: string | null;
  @ApiProperty({ type: WorkflowViewDto })
  workflow: WorkflowViewDto;
}
