import { Controller, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, type ApiBodyOptions, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermission } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiEnvelope } from '../common/api-response';
import { IdDto } from '../common/response.dto';
import { ArchivesService } from './archives.service';
import { UPLOAD_HARD_LIMIT } from './archives.controller';

const FILE_BODY: ApiBodyOptions = { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } };

/**
 * The uploads the contract-stage steps stand on (workflow EVENT_EVIDENCE): the archived contract and
 * the counter-guarantee file, each with the key of the step itself, so whoever may take it may upload.
 * Their `document.upload` paths on the legal actions point here.
 */
@ApiTags('archives')
@Controller()
export class EvidenceUploadsController {
  constructor(private readonly archives: ArchivesService) {}

  @ApiEnvelope(IdDto)
  @RequirePermission('sys:contract-archive:upload')
  @Post('loans/:id/contract-archive')
  @ApiOperation({
    summary: 'Uploads the archived contract (attachment kind BANK_CONTRACT) that CONTRACT_ARCHIVE_UPLOAD stands on; 409 while the loan is not at that step',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody(FILE_BODY)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: UPLOAD_HARD_LIMIT, files: 1 } }))
  contractArchive(@Param('id') id: string, @UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() user: AuthUser) {
    return this.archives.uploadEvidence(id, 'CONTRACT_ARCHIVE_UPLOAD', file, user);
  }

  @ApiEnvelope(IdDto)
  @RequirePermission('sys:counter:upload')
  @Post('loans/:id/counter-guarantee')
  @ApiOperation({
    summary:
      'Uploads the counter-guarantee file (attachment kind COUNTER_GUARANTEE) that COUNTER_GUARANTEE_UPLOAD stands on; 409 while the loan is not at that step',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody(FILE_BODY)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: UPLOAD_HARD_LIMIT, files: 1 } }))
  counterGuarantee(@Param('id') id: string, @UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() user: AuthUser) {
    return this.archives.uploadEvidence(id, 'COUNTER_GUARANTEE_UPLOAD', file, user);
  }
}
