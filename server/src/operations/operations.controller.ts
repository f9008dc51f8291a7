import { Body, Controller, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ROLE_ADMIN } from '@app/workflow';
import type { Request } from 'express';
import { CurrentUser, RequirePermission, RequireRole } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiEnvelope, ApiFile } from '../common/api-response';
import { langOf } from '../common/i18n';
import { exportSheet, formatTime, XLSX_MIME } from '../common/spreadsheet';
import { BatchDto, BatchItemsQuery, CancelDto, FailedWorkQuery, LimitDto, RetryDto, StuckQuery, TrailQuery } from './operations.dto';
import { OperationsBatchRunner } from './operations.batch';
import { OperationsService } from './operations.service';
import { BatchItemsPageDto, BatchRowDto, FailedWorkDto, LimitRowDto, RetriedDto, StuckPageDto, TrailPageDto } from './operations.responses';

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/**
 * The operations console (administrators): stuck loans, failed work, batches, stuck-loan limits and
 * the operator trail. A single move is the pipeline's own event: POST /loans/{id}/events with
 * OPERATOR_MOVE {target, reason} (key sys:operations:move); the targets it takes are listed here.
 */
@ApiTags('operations')
@Controller('operations')
export class OperationsController {
  constructor(
    private readonly operations: OperationsService,
    private readonly runner: OperationsBatchRunner,
  ) {}

  @ApiEnvelope({ shared: 'MoveTargetNode', isArray: true })
  @RequirePermission('sys:operations:move')
  @Get('move-targets')
  @ApiOperation({ summary: 'The states a loan can be moved to, as a tree: one child of a compound state, one state per region of a parallel one' })
  moveTargets() {
    return this.operations.moveTargets();
  }

  @ApiEnvelope(StuckPageDto)
  @RequireRole(ROLE_ADMIN)
  @Get('stuck')
  @ApiOperation({
    summary:
      'Loans without an event for longer than their stage’s limit (keyset: nextCursor): those no account can move first, then the rest, each oldest first',
  })
  stuck(@Query() q: StuckQuery) {
    return this.operations.stuck(q);
  }

  @ApiEnvelope([LimitRowDto])
  @RequireRole(ROLE_ADMIN)
  @Get('limits')
  @ApiOperation({ summary: 'The stuck-loan limit of each stage (hours), its default and who changed it' })
  limits() {
    return this.operations.limits();
  }

  @ApiEnvelope([LimitRowDto])
  @RequirePermission('sys:operations:settings')
  @Put('limits')
  @ApiOperation({ summary: 'Sets (or, with hours null, resets) one stage’s limit, recorded in the operator trail with before and after' })
  setLimit(@Body() dto: LimitDto, @CurrentUser() user: AuthUser) {
    return this.operations.setLimit(dto, user);
  }

  @ApiEnvelope([FailedWorkDto])
  @RequireRole(ROLE_ADMIN)
  @Get('failed-work')
  @ApiOperation({ summary: 'Failed outbox rows and failed jobs, of one loan or all' })
  failedWork(@Query() q: FailedWorkQuery) {
    return this.operations.failedWork(q.loanId ?? null);
  }

  @ApiEnvelope(RetriedDto)
  @RequirePermission('sys:operations:retry')
  @Post('failed-work/retry')
  @ApiOperation({ summary: 'Retries one failed outbox row or job, recorded in the operator trail (404 when it has not failed)' })
  retry(@Body() dto: RetryDto, @CurrentUser() user: AuthUser) {
    return this.operations.retry(dto, user);
  }

  @ApiEnvelope([BatchRowDto])
  @RequireRole(ROLE_ADMIN)
  @Get('batches')
  @ApiOperation({ summary: 'The latest batches with their counts' })
  batches() {
    return this.operations.batches();
  }

  @ApiEnvelope(BatchRowDto)
  @RequirePermission('sys:operations:batch')
  @Post('batches')
  @ApiOperation({
    summary: 'One action (MOVE with a target, RETRY, RESEND_TODOS, RECLASSIFY) over loans picked by hand or by a filter, with a reason; runs as a job',
  })
  createBatch(@Body() dto: BatchDto, @CurrentUser() user: AuthUser) {
    return this.operations.createBatch(dto, user, (id) => this.runner.enqueue(id));
  }

  @ApiEnvelope(BatchRowDto)
  @RequireRole(ROLE_ADMIN)
  @Get('batches/:id')
  @ApiOperation({ summary: 'A batch: status, counts applied / refused / skipped' })
  batch(@Param('id') id: string) {
    return this.operations.batch(id);
  }

  @ApiEnvelope(BatchItemsPageDto)
  @RequireRole(ROLE_ADMIN)
  @Get('batches/:id/items')
  @ApiOperation({ summary: 'A batch’s items in order, each with its outcome and, when refused or skipped, why (zh and en)' })
  batchItems(@Param('id') id: string, @Query() q: BatchItemsQuery) {
    return this.operations.batchItems(id, q);
  }

  @ApiEnvelope(BatchRowDto)
  @RequirePermission('sys:operations:batch')
  @Post('batches/:id/cancel')
  @ApiOperation({ summary: 'Cancels a batch: the items not yet run are skipped as cancelled (409 once it has finished)' })
  cancel(@Param('id') id: string, @Body() dto: CancelDto, @CurrentUser() user: AuthUser) {
    return this.operations.cancel(id, dto.reason, user);
  }

  @ApiEnvelope(TrailPageDto)
  @RequireRole(ROLE_ADMIN)
  @Get('trail')
  @ApiOperation({ summary: 'The operator trail, newest first (keyset: nextBeforeId); nothing edits or deletes it' })
  trail(@Query() q: TrailQuery) {
    return this.operations.trail(q);
  }

  @ApiFile(XLSX_MIME)
  @RequireRole(ROLE_ADMIN)
  @Get('trail/export')
  @ApiOperation({ summary: 'The operator trail under the same filters, as an Excel file' })
  exportTrail(@Query() q: TrailQuery, @Req() req: Request) {
    const lang = langOf(req);
    return exportSheet(
      {
        name: { zh: '运维操作记录', en: 'Operator trail' },
        rows: this.operations.trailRows(q),
        columns: [
          { header: { zh: '时间', en: 'Time' }, time: true, width: 20, value: (r) => formatTime(r.at) },
          { header: { zh: '操作人', en: 'Operator' }, width: 14, value: (r) => r.actorName },
          { header: { zh: '操作', en: 'Action' }, width: 14, value: (r) => r.action },
          { header: { zh: '贷款', en: 'Loan' }, width: 38, value: (r) => r.loanId ?? '' },
          { header: { zh: '批量', en: 'Batch' }, width: 38, value: (r) => r.batchId ?? '' },
          { header: { zh: '原因', en: 'Reason' }, width: 30, value: (r) => r.reason },
          { header: { zh: '之前', en: 'Before' }, width: 40, value: (r) => json(r.before) },
          { header: { zh: '之后', en: 'After' }, width: 40, value: (r) => json(r.after) },
          { header: { zh: '详情', en: 'Detail' }, width: 30, value: (r) => json(r.detail) },
        ],
      },
      lang,
      { zh: '运维操作记录', en: 'operator-trail' },
    );
  }
}
