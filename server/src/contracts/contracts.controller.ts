import { Controller, Get, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FILE_KINDS } from '../files/file-kinds';
import { CurrentUser, RequirePermission, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiEnvelope, ApiFile } from '../common/api-response';
import { ContractTemplateOptionDto, LoanDocumentDto } from './contracts.responses';
import { ContractsService } from './contracts.service';

/** Documents of a loan (generated contracts, signed copies) and the template chooser of CONTRACT_GENERATE. */
@ApiTags('contracts')
@Controller()
export class ContractsController {
  constructor(private readonly contracts: ContractsService) {}

  @ApiEnvelope([LoanDocumentDto])
  @SignedIn()
  @Get('loans/:id/documents')
  @ApiOperation({ summary: "The loan's documents, oldest first (whoever may see the loan)" })
  list(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return this.contracts.list(id, user);
  }

  @ApiEnvelope(LoanDocumentDto)
  @RequirePermission('sys:contract:upload')
  @Post('loans/:id/documents')
  @ApiOperation({ summary: 'Uploads a signed copy of the contract (pdf or docx) while the contract stands generated; 409 otherwise' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  // the hard cap protects memory; the kind's own limit answers with its message
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: FILE_KINDS.document.maxBytes + 1024 * 1024, files: 1 } }))
  uploadSigned(@Param('id') id: string, @UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() user: AuthUser) {
    return this.contracts.uploadSigned(id, file, user);
  }

  @ApiFile('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/pdf')
  @SignedIn()
  @Get('documents/:id/file')
  @ApiOperation({ summary: 'The bytes of a document (whoever may see its loan)' })
  file(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return this.contracts.file(id, user);
  }

  @ApiEnvelope([ContractTemplateOptionDto])
  @RequirePermission('sys:contract:generate')
  @Get('banks/:bankId/contract-templates')
  @ApiOperation({ summary: 'The enabled contract templates of a bank (no letters): the choices of CONTRACT_GENERATE' })
  templateOptions(@Param('bankId') bankId: string) {
    return this.contracts.templateOptions(bankId);
  }
}
