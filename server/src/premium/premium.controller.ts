import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiEnvelope } from '../common/api-response';
import { PremiumViewDto } from './premium.responses';
import { PremiumService } from './premium.service';

@ApiTags('premium')
@Controller('loans')
export class PremiumController {
  constructor(private readonly premium: PremiumService) {}

  @ApiEnvelope(PremiumViewDto)
  // Either premium list's key (checked in the service): makers and finance read the same panel.
  @SignedIn()
  @Get(':loanId/premium')
  @ApiOperation({ summary: 'The premium: computed from the loan type, as entered (with its reason), its state and payment vouchers' })
  view(@Param('loanId') loanId: string, @CurrentUser() user: AuthUser) {
    return this.premium.view(loanId, user);
  }
}
