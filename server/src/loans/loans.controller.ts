import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermission } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { CreateLoanDto } from './loan.dto';
import { LoansService } from './loans.service';

@ApiTags('loans')
@Controller('loans')
export class LoansController {
  constructor(private readonly loans: LoansService) {}

  @RequirePermission('sys:company:initiate-loan')
  @Post()
  create(@Body() dto: CreateLoanDto, @CurrentUser() user: AuthUser) {
    return this.loans.create(dto, user);
  }

  @RequirePermission('sys:loan:detail')
  @Get(':id')
  get(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return this.loans.get(id, user);
  }
}
