import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQuery } from '../common/paging.dto';

export class UserListQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the user name or nickname' })
  @IsOptional()
  @IsString()
  @MaxLength(30)
  username?: string;

  @ApiPropertyOptional({ enum: ['username', 'nickname', 'createdAt'] })
  @IsOptional()
  @IsIn(['username', 'nickname', 'createdAt'])
  sort?: 'username' | 'nickname' | 'createdAt';

  @ApiPropertyOptional({ enum: ['asc', 'desc'] })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}

export class ChangeAvatarDto {
  @ApiProperty({ description: 'The url answered by POST /server/upload/user' })
  @IsString()
  @MaxLength(300)
  @Matches(/^\/server\/files\/avatars\/[0-9a-f-]{36}\.(png|jpg|ico)$/)
  avatar: string;
}

export const USER_LANGUAGES = ['zh-CN', 'en'] as const;

/** The language the user reads the application in: their to-dos and messages are written in it. */
export class SetLanguageDto {
  @ApiProperty({ enum: USER_LANGUAGES })
  @IsDefined()
  @IsIn(USER_LANGUAGES)
  language: (typeof USER_LANGUAGES)[number];
}

export class SetDisabledDto {
  @ApiProperty()
  @IsDefined()
  @IsBoolean()
  disabled: boolean;
}

export interface CurrentUserView {
  id: string;
  username: string;
  nickname: string;
  avatar: string | null;
  roles: string[];
  perms: string[];
  authorityList: string[];
  companyTimeZone: string;
}

export interface UserListItem {
  id: string;
  username: string;
  nickname: string;
  avatar: string | null;
  disabled: boolean;
  roles: string[];
  createdAt: string;
}
