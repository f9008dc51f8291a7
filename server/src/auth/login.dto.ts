import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class LoginDto {
  @ApiProperty({ description: 'The agreement tick: must be true' })
  @IsDefined()
  @IsBoolean()
  checkStatus: boolean;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  username: string;

  @ApiProperty({ description: 'Base64 RSA (PKCS#1 v1.5) ciphertext made with GET /server/open/auth/public-key' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  password: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(64)
  captchaId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(10)
  captchaCode?: string;
}

export class ChangePasswordDto {
  @ApiProperty({ description: 'RSA-encrypted, as the sign-in password' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  oldPassword: string;

  @ApiProperty({ description: 'RSA-encrypted; 8-16 characters with digits, upper and lower case letters and symbols' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  newPassword: string;
}
