import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import type { Request } from 'express';
import { Public } from '../auth/auth.decorators';
import { AppError } from '../common/errors';
import { langOf } from '../common/i18n';
import { ApiEnvelope } from '../common/api-response';
import { AgreementDto } from '../common/misc.responses';
import { AgreementsRepository } from './agreements.repository';

class AgreementQuery {
  @IsIn(['service', 'privacy'])
  type: 'service' | 'privacy';

  @IsOptional()
  @IsIn(['zh-CN', 'en'])
  @Type(() => String)
  language?: 'zh-CN' | 'en';
}

/** Service agreement and privacy policy: versioned, per language, current or historical. */
@ApiTags('agreements')
@Controller('open/agreements')
export class AgreementsController {
  constructor(private readonly agreements: AgreementsRepository) {}

  @ApiEnvelope(AgreementDto)
  @Public()
  @Get('current')
  async current(@Query() q: AgreementQuery, @Req() req: Request) {
    const row = await this.agreements.current(q.type, q.language ?? langOf(req));
    if (!row) throw AppError.notFound('agreementNotFound');
    return row;
  }

  @ApiEnvelope([AgreementDto])
  @Public()
  @Get('versions')
  versions(@Query() q: AgreementQuery, @Req() req: Request) {
    return this.agreements.versions(q.type, q.language ?? langOf(req));
  }
}
