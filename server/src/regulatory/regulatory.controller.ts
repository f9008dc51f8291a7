import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ROLE_ADMIN } from '@app/workflow';
import { CurrentUser, RequirePermission, RequireRole, SignedIn } from '../auth/auth.decorators';
import { holds, type AuthUser } from '../auth/auth-user';
import { ApiEnvelope, ApiPage } from '../common/api-response';
import { AppError } from '../common/errors';
import { IdDto } from '../common/response.dto';
import {
  ClientClassInputDto,
  ExposuresQueryDto,
  FiguresHistoryQueryDto,
  FiguresQueryDto,
  GroupMemberInputDto,
  ImpactQueryDto,
  ProvisionSettingsInputDto,
  RegulatorySettingsInputDto,
  RelatedGroupInputDto,
  RiskShareInputDto,
} from './regulatory.dto';
import {
  ClientClassDto,
  ClientExposureDto,
  FiguresHistoryPointDto,
  LoanRiskShareDto,
  LoanRiskShareViewDto,
  ProvisionSettingsDto,
  RegulatoryDayFiguresDto,
  RegulatoryImpactDto,
  RegulatorySettingsDto,
  RegulatorySettingsHistoryRowDto,
  RelatedGroupDto,
} from './regulatory.responses';
import { RegulatoryService } from './regulatory.service';

/** Readers of a loan's risk share: the loan's page, whoever sets it, statistics (admins pass menu keys). */
const RISK_SHARE_READERS = ['archives_detail', 'sys:contract:generate', 'statistics'] as const;

/** Readers of the live check: the review committee, the withdrawal reviewers, statistics (admins pass menu keys). */
const IMPACT_READERS = ['bs_meeting_vote_list', 'bs_meeting_process_list', 'initiate_withdrawal_list', 'statistics'] as const;

@ApiTags('regulatory')
@Controller('regulatory')
export class RegulatoryController {
  constructor(private readonly regulatory: RegulatoryService) {}

  @ApiEnvelope(RegulatorySettingsDto)
  @RequirePermission('statistics')
  @Get('settings')
  @ApiOperation({ summary: 'The settings in force: net assets (yuan) and the three limits (ratios)' })
  settings() {
    return this.regulatory.settings();
  }

  @ApiEnvelope(RegulatorySettingsDto)
  @RequireRole(ROLE_ADMIN)
  @Put('settings')
  @ApiOperation({ summary: 'Sets net assets and the limits (administrators); every change is kept with who and when' })
  updateSettings(@Body() body: RegulatorySettingsInputDto, @CurrentUser() user: AuthUser) {
    return this.regulatory.updateSettings(body, user);
  }

  @ApiEnvelope([RegulatorySettingsHistoryRowDto])
  @RequirePermission('statistics')
  @Get('settings/history')
  @ApiOperation({ summary: 'Every settings change, newest first' })
  history() {
    return this.regulatory.history();
  }

  @ApiEnvelope(RegulatoryDayFiguresDto)
  @RequirePermission('statistics')
  @Get('figures')
  @ApiOperation({
    summary:
      'Liability balance with its weights (the company share under risk sharing), leverage, concentration, the compensation balance, the compensation, recovery and loss rates, provisions and their coverage at the end of a company day',
  })
  figures(@Query() query: FiguresQueryDto) {
    return this.regulatory.figures(query.asOf);
  }

  @ApiEnvelope([FiguresHistoryPointDto])
  @RequirePermission('statistics')
  @Get('figures/history')
  @ApiOperation({ summary: 'The nightly snapshots of the figures from one day to another (at most 3,660 days), for charts' })
  figuresHistory(@Query() query: FiguresHistoryQueryDto) {
    return this.regulatory.figuresHistory(query);
  }

  @ApiEnvelope(ProvisionSettingsDto)
  @RequirePermission('statistics')
  @Get('provision-settings')
  @ApiOperation({ summary: 'The provision rates in force on a day (today when absent)' })
  provisionSettings(@Query() query: FiguresQueryDto) {
    return this.regulatory.provisionSettings(query.asOf);
  }

  @ApiEnvelope([ProvisionSettingsDto])
  @RequirePermission('statistics')
  @Get('provision-settings/history')
  @ApiOperation({ summary: 'Every version of the provision rates, the latest valid first' })
  provisionHistory() {
    return this.regulatory.provisionHistory();
  }

  @ApiEnvelope(ProvisionSettingsDto)
  @RequireRole(ROLE_ADMIN)
  @Post('provision-settings')
  @ApiOperation({ summary: 'Adds a version of the provision rates valid from a day (administrators); the figures of earlier days keep the earlier rates' })
  addProvisionSettings(@Body() body: ProvisionSettingsInputDto, @CurrentUser() user: AuthUser) {
    return this.regulatory.addProvisionSettings(body, user);
  }

