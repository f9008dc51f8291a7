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
  @ApiProperty({ description: 'False while the system records no compensation (代偿): the rate is then shown as none' })
  available: boolean;
  @ApiProperty({ type: Number, nullable: true })
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
