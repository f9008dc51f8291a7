import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermission, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ChangePasswordDto } from '../auth/login.dto';
import { ChangeAvatarDto, SetDisabledDto, SetLanguageDto, UserListQuery } from './user.dto';
import { UsersService } from './users.service';
import { ApiEnvelope, ApiPage } from '../common/api-response';
import { AvatarDto, CurrentUserDto, PasswordChangedDto, UserDisabledDto, UserLanguageDto, UserRowDto } from './user.responses';

@ApiTags('user')
@Controller('user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @ApiEnvelope([CurrentUserDto])
  @SignedIn()
  @Get('current')
  @ApiOperation({ summary: 'The signed-in user: data[0] has roles, perms and authorityList' })
  current(@CurrentUser() user: AuthUser) {
    return this.users.current(user);
  }

  @ApiPage(UserRowDto)
  @RequirePermission('user_list')
  @Get('userList')
  list(@Query() query: UserListQuery) {
    return this.users.list(query);
  }

  @ApiEnvelope(AvatarDto)
  @SignedIn()
  @Patch('change-avatar')
  changeAvatar(@CurrentUser() user: AuthUser, @Body() dto: ChangeAvatarDto) {
    return this.users.changeAvatar(user, dto.avatar);
  }

  @ApiEnvelope(PasswordChangedDto)
  @SignedIn()
  @Post('change-password')
  @HttpCode(200)
  changePassword(@CurrentUser() user: AuthUser, @Body() dto: ChangePasswordDto) {
    return this.users.changePassword(user, dto.oldPassword, dto.newPassword);
  }

  @ApiEnvelope(UserLanguageDto)
  @SignedIn()
  @Patch('language')
  @ApiOperation({ summary: "The signed-in user's language: to-dos and messages are written in it" })
  setLanguage(@CurrentUser() user: AuthUser, @Body() dto: SetLanguageDto) {
    return this.users.setLanguage(user, dto.language);
  }

  @ApiEnvelope(UserDisabledDto)
  @RequirePermission('sys:user:disable')
  @Patch(':id/disabled')
  setDisabled(@Param('id') id: string, @Body() dto: SetDisabledDto) {
    return this.users.setDisabled(id, dto.disabled);
  }
}
