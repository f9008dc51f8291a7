/** The sign-in shapes, as the server's OpenAPI document declares them (web/src/api/schema.gen.ts). */
import type { CaptchaDto, CurrentUserDto, LoginDto, LoginFailureDto } from '@/api/schema.gen';

export type CurrentUser = CurrentUserDto;
export type LoginPayload = LoginDto;
export type LoginFailureData = LoginFailureDto;
export type Captcha = CaptchaDto;
