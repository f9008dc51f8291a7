import { ApiProperty } from '@nestjs/swagger';

export const REGULATORY_LIMITS = ['LEVERAGE', 'SINGLE_CLIENT', 'GROUP'] as const;
export type RegulatoryLimit = (typeof REGULATORY_LIMITS)[number];

export class RegulatorySettingsDto {
  @ApiProperty({ description: 'Net assets in yuan (two decimals)' })
  netAssets: number;
  @ApiProperty({ description: 'Net assets in whole fen' })
  netAssetsFen: number;
  @ApiProperty({ description: 'Weighted liability balance / net assets at most this (10)' })
  leverageLimit: number;
  @ApiProperty({ description: 'One client: weighted balance / net assets at most this ratio (0.10)' })
  singleClientLimit: number;
  @ApiProperty({ description: 'One client with its related parties: at most this ratio (0.15)' })
  groupLimit: number;
  @ApiProperty({ type: String, nullable: true, description: 'Who set these (null: the defaults of the migration)' })
  changedByName: string | null;
  @ApiProperty()
  changedAt: string;
}

export class RegulatorySettingsHistoryRowDto extends RegulatorySettingsDto {
  @ApiProperty()
  id: number;
}

export class WeightLineDto {
  @ApiProperty({ enum: ['SMALL_MICRO', 'AGRICULTURAL', 'OTHER'] })
  key: string;
  @ApiProperty()
  zh: string;
  @ApiProperty()
  en: string;
  @ApiProperty({ description: 'Weight in basis points (7500 = 75%)' })
  weightBp: number;
  @ApiProperty()
  source: string;
  @ApiProperty({ description: 'The source note in English' })
  sourceEn: string;
  @ApiProperty()
  clientCount: number;
  @ApiProperty()
  balanceFen: number;
  @ApiProperty()
  weightedFen: number;
}

export class ClientExposureDto {
  @ApiProperty({ format: 'uuid' })
  companyId: string;
  @ApiProperty()
  companyName: string;
  @ApiProperty({ type: String, nullable: true })
  groupName: string | null;
  @ApiProperty()
  smallMicro: boolean;
  @ApiProperty()
  agricultural: boolean;
  @ApiProperty()
  loanCount: number;
  @ApiProperty()
  balanceFen: number;
  @ApiProperty()
  weightBp: number;
  @ApiProperty()
  weightedFen: number;
  @ApiProperty({ description: 'weightedFen / net assets' })
  ratio: number;
  @ApiProperty({ description: 'What may still be added (weighted fen) before the single-client limit; negative when over' })
  headroomFen: number;
  @ApiProperty()
  withinLimit: boolean;
}

export class GroupExposureDto {
  @ApiProperty({ format: 'uuid' })
  groupId: string;
  @ApiProperty()
  name: string;
  @ApiProperty()
  memberCount: number;
  @ApiProperty()
  weightedFen: number;
  @ApiProperty()
  ratio: number;
  @ApiProperty()
  headroomFen: number;
  @ApiProperty()
  withinLimit: boolean;
}

export class LeverageDto {
  @ApiProperty({ description: 'Weighted balance / net assets' })
  value: number;
  @ApiProperty({ description: 'The limit in force: the setting, or 15 when the small-micro and agricultural shares qualify' })
  limit: number;
  @ApiProperty()
  relaxed: boolean;
  @ApiProperty({ description: 'Small/micro and farmer balance share of the whole balance, basis points' })
  smallMicroBalanceShareBp: number;
  @ApiProperty({ description: 'Small/micro and farmer clients share of the clients, basis points' })
  smallMicroClientShareBp: number;
  @ApiProperty()
  headroomFen: number;
  @ApiProperty()
  withinLimit: boolean;
}

export class CompensationDto {
  @ApiProperty({ description: 'True on the figures of a day (GET figures computes the rate); false in the live check, which does not' })
  available: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'compensationRate.value: null when no guarantee was released in the year' })
  rate: number | null;
}

export class BreachDto {
  @ApiProperty({ enum: REGULATORY_LIMITS })
  limit: RegulatoryLimit;
  @ApiProperty({ description: 'The ratio reached' })
  value: number;
  @ApiProperty()
  limitValue: number;
  @ApiProperty({ type: String, nullable: true, description: 'The client or group concerned' })
  subject: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: "The company's id (SINGLE_CLIENT) or the group's (GROUP)" })
  subjectId: string | null;
}

