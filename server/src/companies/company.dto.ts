import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { companyEnumKeys, COMPANY_LIMITS, normalizeCreditCode } from '@app/workflow';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery } from '../common/paging.dto';

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
/** Optional text: surrounding spaces dropped, an empty answer stored as nothing. */
const optionalText = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value));

/**
 * The company record (create and update replace it whole). The DTO checks types; the rules (lengths,
 * the credit code's check character, phone, dates, enumerations) are @app/workflow's
 * `validateCompany`, which the web form runs too.
 */
export class CompanyDto {
  @ApiProperty()
  @trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(COMPANY_LIMITS.nameMax)
  name: string;

  @ApiProperty({ description: 'Unified social credit code: 18 characters with its check character' })
  @Transform(({ value }) => (typeof value === 'string' ? normalizeCreditCode(value) : value))
  @IsString()
  @IsNotEmpty()
  creditCode: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @optionalText()
  @IsOptional()
  @IsString()
  legalRepresentative?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Ten-thousand yuan (万元), two decimals at most' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  registeredCapital?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'YYYY-MM-DD, not after today' })
  @optionalText()
  @IsOptional()
  @IsString()
  establishedDate?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @optionalText()
  @IsOptional()
  @IsString()
  registeredAddress?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, enum: companyEnumKeys('districtCode') })
  @optionalText()
  @IsOptional()
  @IsString()
  districtCode?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @optionalText()
  @IsOptional()
  @IsString()
  contactPerson?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: '11 digits' })
  @optionalText()
  @IsOptional()
  @IsString()
  contactPhone?: string | null;

  @ApiPropertyOptional({ enum: companyEnumKeys('enterpriseKinds'), isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  enterpriseKinds?: string[];

  @ApiPropertyOptional({ enum: companyEnumKeys('qualifications'), isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  qualifications?: string[];

  @ApiPropertyOptional({ type: String, nullable: true, enum: companyEnumKeys('propertyType') })
  @optionalText()
  @IsOptional()
  @IsString()
  propertyType?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, enum: companyEnumKeys('bankCategory') })
  @optionalText()
  @IsOptional()
  @IsString()
  bankCategory?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, enum: companyEnumKeys('listingType') })
  @optionalText()
  @IsOptional()
  @IsString()
  listingType?: string | null;

  @ApiPropertyOptional({ enum: companyEnumKeys('strategicIndustries'), isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  strategicIndustries?: string[];

  @ApiPropertyOptional({ enum: companyEnumKeys('honours'), isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  honours?: string[];

  @ApiPropertyOptional({ type: Number, nullable: true })
  @IsOptional()
  @IsInt()
  employeeCount?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @optionalText()
  @IsOptional()
  @IsString()
  mainBusiness?: string | null;
}

export const COMPANY_SORTS = ['name', 'creditCode', 'createdAt', 'registeredCapital', 'establishedDate'] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];

export class CompanyListQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the name' })
  @optionalText()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional({ description: 'Part of the unified social credit code' })
  @Transform(({ value }) => (typeof value === 'string' ? normalizeCreditCode(value) || undefined : value))
  @IsOptional()
  @IsString()
  @MaxLength(18)
  creditCode?: string;

  @ApiPropertyOptional({ enum: companyEnumKeys('districtCode') })
  @IsOptional()
  @IsIn(companyEnumKeys('districtCode'))
  districtCode?: string;

  @ApiPropertyOptional({ enum: companyEnumKeys('enterpriseKinds') })
  @IsOptional()
  @IsIn(companyEnumKeys('enterpriseKinds'))
  enterpriseKind?: string;

  @ApiPropertyOptional({ enum: companyEnumKeys('qualifications') })
  @IsOptional()
  @IsIn(companyEnumKeys('qualifications'))
  qualification?: string;

  @ApiPropertyOptional({ enum: COMPANY_SORTS })
  @IsOptional()
  @IsIn(COMPANY_SORTS)
  sort?: CompanySort;

  @ApiPropertyOptional({ enum: ['asc', 'desc'] })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}

/** A company as the API answers it. */
export interface CompanyView {
  id: string;
  name: string;
  creditCode: string;
  legalRepresentative: string | null;
  registeredCapital: number | null;
  establishedDate: string | null;
  registeredAddress: string | null;
  districtCode: string | null;
  contactPerson: string | null;
  contactPhone: string | null;
  enterpriseKinds: string[];
  qualifications: string[];
  propertyType: string | null;
  bankCategory: string | null;
  listingType: string | null;
  strategicIndustries: string[];
  honours: string[];
  employeeCount: number | null;
  mainBusiness: string | null;
  /** Loans not deleted, and among them those neither closed nor discontinued (which block deletion). */
  loanCount: number;
  openLoanCount: number;
  createdAt: string;
  updatedAt: string;
}
