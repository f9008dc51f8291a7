import { ApiPropertyOptional } from '@nestjs/swagger';
import { ATTACHMENT_KINDS, STAGE_KEYS, type AttachmentKind, type StageKey } from '@app/workflow';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery } from '../common/paging.dto';

const toBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

export class ArchiveListQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the company name' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  company?: string;

  @ApiPropertyOptional({ enum: STAGE_KEYS })
  @IsOptional()
  @IsIn(STAGE_KEYS)
  stage?: StageKey;

  @ApiPropertyOptional({ description: 'Only loans with (true) or without (false) attachments' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  hasAttachments?: boolean;

  @ApiPropertyOptional({ enum: ['createdAt', 'companyName', 'amount', 'attachmentCount', 'lastUploadAt'] })
  @IsOptional()
  @IsIn(['createdAt', 'companyName', 'amount', 'attachmentCount', 'lastUploadAt'])
  sort?: 'createdAt' | 'companyName' | 'amount' | 'attachmentCount' | 'lastUploadAt';

  @ApiPropertyOptional({ enum: ['asc', 'desc'] })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}

/** The multipart form's text field beside the file. */
export class UploadAttachmentDto {
  @ApiPropertyOptional({ enum: ATTACHMENT_KINDS })
  @IsIn(ATTACHMENT_KINDS)
  kind: AttachmentKind;
}
