import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermission } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiEnvelope } from '../common/api-response';
import { CollateralDto } from './collateral.dto';
import { CollateralRegisterDto } from './collateral.responses';
import { CollateralService } from './collateral.service';

/** Read by anyone with the counter-guarantee list; changed by the holders of its B-post confirmation. */
@ApiTags('collateral')
@Controller('loans')
export class CollateralController {
  constructor(private readonly collateral: CollateralService) {}

  @ApiEnvelope(CollateralRegisterDto)
  @RequirePermission('counter_guarantee')
  @Get(':loanId/collaterals')
  @ApiOperation({ summary: "The loan's collateral register with loan-to-value" })
  list(@Param('loanId') loanId: string) {
    return this.collateral.register(loanId);
  }

  @ApiEnvelope(CollateralRegisterDto)
  @RequirePermission('sys:counter:confirm')
  @Post(':loanId/collaterals')
  @ApiOperation({ summary: 'Adds an item (only while the counter-guarantee awaits B-post confirmation); answers the register' })
  create(@Param('loanId') loanId: string, @Body() dto: CollateralDto, @CurrentUser() user: AuthUser) {
    return this.collateral.create(loanId, dto, user);
  }

  @ApiEnvelope(CollateralRegisterDto)
  @RequirePermission('sys:counter:confirm')
  @Put(':loanId/collaterals/:id')
  @ApiOperation({ summary: 'Replaces an item (only while pending); answers the register' })
  update(@Param('loanId') loanId: string, @Param('id') id: string, @Body() dto: CollateralDto, @CurrentUser() user: AuthUser) {
    return this.collateral.update(loanId, id, dto, user);
  }

  @ApiEnvelope(CollateralRegisterDto)
  @RequirePermission('sys:counter:confirm')
  @Delete(':loanId/collaterals/:id')
  @ApiOperation({ summary: 'Removes an item (only while pending); answers the register' })
  remove(@Param('loanId') loanId: string, @Param('id') id: string) {
    return this.collateral.remove(loanId, id);
  }
}