export class RegulatoryFiguresDto {
  @ApiProperty({ description: 'YYYY-MM-DD, the end of that company day' })
  asOf: string;
  @ApiProperty({ type: RegulatorySettingsDto })
  settings: RegulatorySettingsDto;
  @ApiProperty()
  loanCount: number;
  @ApiProperty()
  clientCount: number;
  @ApiProperty({ description: 'In-force balance (outstanding principal of loans disbursed and not released), fen' })
  balanceFen: number;
  @ApiProperty({ description: 'Financing guarantee liability balance (融资担保责任余额), weighted, fen' })
  weightedBalanceFen: number;
  @ApiProperty({ description: "The in-force balance before risk sharing, fen: balanceFen is the company's share of it" })
  grossBalanceFen: number;
  @ApiProperty({ description: "The banks' shares of the risk (grossBalanceFen - balanceFen), fen: not in the liability balance" })
  bankShareFen: number;
  @ApiProperty({ type: [WeightLineDto] })
  weights: WeightLineDto[];
  @ApiProperty({ type: LeverageDto })
  leverage: LeverageDto;
  @ApiProperty({
    type: [ClientExposureDto],
    description:
      'The clients in force with the largest weighted balance, largest first, at most FIGURES_CLIENTS (20); clientCount counts them all and GET exposures pages through every one',
  })
  clients: ClientExposureDto[];
  @ApiProperty({ type: [GroupExposureDto] })
  groups: GroupExposureDto[];
  @ApiProperty({ type: CompensationDto })
  compensation: CompensationDto;
  @ApiProperty({
    type: [BreachDto],
    description:
      'The limits broken: the leverage, every group, and the FIGURES_CLIENTS (20) largest clients over the single-client limit (the rest are the next rows of GET exposures in its default order)',
  })
  breaches: BreachDto[];
  @ApiProperty({ description: 'Every limit broken, counted (breaches may hold fewer)' })
  breachCount: number;
}

export const RATE_REASONS = ['noDivisor'] as const;

/** A rate of the regulator's: a decimal, or null with the reason (its divisor is zero). */
export class RateDto {
  @ApiProperty({ type: Number, nullable: true })
  value: number | null;
  @ApiProperty({ type: String, enum: RATE_REASONS, nullable: true, description: 'noDivisor: the divisor is zero' })
  reason: 'noDivisor' | null;
}

export class ProvisionsDto {
  @ApiProperty({ description: '未到期责任准备金: unearnedPremiumRateBp of the premium income of the year to asOf, fen' })
  unearnedPremiumReserveFen: number;
  @ApiProperty({
    description: '担保赔偿准备金: compensationReserveRateBp of each past year-end liability balance, accumulated up to compensationReserveCapBp of it, fen',
  })
  compensationReserveFen: number;
}

export class ProvisionSettingsDto {
  @ApiProperty()
  id: number;
  @ApiProperty({ description: 'YYYY-MM-DD: in force from this day until the next version' })
  validFrom: string;
  @ApiProperty({ description: 'Unearned premium reserve: share of the premium income of the year, basis points (5000 = 50%)' })
  unearnedPremiumRateBp: number;
  @ApiProperty({ description: 'Compensation reserve: share of each year-end liability balance, basis points (100 = 1%)' })
  compensationReserveRateBp: number;
  @ApiProperty({ description: 'Compensation reserve: no more once the accumulation reaches this share of the year-end balance, basis points (1000 = 10%)' })
  compensationReserveCapBp: number;
  @ApiProperty({ type: String, nullable: true, description: 'Who set these (null: the defaults of the migration)' })
  changedByName: string | null;
  @ApiProperty()
  changedAt: string;
}

export class YearEndBalanceDto {
  @ApiProperty()
  year: number;
  @ApiProperty({ description: "The liability balance (weighted, the company's share) at the end of that year, fen" })
  balanceFen: number;
}

/** What the rates and provisions are computed from, so that each can be checked. */
export class BadLoanBasisDto {
  @ApiProperty({ description: 'YYYY-MM-DD: the first day of the year of asOf' })
  yearStart: string;
  @ApiProperty({ description: 'Compensation paid (COMPENSATION_PAY by paidOn) from yearStart to asOf, fen' })
  compensationPaidInYearFen: number;
  @ApiProperty({ description: 'Recoveries (RECOVERY_RECORD by receivedOn) from yearStart to asOf, fen' })
  recoveredInYearFen: number;
  @ApiProperty({ description: 'Written off (RECOVERY_WRITE_OFF_APPROVE by its company day) from yearStart to asOf, fen' })
  writtenOffInYearFen: number;
  @ApiProperty({
    description: "Guarantees released from yearStart to asOf (closed without compensation, or compensated), the company's share of the amount lent, fen",
  })
  releasedInYearFen: number;
  @ApiProperty({ description: 'The compensation balance at the end of the day before yearStart, fen' })
  compensationBalanceAtYearStartFen: number;
  @ApiProperty({ description: 'Premiums confirmed (PREMIUM_CONFIRM) from yearStart to asOf, fen' })
  premiumIncomeInYearFen: number;
  @ApiProperty({ type: [YearEndBalanceDto], description: 'The past year-end liability balances the compensation reserve accumulates' })
  yearEndBalances: YearEndBalanceDto[];
}

