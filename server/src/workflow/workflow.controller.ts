import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Param, ParseIntPipe, Post, Req } from '@nestjs/common';
import { ApiExtraModels, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import * as engine from '@app/workflow';
import type { Request } from 'express';
import { CurrentUser, RequirePermission, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { envelope } from '../common/envelope';
import { AppError, CODES } from '../common/errors';
import { langOf, translate } from '../common/i18n';
import { ApplyEventDto } from './workflow.dto';
import { WorkflowService } from './workflow.service';
import { ApiEnvelope } from '../common/api-response';
import { EventFailureDto, HistoryAtDto, HistoryEventDto, TimelineDto, VerifyDto, WorkflowViewDto } from './workflow.responses';

@ApiExtraModels(EventFailureDto)
@ApiTags('workflow')
@Controller()
export class WorkflowController {
  constructor(private readonly workflow: WorkflowService) {}

  @ApiEnvelope(WorkflowViewDto)
  @RequirePermission('archives_detail')
  @Get('loans/:id/workflow')
  @ApiOperation({ summary: "The loan's state and the actions the calling user may take now" })
  view(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return this.workflow.getView(id, user);
  }

  /** Each event type needs its own permission (checked in the service against the machine's table). */
  @ApiEnvelope(WorkflowViewDto)
  @SignedIn()
  @Post('loans/:id/events')
  @HttpCode(200)
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'A repeat with the same key and body answers A00103 and applies nothing' })
  async apply(
    @Param('id') id: string,
    @Body() dto: ApplyEventDto,
    @CurrentUser() user: AuthUser,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() req: Request,
  ) {
    if (idempotencyKey !== undefined && !/^[\w.:-]{1,100}$/.test(idempotencyKey)) {
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.badRequest, 'badRequest');
    }
    const result = await this.workflow.apply(id, dto, user, idempotencyKey);
    const lang = langOf(req);
    return result.repeated ? envelope(result.view, lang, { code: CODES.unchanged, message: translate('unchanged', lang) }) : result.view;
  }

  @ApiEnvelope(TimelineDto)
  @RequirePermission('archives_detail')
  @Get('loans/:id/timeline')
  timeline(@Param('id') id: string) {
    return this.workflow.timeline(id);
  }

  @ApiEnvelope([HistoryEventDto])
  @RequirePermission('archives_detail')
  @Get('loans/:id/history')
  history(@Param('id') id: string) {
    return this.workflow.history(id);
  }

  @ApiEnvelope(VerifyDto)
  @RequirePermission('archives_detail')
  @Get('loans/:id/history/verify')
  @ApiOperation({ summary: 'Replays the log through the machine and checks the hash chain' })
  verify(@Param('id') id: string) {
    return this.workflow.verify(id);
  }

  @ApiEnvelope(HistoryAtDto)
  @RequirePermission('archives_detail')
  @Get('loans/:id/history/at/:seq')
  at(@Param('id') id: string, @Param('seq', new ParseIntPipe({ exceptionFactory: () => AppError.notFound('eventNotFound') })) seq: number) {
    return this.workflow.at(id, seq);
  }

  @ApiEnvelope({ shared: 'MachineDefinition' })
  @SignedIn()
  @Get('workflow/definition')
  definition() {
    return engine.machineDefinition();
  }
}
