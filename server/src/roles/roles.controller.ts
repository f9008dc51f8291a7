import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser, RequirePermission } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ApiEnvelope, ApiPage } from '../common/api-response';
import { langOf } from '../common/i18n';
import { DeleteRolesDto, RoleDto, RoleListQuery } from './roles.dto';
import { DeletedRolesDto, RoleDetailDto, RoleRowDto } from './roles.responses';
import { RolesService } from './roles.service';

@ApiTags('roles')
@Controller('roles')
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  @ApiPage(RoleRowDto)
  // the user form chooses roles too: holders of either list may read them
  @RequirePermission('user')
  @Get()
  @ApiOperation({ summary: 'Roles (role_list): filter by name, sort, paging' })
  list(@Query() query: RoleListQuery, @Req() req: Request) {
    return this.roles.list(query, langOf(req));
  }

  @ApiEnvelope(RoleDetailDto)
  @RequirePermission('role_list')
  @Get(':id')
  @ApiOperation({ summary: 'A role with its permission keys' })
  get(@Param('id') id: string, @Req() req: Request) {
    return this.roles.get(id, langOf(req));
  }

  @ApiEnvelope(RoleDetailDto)
  @RequirePermission('sys:role:add')
  @Post()
  @ApiOperation({ summary: 'Adds a role: {name 1-100, permissions} (409 when the name is taken)' })
  create(@Body() dto: RoleDto, @CurrentUser() user: AuthUser, @Req() req: Request) {
    return this.roles.create(dto, user, langOf(req));
  }

  @ApiEnvelope(RoleDetailDto)
  @RequirePermission('sys:role:edit')
  @Put(':id')
  @ApiOperation({ summary: 'Replaces name and permissions; holders see the change on their next request' })
  update(@Param('id') id: string, @Body() dto: RoleDto, @CurrentUser() user: AuthUser, @Req() req: Request) {
    return this.roles.update(id, dto, user, langOf(req));
  }

  @ApiEnvelope(DeletedRolesDto)
  @RequirePermission('sys:role:delete')
  @Delete()
  @ApiOperation({ summary: 'Deletes the selected roles (at least one), all or none: 409 while a user holds one or one is built in' })
  remove(@Body() dto: DeleteRolesDto, @CurrentUser() user: AuthUser) {
    return this.roles.remove(dto.ids, user);
  }
}
