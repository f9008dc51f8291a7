import { ApiProperty } from '@nestjs/swagger';

export class CurrentUserDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  username: string;
  @ApiProperty()
  nickname: string;
  @ApiProperty({ type: String, nullable: true })
  avatar: string | null;
  @ApiProperty({ type: [String] })
  roles: string[];
  @ApiProperty({ type: [String], description: 'Menu permission keys held' })
  perms: string[];
  @ApiProperty({ type: [String], description: 'Every permission key held (menus and actions)' })
  authorityList: string[];
  @ApiProperty({
    description: 'The company time zone (IANA name, COMPANY_TIME_ZONE) every page shows times and reads date filters in',
    example: 'Asia/Shanghai',
  })
  companyTimeZone: string;
}

export class UserRowDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  username: string;
  @ApiProperty()
  nickname: string;
  @ApiProperty({ type: String, nullable: true })
  avatar: string | null;
  @ApiProperty()
  disabled: boolean;
  @ApiProperty({ type: [String], description: 'Role codes' })
  roles: string[];
  @ApiProperty({ type: [String] })
  roleIds: string[];
  @ApiProperty({ type: String, nullable: true })
  phone: string | null;
  @ApiProperty({ type: String, nullable: true })
  email: string | null;
  @ApiProperty()
  createdAt: string;
}

export class ResetPasswordDto {
  @ApiProperty({ description: 'The new password, shown once: it is not kept anywhere readable' })
  password: string;
  @ApiProperty({ description: "The user's sessions, ended" })
  revokedSessions: number;
}

export class AvatarDto {
  @ApiProperty()
  avatar: string;
}

export class PasswordChangedDto {
  @ApiProperty({ description: "The user's other sessions, signed out" })
  revokedSessions: number;
}

export class UserDisabledDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  disabled: boolean;
}

export class UploadedAvatarDto {
  @ApiProperty({ description: 'To send to PATCH /server/user/change-avatar' })
  url: string;
  @ApiProperty()
  size: number;
}

export class UserLanguageDto {
  @ApiProperty({ enum: ['zh-CN', 'en'] })
  language: string;
}
