import { ApiProperty } from '@nestjs/swagger';
import { CONTRACT_TYPES, type ContractType } from '@app/workflow';
import { BANK_CATEGORY_KEYS } from './basic-data.dto';

export class BankRowDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  name: string;
  @ApiProperty({ enum: BANK_CATEGORY_KEYS })
  category: string;
  @ApiProperty({ type: String, nullable: true })
  phone: string | null;
  @ApiProperty({ type: String, nullable: true })
  address: string | null;
  @ApiProperty({ description: "The bank's default share of a loan's risk, basis points (risk sharing)" })
  riskShareBp: number;
  @ApiProperty({ description: 'Template versions kept (not deleted)' })
  templateCount: number;
  @ApiProperty({ description: 'Contract types with an enabled template' })
  enabledTypes: number;
  @ApiProperty({ description: 'Loans (not deleted) naming this bank: while any, or any template, the bank cannot be deleted' })
  loanCount: number;
  @ApiProperty()
  createdAt: string;
  @ApiProperty()
  updatedAt: string;
}

/** A bank as other stages choose it (contract generation, letters). */
export class BankOptionDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  name: string;
  @ApiProperty({ enum: BANK_CATEGORY_KEYS })
  category: string;
}

export class TemplateRowDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  bankId: string;
  @ApiProperty({ enum: CONTRACT_TYPES })
  contractType: ContractType;
  @ApiProperty({ description: '1, 2, … per bank and contract type' })
  version: number;
  @ApiProperty({ description: 'The name it was uploaded under' })
  fileName: string;
  @ApiProperty()
  size: number;
  @ApiProperty()
  sha256: string;
  @ApiProperty({ type: [String], description: 'Tags found: companyName, collaterals, collaterals.owner, …' })
  placeholders: string[];
  @ApiProperty({ description: 'The version contracts of this type are generated from (one per bank and type)' })
  enabled: boolean;
  @ApiProperty({ type: String, nullable: true })
  createdByName: string | null;
  @ApiProperty()
  createdAt: string;
}

/** The fixed answer of an upload: `{id, version, placeholders}` (and the rest of the row). */
export class UploadedTemplateDto extends TemplateRowDto {}

export class LoanTypeRowDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  name: string;
  @ApiProperty({ description: 'Annual guarantee fee rate in percent (1.5 = 1.5 %)' })
  feeRate: number;
  @ApiProperty({ description: 'The same rate in basis points, exact (150 = 1.5 %)' })
  feeRateBp: number;
  @ApiProperty()
  repaymentReminderDays: number;
  @ApiProperty()
  maturityReminderDays: number;
  @ApiProperty({ type: [Number], description: 'Days before maturity each maturity reminder goes out' })
  maturityReminderOffsets: number[];
  @ApiProperty({ description: 'Loans (not deleted) of this type: while any, it cannot be deleted' })
  loanCount: number;
  @ApiProperty()
  createdAt: string;
  @ApiProperty()
  updatedAt: string;
}

export class LoanTypeOptionDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  name: string;
  @ApiProperty()
  feeRateBp: number;
}
