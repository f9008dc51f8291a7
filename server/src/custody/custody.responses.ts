import { ApiProperty } from '@nestjs/swagger';
import { CERTIFICATE_KINDS, CERTIFICATE_STATES, MOVE_KINDS } from './custody.repository';

export class CertificateDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ format: 'uuid' })
  loanId: string;
  @ApiProperty({ format: 'uuid' })
  collateralId: string;
  @ApiProperty({ description: "The item's collateral kind (MORTGAGE, PLEDGE, OTHER)" })
  collateralKind: string;
  @ApiProperty()
  collateralOwner: string;
  @ApiProperty({ type: String, nullable: true })
  collateralDescription: string | null;
  @ApiProperty({ enum: CERTIFICATE_KINDS })
  kind: string;
  @ApiProperty()
  number: string;
  @ApiProperty()
  issuer: string;
  @ApiProperty()
  holder: string;
  @ApiProperty({ type: String, nullable: true, description: "The scan's original name, when one was uploaded" })
  scanName: string | null;
  @ApiProperty({ enum: CERTIFICATE_STATES })
  state: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' })
  lentTo: string | null;
  @ApiProperty({ type: String, nullable: true })
  lentToName: string | null;
  @ApiProperty({ type: String, nullable: true })
  lentReason: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'YYYY-MM-DD' })
  returnDueOn: string | null;
  @ApiProperty({ type: String, nullable: true })
  releasedTo: string | null;
  @ApiProperty({ description: 'Days past the return day (0 unless lent and overdue)' })
  overdueDays: number;
  @ApiProperty()
  stateChangedAt: string;
  @ApiProperty({ type: [String], enum: MOVE_KINDS, description: 'The moves the signed-in user may make now (RETURN for the borrower too)' })
  allowedMoves: string[];
}

export class InventoryRowDto extends CertificateDto {
  @ApiProperty()
  company: string;
  @ApiProperty({ type: String, nullable: true })
  bank: string | null;
}

export class StateCountDto {
  @ApiProperty({ description: 'A state, or OVERDUE' })
  state: string;
  @ApiProperty({ description: 'Exact up to 10,000; beyond it 10,000 with `capped`' })
  count: number;
  @ApiProperty({ description: 'More than `count` (counting stopped at the bound)' })
  capped: boolean;
}

export class InventoryPageDto {
  @ApiProperty({ type: [InventoryRowDto] })
  list: InventoryRowDto[];
  @ApiProperty({ description: 'Exact up to 10,000; beyond it 10,000 with `totalCapped`' })
  total: number;
  @ApiProperty({ description: 'More than `total` match (counting stopped at the bound): shown as "10,000+"' })
  totalCapped: boolean;
  @ApiProperty()
  pageNum: number;
  @ApiProperty()
  pageSize: number;
  @ApiProperty({ type: String, nullable: true, description: 'Send as `cursor` for the page after this one; null on the last page' })
  nextCursor: string | null;
  @ApiProperty({ type: [StateCountDto] })
  counts: StateCountDto[];
}

export class MoveDto {
  @ApiProperty()
  id: string;
  @ApiProperty({ format: 'uuid' })
  certificateId: string;
  @ApiProperty()
  number: string;
  @ApiProperty({ enum: MOVE_KINDS })
  kind: string;
  @ApiProperty({ type: String, nullable: true })
  fromState: string | null;
  @ApiProperty()
  toState: string;
  @ApiProperty({ type: String, nullable: true })
  actorName: string | null;
  @ApiProperty()
  at: string;
  @ApiProperty({ type: String, nullable: true })
  reason: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Who received it (lend: the borrower; release: who took it out)' })
  counterparty: string | null;
  @ApiProperty()
  receiverConfirmed: boolean;
  @ApiProperty({ type: String, nullable: true })
  returnDueOn: string | null;
  @ApiProperty({ type: Number, nullable: true, description: "The loan event's sequence number (a release)" })
  eventSeq: number | null;
}

export class MovePageDto {
  @ApiProperty({ type: [MoveDto] })
  list: MoveDto[];
  @ApiProperty()
  pageNum: number;
  @ApiProperty()
  pageSize: number;
}

export class ValuationDto {
  @ApiProperty()
  valueFen: number;
  @ApiProperty()
  valuedOn: string;
  @ApiProperty({ type: String, nullable: true })
  note: string | null;
  @ApiProperty({ type: String, nullable: true })
  recordedByName: string | null;
  @ApiProperty()
  recordedAt: string;
}

export class CustodyItemDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty()
  kind: string;
  @ApiProperty()
  owner: string;
  @ApiProperty({ type: String, nullable: true })
  description: string | null;
  @ApiProperty({ description: 'True once B-post confirmed it with the counter-guarantee (certificates may be registered)' })
  confirmed: boolean;
  @ApiProperty()
  released: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'The latest appraised value (a revaluation, else the register), fen' })
  latestValueFen: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'The day of the latest revaluation' })
  valuedOn: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The next revaluation day (its reminder)' })
  nextRevaluationOn: string | null;
  @ApiProperty({ type: [ValuationDto] })
  valuations: ValuationDto[];
  @ApiProperty({ type: [CertificateDto] })
  certificates: CertificateDto[];
}

export class LoanCustodyDto {
  @ApiProperty({ format: 'uuid' })
  loanId: string;
  @ApiProperty({ description: 'What the loan owes now (its repayment plan, else the guaranteed amount), fen' })
  outstandingFen: number;
  @ApiProperty({ description: 'Sum of the latest appraised values, fen' })
  totalValueFen: number;
  @ApiProperty({ type: Number, nullable: true, description: 'outstanding / total value in basis points' })
  ltvBp: number | null;
  @ApiProperty()
  ltvThresholdBp: number;
  @ApiProperty()
  ltvAbove: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'When the officers and the leader were told the loan-to-value rose above the threshold' })
  ltvAlertAt: string | null;
  @ApiProperty({ description: 'The signed-in user holds the vault keeper key' })
  canKeep: boolean;
  @ApiProperty({ description: 'The signed-in user may record a revaluation' })
  canRevalue: boolean;
  @ApiProperty({ type: [CustodyItemDto] })
  items: CustodyItemDto[];
}

export class IntervalMonthsOutDto {
  @ApiProperty()
  MORTGAGE: number;
  @ApiProperty()
  PLEDGE: number;
  @ApiProperty()
  OTHER: number;
}

export class CustodySettingDto {
  @ApiProperty()
  ltvThresholdBp: number;
  @ApiProperty({ type: IntervalMonthsOutDto })
  intervalMonths: IntervalMonthsOutDto;
  @ApiProperty({ type: String, nullable: true })
  changedByName: string | null;
  @ApiProperty()
  changedAt: string;
}

export class BorrowerDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty()
  username: string;
  @ApiProperty()
  nickname: string;
}
