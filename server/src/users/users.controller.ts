import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermission, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ChangePasswordDto } from '../auth/login.dto';
import { ChangeAvatarDto, SetDisabledDto, UserListQuery } from './user.dto';
import { UsersService } from './users.service';

@ApiTags('user')
@Controller('user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @SignedIn()
  @Get('current')
  @ApiOperation({ summary: 'The signed-in user: data[0] has roles, perms and authorityList' })
  current(@CurrentUser() user: AuthUser) {
    return this.users.current(user);
  }

  @RequirePermission('user_list')
  @Get('userList')
  list(@Query() query: UserListQuery) {
    return this.users.list(query);
  }

  @SignedIn()
  @Patch('change-avatar')
  changeAvatar(@CurrentUser() user: AuthUser, @Body() dto: ChangeAvatarDto) {
    return this.users.changeAvatar(user, dto.avatar);
  }

  @SignedIn()
  @Post('change-password')
  @HttpCode(200)
  changePassword(@CurrentUser() user: AuthUser, @Body() dto: ChangePasswordDto) {
    return this.users.changePassword(user, dto.oldPassword, dto.newPassword);
  }

  @RequirePermission('sys:user:disable')
  @Patch(':id/disabled')
  setDisabled(@Param('id') id: string, @Body() dto: SetDisabledDto) {
    return this.users.setDisabled(id, dto.disabled);
  }
}
