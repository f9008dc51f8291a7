import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  MaxLength,
} from 'class-validator';
import { PageQuery } from '../common/paging.dto';

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
/** Optional text: surrounding spaces dropped, an empty answer stored as nothing. */
const optionalText = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value));

/** Spec section 5: user name 5-15 characters (the English text's rule; letters, digits, _ . - @). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{5,15}$/;
export const PHONE_PATTERN = /^\d{11}$/;

export class UserListQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the user name or nickname' })
  @IsOptional()
  @IsString()
  @MaxLength(30)
  username?: string;

  @ApiPropertyOptional({ description: 'Part of the phone number' })
  @optionalText()
  @IsOptional()
  @IsString()
  @MaxLength(11)
  phone?: string;

  @ApiPropertyOptional({ enum: ['enabled', 'disabled'] })
  @IsOptional()
  @IsIn(['enabled', 'disabled'])
  status?: 'enabled' | 'disabled';

  @ApiPropertyOptional({ description: 'Only holders of this role (id)' })
  @IsOptional()
  @IsUUID()
  roleId?: string;

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

/** What an administrator edits of a user; the user name stays (the history log names users by it). */
export class UpdateUserDto {
  @ApiProperty({ minLength: 1, maxLength: 30 })
  @trimmed()
  @IsString()
  @Length(1, 30)
  nickname: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: '11 digits' })
  @optionalText()
  @IsOptional()
  @IsString()
  @Matches(PHONE_PATTERN)
  phone?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100 })
  @optionalText()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @IsEmail()
  email?: string | null;

  @ApiProperty({ type: [String], description: 'Role ids; at least one' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsUUID('all', { each: true })
  roleIds: string[];
}

export class CreateUserDto extends UpdateUserDto {
  @ApiProperty({ description: '5-15 letters, digits or _ . - @' })
  @trimmed()
  @IsString()
  @Matches(USERNAME_PATTERN)
  username: string;

  @ApiProperty({ description: 'RSA-encrypted as the sign-in password; 8-16 characters with digits, upper and lower case letters and symbols' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  password: string;

  @ApiProperty({ description: 'The password again, RSA-encrypted: must match' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  confirmPassword: string;
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
  roleIds: string[];
  phone: string | null;
  email: string | null;
  createdAt: string;
}
