import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ROLE_ADMIN } from '@app/workflow';
import { CurrentUser, RequirePermission, RequireRole } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiEnvelope } from '../common/api-response';
import { ReconcileResultDto, ReminderDto, ReminderStatusDto, RepaymentPlanDto } from './reminders.responses';
import { RemindersService } from './reminders.service';

@ApiTags('reminders')
@Controller()
export class RemindersController {
  constructor(private readonly reminders: RemindersService) {}

  @ApiEnvelope([ReminderDto])
  @RequirePermission('archives_detail')
  @Get('loans/:id/reminders')
  @ApiOperation({ summary: "The loan's repayment and maturity reminders, with whether each one's job waits in BullMQ" })
  list(@Param('id') id: string) {
    return this.reminders.list(id);
  }

  @ApiEnvelope(RepaymentPlanDto)
  @RequirePermission('archives_detail')
  @Get('loans/:id/repayment-plan')
  @ApiOperation({ summary: "The loan's repayment plan (made on VOUCHER_CONFIRM, changed by REPAYMENT_PLAN_EDIT); 404 before disbursement" })
  plan(@Param('id') id: string) {
    return this.reminders.plan(id);
  }

  @ApiEnvelope(ReminderStatusDto)
  @RequireRole(ROLE_ADMIN)
  @Get('admin/reminders/status')
  @ApiOperation({ summary: 'The reminder horizon, the scheduled reminders and how many reminder jobs wait in BullMQ (administrators)' })
  status() {
    return this.reminders.status();
  }

  @ApiEnvelope(ReconcileResultDto)
  @RequireRole(ROLE_ADMIN)
  @Post('admin/reminders/reconcile')
  @HttpCode(200)
  @ApiOperation({ summary: 'Queues again every scheduled reminder within the horizon from PostgreSQL (administrators)' })
  reconcile(@CurrentUser() user: AuthUser) {
    return this.reminders.reconcile(user);
  }
}
