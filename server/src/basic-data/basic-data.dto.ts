import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { companyEnumKeys, CONTRACT_TYPES, type ContractType } from '@app/workflow';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { PageQuery } from '../common/paging.dto';

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
/** Optional text: surrounding spaces dropped, an empty answer stored as nothing. */
const optionalText = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value));

export const BANK_CATEGORY_KEYS = companyEnumKeys('bankCategory');

// --- banks ---------------------------------------------------------------------------------------

export class BankDto {
  @ApiProperty({ maxLength: 100 })
  @trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiProperty({ enum: BANK_CATEGORY_KEYS, description: "One of the spec's four bank categories" })
  @IsIn(BANK_CATEGORY_KEYS)
  category: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Digits, spaces, +, -, parentheses; 5 to 30 characters' })
  @optionalText()
  @IsOptional()
  @IsString()
  @Matches(/^[0-9+\-() ]{5,30}$/)
  phone?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200 })
  @optionalText()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  address?: string | null;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 10000,
    description:
      "The bank's default share of a loan's risk, basis points (2000 = 20%); copied to a loan at CONTRACT_GENERATE. Unchanged when absent (0 for a new bank)",
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10000)
  riskShareBp?: number;
}

export const BANK_SORTS = ['name', 'category', 'createdAt', 'templateCount'] as const;
export type BankSort = (typeof BANK_SORTS)[number];

export class BankListQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the name' })
  @optionalText()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional({ enum: BANK_CATEGORY_KEYS })
  @IsOptional()
  @IsIn(BANK_CATEGORY_KEYS)
  category?: string;

  @ApiPropertyOptional({ enum: BANK_SORTS })
  @IsOptional()
  @IsIn(BANK_SORTS)
  sort?: BankSort;

  @ApiPropertyOptional({ enum: ['asc', 'desc'] })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}

// --- templates -----------------------------------------------------------------------------------

/** The multipart form's text field beside the file. */
export class UploadTemplateDto {
  @ApiProperty({ enum: CONTRACT_TYPES })
  @IsIn(CONTRACT_TYPES)
  contractType: ContractType;
}

export class TemplateListQuery {
  @ApiPropertyOptional({ enum: CONTRACT_TYPES })
  @IsOptional()
  @IsIn(CONTRACT_TYPES)
  contractType?: ContractType;
}

export class TemplateEnabledDto {
  @ApiProperty({ description: 'Enabling a version disables the other versions of the same bank and contract type' })
  @IsBoolean()
  enabled: boolean;
}

// --- loan types ----------------------------------------------------------------------------------

export class LoanTypeDto {
  @ApiProperty({ maxLength: 100 })
  @trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiProperty({ description: 'Annual guarantee fee rate in percent, 0 to 100, two decimals at most (1.5 = 1.5 %); kept in basis points' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  feeRate: number;

  @ApiProperty({ minimum: 0, maximum: 365, description: 'Days before a repayment the reminder goes out' })
  @IsInt()
  @Min(0)
  @Max(365)
  repaymentReminderDays: number;

  @ApiProperty({ minimum: 0, maximum: 365, description: 'Days before maturity the reminder goes out' })
  @IsInt()
  @Min(0)
  @Max(365)
  maturityReminderDays: number;

  @ApiPropertyOptional({
    type: [Number],
    description: 'Days before maturity each maturity reminder goes out (1 to 10 of 0..365); omitted: unchanged, 30, 15, 7 and 1 for a new type',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10)
  @IsInt({ each: true })
  @Min(0, { each: true })
  @Max(365, { each: true })
  maturityReminderOffsets?: number[];
}

export const LOAN_TYPE_SORTS = ['name', 'feeRate', 'createdAt'] as const;
export type LoanTypeSort = (typeof LOAN_TYPE_SORTS)[number];

export class LoanTypeListQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the name' })
  @optionalText()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional({ enum: LOAN_TYPE_SORTS })
  @IsOptional()
  @IsIn(LOAN_TYPE_SORTS)
  sort?: LoanTypeSort;

  @ApiPropertyOptional({ enum: ['asc', 'desc'] })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}
