import { ApiProperty } from '@nestjs/swagger';
import { ATTACHMENT_KINDS, CONTRACT_TYPES, type AttachmentKind, type ContractType } from '@app/workflow';

export const DOCUMENT_KINDS = ['CONTRACT', 'SIGNED_CONTRACT', 'GUARANTEE_LETTER', 'SEALED_LETTER', 'DISBURSEMENT_VOUCHER'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number] | AttachmentKind;

/** A document of a loan (fixed API: other tools rely on these fields). */
export class LoanDocumentDto {
  @ApiProperty()
  id: string;
  @ApiProperty({
    enum: [...DOCUMENT_KINDS, ...ATTACHMENT_KINDS.filter((k) => !k.endsWith('_MINUTES'))],
    description:
      'CONTRACT: generated from a template; SIGNED_CONTRACT: an uploaded signed copy; GUARANTEE_LETTER: generated letter; SEALED_LETTER, DISBURSEMENT_VOUCHER: uploads; the other kinds: files uploaded onto the loan (archive kinds, e.g. BANK_CONTRACT, COUNTER_GUARANTEE, REPAYMENT_VOUCHER, AFTER_GUARANTEE)',
  })
  kind: DocumentKind;
  @ApiProperty({ enum: CONTRACT_TYPES, nullable: true })
  contractType: ContractType | null;
  @ApiProperty({ description: 'The file name offered on download' })
  name: string;
  @ApiProperty({ description: 'Bytes' })
  size: number;
  @ApiProperty({ type: String, nullable: true })
  sha256: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The bank template it was generated from' })
  templateId: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The version of that template' })
  templateVersion: number | null;
  @ApiProperty()
  createdAt: string;
  @ApiProperty({ type: String, nullable: true, description: 'The id of the user who generated or uploaded it' })
  createdBy: string | null;
}

/** An enabled template of a bank, as the contract generation form offers it. */
export class ContractTemplateOptionDto {
  @ApiProperty()
  id: string;
  @ApiProperty({ enum: CONTRACT_TYPES })
  contractType: ContractType;
  @ApiProperty()
  version: number;
  @ApiProperty()
  fileName: string;
}