/** The figures of a day: the liability balance and limits, and the figures of loans that went bad. */
export class RegulatoryDayFiguresDto extends RegulatoryFiguresDto {
  @ApiProperty({ description: '代偿余额: compensation paid minus recovered minus written off, at the end of asOf, fen' })
  compensationBalanceFen: number;
  @ApiProperty({ type: RateDto, description: '代偿率: compensation paid in the year to asOf / guarantees released in the same period' })
  compensationRate: RateDto;
  @ApiProperty({ type: RateDto, description: '追偿率: recoveries in the year to asOf / compensation balance at the start of the year' })
  recoveryRate: RateDto;
  @ApiProperty({ type: RateDto, description: '损失率: written off in the year to asOf / guarantees released in the same period' })
  lossRate: RateDto;
  @ApiProperty({ type: ProvisionsDto })
  provisions: ProvisionsDto;
  @ApiProperty({ type: RateDto, description: '拨备覆盖率: (unearned premium reserve + compensation reserve) / compensation balance' })
  provisionCoverage: RateDto;
  @ApiProperty({ type: ProvisionSettingsDto, description: 'The provision rates in force at asOf' })
  provisionSettings: ProvisionSettingsDto;
  @ApiProperty({ type: BadLoanBasisDto })
  basis: BadLoanBasisDto;
}

/** One day of the figures' history (the nightly snapshots); a figure the snapshot lacks is null. */
export class FiguresHistoryPointDto {
  @ApiProperty({ description: 'YYYY-MM-DD' })
  day: string;
  @ApiProperty({ type: Number, nullable: true })
  weightedBalanceFen: number | null;
  @ApiProperty({ type: Number, nullable: true })
  compensationBalanceFen: number | null;
  @ApiProperty({ type: Number, nullable: true })
  compensationRate: number | null;
  @ApiProperty({ type: Number, nullable: true })
  recoveryRate: number | null;
  @ApiProperty({ type: Number, nullable: true })
  lossRate: number | null;
  @ApiProperty({ type: Number, nullable: true })
  provisionCoverage: number | null;
}

export class LoanRiskShareDto {
  @ApiProperty({ format: 'uuid' })
  loanId: string;
  @ApiProperty({ description: "The bank's share of the loan's risk, basis points" })
  riskShareBp: number;
}

/** A loan's risk share as its page shows it, with the bank's default and whether it may change now. */
export class LoanRiskShareViewDto {
  @ApiProperty({ format: 'uuid' })
  loanId: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "The loan's share in force, basis points; null before its contract is generated (the bank's default applies then)",
  })
  riskShareBp: number | null;
  @ApiProperty({ type: String, nullable: true, description: "The contract's bank, else the bank named on the loan; null when no such bank is recorded" })
  bankName: string | null;
  @ApiProperty({ type: Number, nullable: true, description: "That bank's default share, basis points" })
  bankRiskShareBp: number | null;
  @ApiProperty({ description: 'The contract is generated and not sealed: PUT risk-share is accepted now' })
  editable: boolean;
}

export class RegulatoryImpactDto {
  @ApiProperty({ format: 'uuid' })
  loanId: string;
  @ApiProperty({ format: 'uuid' })
  companyId: string;
  @ApiProperty()
  companyName: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: "The related group of the loan's company, if any" })
  groupId: string | null;
  @ApiProperty({ description: 'What the loan adds to the balance (fen): its amount, or 0 when it is already in force' })
  addedFen: number;
  @ApiProperty({ type: RegulatoryFiguresDto })
  before: RegulatoryFiguresDto;
  @ApiProperty({ type: RegulatoryFiguresDto })
  after: RegulatoryFiguresDto;
  @ApiProperty({ type: [BreachDto], description: 'The limits this loan would break (leverage, its client, its group)' })
  breaches: BreachDto[];
  @ApiProperty({ description: 'An administrator recorded REGULATORY_OVERRIDE for this loan' })
  overridden: boolean;
  @ApiProperty({ type: String, nullable: true })
  overrideReason: string | null;
}

export class GroupMemberDto {
  @ApiProperty({ format: 'uuid' })
  companyId: string;
  @ApiProperty()
  name: string;
  @ApiProperty()
  creditCode: string;
}

export class RelatedGroupDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty()
  name: string;
  @ApiProperty({ type: [GroupMemberDto] })
  members: GroupMemberDto[];
}

export class ClientClassDto {
  @ApiProperty({ format: 'uuid' })
  companyId: string;
  @ApiProperty()
  name: string;
  @ApiProperty()
  smallMicro: boolean;
  @ApiProperty()
  agricultural: boolean;
}