  @ApiEnvelope(LoanRiskShareViewDto)
  @SignedIn()
  @Get('loans/:loanId/risk-share')
  @ApiOperation({ summary: "A loan's risk share in force, its bank's default, and whether it may be changed now" })
  riskShare(@Param('loanId') loanId: string, @CurrentUser() user: AuthUser) {
    if (!RISK_SHARE_READERS.some((key) => holds(user, key))) throw AppError.forbidden({ required: RISK_SHARE_READERS[0] });
    return this.regulatory.loanRiskShare(loanId);
  }

  @ApiEnvelope(LoanRiskShareDto)
  @RequirePermission('sys:contract:generate')
  @Put('loans/:loanId/risk-share')
  @ApiOperation({ summary: "Sets the bank's share of a loan's risk (basis points) while its contract is generated and not sealed (409 otherwise)" })
  setRiskShare(@Param('loanId') loanId: string, @Body() body: RiskShareInputDto) {
    return this.regulatory.setRiskShare(loanId, body.riskShareBp);
  }

  @ApiPage(ClientExposureDto)
  @RequirePermission('statistics')
  @Get('exposures')
  @ApiOperation({
    summary: 'Every client in force at the end of a company day, paged and sorted (the figures carry only the largest); the pages add up to the figures',
  })
  exposures(@Query() query: ExposuresQueryDto) {
    return this.regulatory.exposures(query);
  }

  @ApiEnvelope(RegulatoryImpactDto)
  @SignedIn()
  @Get('impact')
  @ApiOperation({ summary: 'The figures today without and with the loan, and the limits it would break' })
  impact(@Query() query: ImpactQueryDto, @CurrentUser() user: AuthUser) {
    if (!IMPACT_READERS.some((key) => holds(user, key))) throw AppError.forbidden({ required: IMPACT_READERS[0] });
    return this.regulatory.impact(query.loanId);
  }

  @ApiEnvelope([RelatedGroupDto])
  @RequirePermission('statistics')
  @Get('groups')
  @ApiOperation({ summary: 'The register of related-company groups with their members' })
  groups() {
    return this.regulatory.groups();
  }

  @ApiEnvelope(IdDto)
  @RequireRole(ROLE_ADMIN)
  @Post('groups')
  @ApiOperation({ summary: 'Adds a related-company group (administrators)' })
  createGroup(@Body() body: RelatedGroupInputDto, @CurrentUser() user: AuthUser) {
    return this.regulatory.createGroup(body.name, user);
  }

  @ApiEnvelope(null)
  @RequireRole(ROLE_ADMIN)
  @Delete('groups/:groupId')
  @ApiOperation({ summary: 'Removes a group and its memberships (administrators)' })
  async deleteGroup(@Param('groupId') groupId: string) {
    await this.regulatory.deleteGroup(groupId);
    return null;
  }

  @ApiEnvelope(null)
  @RequireRole(ROLE_ADMIN)
  @Post('groups/:groupId/members')
  @ApiOperation({ summary: 'Adds a company to a group (409 when it is in another group)' })
  async addMember(@Param('groupId') groupId: string, @Body() body: GroupMemberInputDto, @CurrentUser() user: AuthUser) {
    await this.regulatory.addMember(groupId, body.companyId, user);
    return null;
  }

  @ApiEnvelope(null)
  @RequireRole(ROLE_ADMIN)
  @Delete('groups/:groupId/members/:companyId')
  @ApiOperation({ summary: 'Removes a company from a group' })
  async removeMember(@Param('groupId') groupId: string, @Param('companyId') companyId: string) {
    await this.regulatory.removeMember(groupId, companyId);
    return null;
  }

  @ApiEnvelope([ClientClassDto])
  @RequirePermission('statistics')
  @Get('clients')
  @ApiOperation({ summary: 'Companies classed small/micro or farmer household (their balance may weigh 75%)' })
  clients() {
    return this.regulatory.clientClasses();
  }

  @ApiEnvelope(ClientClassDto)
  @RequireRole(ROLE_ADMIN)
  @Put('clients/:companyId')
  @ApiOperation({ summary: "Sets a company's regulatory class (administrators)" })
  setClient(@Param('companyId') companyId: string, @Body() body: ClientClassInputDto, @CurrentUser() user: AuthUser) {
    return this.regulatory.setClientClass(companyId, body.smallMicro, body.agricultural, user);
  }
}
