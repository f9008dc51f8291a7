import { ApiProperty } from '@nestjs/swagger';
import { ATTACHMENT_KINDS, type AttachmentKind, type Label } from '@app/workflow';
import { ApiSharedProperty } from '../common/api-response';
import { StageLabelDto } from '../common/response.dto';

/** An attachment of a loan or of a meeting it was on (minutes). */
export class StoredFileDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  kind: string;
  @ApiProperty()
  name: string;
  @ApiProperty()
  mime: string;
  @ApiProperty()
  size: number;
  @ApiProperty({ type: String, nullable: true })
  uploadedBy: string | null;
  @ApiProperty({ type: String, nullable: true })
  uploadedByName: string | null;
  @ApiProperty()
  uploadedAt: string;
  @ApiProperty({ enum: ['loan', 'meeting'], description: "'meeting' for minutes of a meeting the loan was on" })
  source: 'loan' | 'meeting';
  @ApiProperty({ type: String, nullable: true })
  meetingId: string | null;
  @ApiProperty({ type: String, nullable: true })
  meetingTitle: string | null;
}

export class ArchiveRowDto {
  @ApiProperty()
  loanId: string;
  @ApiProperty()
  companyName: string;
  @ApiProperty()
  amount: number;
  @ApiProperty()
  termMonths: number;
  @ApiProperty({ type: String, nullable: true })
  bank: string | null;
  @ApiProperty({ type: StageLabelDto })
  stage: StageLabelDto;
  @ApiProperty()
  attachmentCount: number;
  @ApiProperty({ type: String, nullable: true })
  lastUploadAt: string | null;
  @ApiProperty()
  createdAt: string;
}

export class ArchiveLoanDto {
  @ApiProperty()
  loanId: string;
  @ApiProperty()
  companyName: string;
  @ApiProperty()
  amount: number;
  @ApiProperty()
  termMonths: number;
  @ApiProperty({ type: String, nullable: true })
  bank: string | null;
  @ApiProperty({ type: StageLabelDto })
  stage: StageLabelDto;
}

export class AttachmentGroupDto {
  @ApiProperty({ enum: ATTACHMENT_KINDS })
  kind: AttachmentKind;
  @ApiSharedProperty('Label')
  label: Label;
  @ApiProperty({ type: [StoredFileDto] })
  files: StoredFileDto[];
}

export class ArchiveDetailDto {
  @ApiProperty({ type: ArchiveLoanDto })
  loan: ArchiveLoanDto;
  @ApiProperty({ type: [AttachmentGroupDto] })
  groups: AttachmentGroupDto[];
  @ApiProperty()
  total: number;
}
