import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermission, SignedIn } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ChangePasswordDto } from '../auth/login.dto';
import { ChangeAvatarDto, CreateUserDto, SetDisabledDto, SetLanguageDto, UpdateUserDto, UserListQuery } from './user.dto';
import { UsersService } from './users.service';
import { ApiEnvelope, ApiPage } from '../common/api-response';
import { AvatarDto, CurrentUserDto, PasswordChangedDto, ResetPasswordDto, UserDisabledDto, UserLanguageDto, UserRowDto } from './user.responses';
import { IdDto } from '../common/response.dto';

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
  @ApiOperation({ summary: 'Disables (every session of the user ends at once) or enables a user' })
  setDisabled(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Body() dto: SetDisabledDto) {
    return this.users.setDisabled(actor, id, dto.disabled);
  }

  @ApiEnvelope(UserRowDto)
  @RequirePermission('sys:user:add')
  @Post()
  @ApiOperation({
    summary: 'Adds a user: user name 5-15, nickname 1-30, phone 11 digits, e-mail, roles; both passwords RSA-encrypted (409 when the name is taken)',
  })
  create(@CurrentUser() actor: AuthUser, @Body() dto: CreateUserDto) {
    return this.users.create(actor, dto);
  }

  @ApiEnvelope(UserRowDto)
  @RequirePermission('user_list')
  @Get(':id')
  get(@Param('id') id: string) {
    return this.users.get(id);
  }

  @ApiEnvelope(UserRowDto)
  @RequirePermission('sys:user:edit')
  @Put(':id')
  @ApiOperation({ summary: "Replaces nickname, phone, e-mail and roles; the user's next request sees the new roles" })
  update(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Body() dto: UpdateUserDto) {
    return this.users.update(actor, id, dto);
  }

  @ApiEnvelope(IdDto)
  @RequirePermission('sys:user:delete')
  @Delete(':id')
  @ApiOperation({ summary: 'Deletes a user (kept for the records that name it, never signs in again); not oneself' })
  remove(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return this.users.remove(actor, id);
  }

  @ApiEnvelope(ResetPasswordDto)
  @RequirePermission('sys:user:reset-password')
  @Post(':id/reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: "A new generated password, answered once; the user's sessions end" })
  resetPassword(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return this.users.resetPassword(actor, id);
  }
}
