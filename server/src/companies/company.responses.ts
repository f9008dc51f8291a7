import { ApiProperty } from '@nestjs/swagger';
import type { StatusLabels } from '@app/workflow';
import { ApiSharedProperty } from '../common/api-response';

export class CompanyRowDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  name: string;
  @ApiProperty()
  creditCode: string;
  @ApiProperty({ type: String, nullable: true })
  legalRepresentative: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Ten-thousand yuan (万元)' })
  registeredCapital: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'YYYY-MM-DD' })
  establishedDate: string | null;
  @ApiProperty({ type: String, nullable: true })
  registeredAddress: string | null;
  @ApiProperty({ type: String, nullable: true })
  districtCode: string | null;
  @ApiProperty({ type: String, nullable: true })
  contactPerson: string | null;
  @ApiProperty({ type: String, nullable: true })
  contactPhone: string | null;
  @ApiProperty({ type: [String] })
  enterpriseKinds: string[];
  @ApiProperty({ type: [String] })
  qualifications: string[];
  @ApiProperty({ type: String, nullable: true })
  propertyType: string | null;
  @ApiProperty({ type: String, nullable: true })
  bankCategory: string | null;
  @ApiProperty({ type: String, nullable: true })
  listingType: string | null;
  @ApiProperty({ type: [String] })
  strategicIndustries: string[];
  @ApiProperty({ type: [String] })
  honours: string[];
  @ApiProperty({ type: Number, nullable: true })
  employeeCount: number | null;
  @ApiProperty({ type: String, nullable: true })
  mainBusiness: string | null;
  @ApiProperty()
  loanCount: number;
  @ApiProperty({ description: 'Loans neither closed nor discontinued: while any, the company cannot be deleted' })
  openLoanCount: number;
  @ApiProperty()
  createdAt: string;
  @ApiProperty()
  updatedAt: string;
}

export class CompanyLoanDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  amount: number;
  @ApiProperty()
  termMonths: number;
  @ApiProperty({ type: String, nullable: true })
  bank: string | null;
  @ApiProperty()
  createdAt: string;
  @ApiSharedProperty('StatusLabels')
  statusLabels: StatusLabels;
}

export class CompanyDetailDto extends CompanyRowDto {
  @ApiProperty({ type: [CompanyLoanDto], description: 'The newest 100' })
  loans: CompanyLoanDto[];
}
