import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQuery } from '../common/paging.dto';

export class RegulatorySettingsInputDto {
  @ApiProperty({ description: 'Net assets in yuan, more than 0, at most two decimals' })
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(0.01)
  @Max(1_000_000_000_000)
  netAssets: number;

  @ApiProperty({ description: 'Leverage limit (times net assets), 1 to 100, at most 4 decimals' })
  @IsNumber({ maxDecimalPlaces: 4, allowNaN: false, allowInfinity: false })
  @Min(1)
  @Max(100)
  leverageLimit: number;

  @ApiProperty({ description: 'One client at most this ratio of net assets, 0.0001 to 1' })
  @IsNumber({ maxDecimalPlaces: 4, allowNaN: false, allowInfinity: false })
  @Min(0.0001)
  @Max(1)
  singleClientLimit: number;

  @ApiProperty({ description: 'One client with its related parties at most this ratio, 0.0001 to 1, not below singleClientLimit' })
  @IsNumber({ maxDecimalPlaces: 4, allowNaN: false, allowInfinity: false })
  @Min(0.0001)
  @Max(1)
  groupLimit: number;
}

export class FiguresQueryDto {
  @ApiPropertyOptional({ description: 'YYYY-MM-DD (company day); today when absent' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/)
  asOf?: string;
}

export const EXPOSURE_SORTS = ['weighted', 'balance', 'loans', 'name'] as const;
export type ExposureSort = (typeof EXPOSURE_SORTS)[number];

export class ExposuresQueryDto extends PageQuery {
  @ApiPropertyOptional({ description: 'YYYY-MM-DD (company day); today when absent' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/)
  asOf?: string;

  @ApiPropertyOptional({
    enum: EXPOSURE_SORTS,
    default: 'weighted',
    description: 'weighted: weighted balance (the concentration ratio); loans: loans in force',
  })
  @IsOptional()
  @IsIn(EXPOSURE_SORTS)
  sort?: ExposureSort;

  @ApiPropertyOptional({ description: 'Only the companies whose name holds this text', maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  companyName?: string;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], description: 'desc by default for the figures, asc for the name' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}

export class ImpactQueryDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  loanId: string;
}

export class RelatedGroupInputDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;
}

export class GroupMemberInputDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  companyId: string;
}

export class ClientClassInputDto {
  @ApiProperty({ description: 'Small or micro enterprise (by the 2011 classification standard of the industry ministry)' })
  @IsBoolean()
  smallMicro: boolean;
  @ApiProperty({ description: 'Farmer household (农户)' })
  @IsBoolean()
  agricultural: boolean;
}

export class FiguresHistoryQueryDto {
  @ApiProperty({ description: 'YYYY-MM-DD, the first day' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/)
  from: string;

  @ApiProperty({ description: 'YYYY-MM-DD, the last day (at most 3,660 days after from)' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/)
  to: string;
}

export class ProvisionSettingsInputDto {
  @ApiProperty({ description: 'YYYY-MM-DD: the rates apply to the figures of this day and later, until a later version' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/)
  validFrom: string;

  @ApiProperty({ description: 'Unearned premium reserve, basis points of the premium income of the year (5000 = 50%)', minimum: 0, maximum: 10000 })
  @IsInt()
  @Min(0)
  @Max(10000)
  unearnedPremiumRateBp: number;

  @ApiProperty({ description: 'Compensation reserve, basis points of each year-end liability balance (100 = 1%)', minimum: 0, maximum: 10000 })
  @IsInt()
  @Min(0)
  @Max(10000)
  compensationReserveRateBp: number;

  @ApiProperty({ description: 'Compensation reserve cap, basis points of the year-end balance (1000 = 10%), not below the rate', minimum: 0, maximum: 10000 })
  @IsInt()
  @Min(0)
  @Max(10000)
  compensationReserveCapBp: number;
}

export class RiskShareInputDto {
  @ApiProperty({ description: "The bank's share of the loan's risk, basis points (2000 = 20%)", minimum: 0, maximum: 10000 })
  @IsInt()
  @Min(0)
  @Max(10000)
  riskShareBp: number;
}
