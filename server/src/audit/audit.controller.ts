import { Controller, Get, HttpCode, Param, Post, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ROLE_ADMIN } from '@app/workflow';
import { RequireRole } from '../auth/auth.decorators';
import { ApiEnvelope, ApiFile } from '../common/api-response';
import { AppError } from '../common/errors';
import { AuditPublicKeyDto, AuditReportDto, CheckpointListDto, SignedCheckpointDto } from './audit.responses';
import { CheckpointService } from './checkpoint.service';

/**
 * The auditor's routes. Administrators only: the checkpoints and the whole-database report name every
 * loan, which archives_detail (one loan's history and verify) does not give.
 */
@ApiTags('audit')
@Controller('audit')
export class AuditController {
  constructor(private readonly checkpoints: CheckpointService) {}

  @ApiEnvelope(CheckpointListDto)
  @RequireRole(ROLE_ADMIN)
  @Get('checkpoints')
  @ApiOperation({ summary: 'Every signed checkpoint (manifest + Ed25519 signature) and the public key to check them offline' })
  async list() {
    return { publicKey: this.checkpoints.publicKeyPem, checkpoints: await this.checkpoints.list() };
  }

  @ApiEnvelope(SignedCheckpointDto)
  @RequireRole(ROLE_ADMIN)
  @Post('checkpoints')
  @HttpCode(200)
  @ApiOperation({ summary: 'Signs a checkpoint now (the worker also writes one every CHECKPOINT_EVERY events and daily)' })
  async create() {
    const written = await this.checkpoints.writeNow();
    if (!written) throw AppError.conflict();
    return written;
  }

  @ApiFile('text/plain')
  @RequireRole(ROLE_ADMIN)
  @Get('checkpoints/:id/heads')
  @ApiOperation({ summary: 'The heads file a checkpoint signed: one line "<loanId> <version, 10 digits> <hash>" per loan, sorted by loan id' })
  async heads(@Param('id') id: string) {
    const stream = await this.checkpoints.heads(id);
    if (!stream) throw AppError.notFound('notFound');
    return new StreamableFile(stream, { type: 'text/plain; charset=us-ascii', disposition: `attachment; filename="${id}.heads"` });
  }

  @ApiEnvelope(AuditPublicKeyDto)
  @RequireRole(ROLE_ADMIN)
  @Get('public-key')
  publicKey() {
    return { publicKey: this.checkpoints.publicKeyPem };
  }

  @ApiEnvelope(AuditReportDto)
  @RequireRole(ROLE_ADMIN)
  @Get('verify')
  @ApiOperation({ summary: 'Verifies every checkpoint and every loan (as `npm run verify -- --all`); slow on a large database' })
  verify() {
    return this.checkpoints.verifyAll();
  }
}
