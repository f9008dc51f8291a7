import { ApiProperty } from '@nestjs/swagger';

export class PublicKeyDto {
  @ApiProperty({ description: 'PEM public key (jsencrypt, PKCS#1 v1.5)' })
  publicKey: string;
}

export class AuthSettingsDto {
  @ApiProperty({ description: 'Every sign-in asks for a verification code' })
  captchaAlways: boolean;
}

export class CaptchaDto {
  @ApiProperty()
  captchaId: string;
  @ApiProperty({ description: 'SVG data URI' })
  image: string;
  @ApiProperty()
  expiresInSeconds: number;
}

/** What a refused sign-in carries in `data`. */
export class LoginFailureDto {
  @ApiProperty({ required: false, description: 'The next attempt must carry a verification code' })
  captchaRequired?: boolean;
}
