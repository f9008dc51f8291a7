import { HttpStatus } from '@nestjs/common';
import type { MessageKey, MessageParam } from './i18n';

/** Error codes of answers (spec section 8: anything but A00000/A00103 is an error). */
export const CODES = {
  ok: 'A00000',
  unchanged: 'A00103',
  badRequest: '400',
  session: '401',
  forbidden: '403',
  notFound: '404',
  conflict: '409',
  illegalEvent: '422',
  tooMany: '429',
  system: '500',
  wrongCredentials: 'A01001',
  captchaRequired: 'A01002',
  captchaWrong: 'A01003',
  accountLocked: 'A01004',
  agreementRequired: 'A01005',
  passwordNotEncrypted: 'A01006',
  accountDisabled: 'A01007',
  addressThrottled: 'A01008',
  oldPasswordWrong: 'A01101',
  weakPassword: 'A01102',
  samePassword: 'A01103',
  fileMissing: 'A02001',
  fileTooLarge: 'A02002',
  fileWrongType: 'A02003',
  illegalEvent409: 'A03001',
  staleVersion: 'A03002',
  idempotencyKeyReused: 'A03003',
  unknownEvent: 'A03004',
  payloadInvalid: 'A03005',
  creditCodeInvalid: 'A04001',
  creditCodeDuplicate: 'A04002',
} as const;

/**
 * An expected failure: HTTP status, answer code, a message key (translated per request) and optional
 * data for the client. The exception filter turns it into the spec's envelope.
 */
export class AppError extends Error {
  constructor(
    readonly status: HttpStatus,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly params: Record<string, MessageParam> = {},
    readonly data: unknown = null,
    readonly exception: string = messageKey,
  ) {
    super(messageKey);
  }

  static badRequest(messageKey: MessageKey, params?: Record<string, MessageParam>, data?: unknown) {
    return new AppError(HttpStatus.BAD_REQUEST, CODES.badRequest, messageKey, params, data);
  }
  static unauthorized() {
    return new AppError(HttpStatus.UNAUTHORIZED, CODES.session, 'sessionExpired', {}, null, 'Unauthorized');
  }
  static forbidden(data?: unknown) {
    return new AppError(HttpStatus.FORBIDDEN, CODES.forbidden, 'forbidden', {}, data, 'Forbidden');
  }
  static notFound(messageKey: MessageKey = 'notFound') {
    return new AppError(HttpStatus.NOT_FOUND, CODES.notFound, messageKey, {}, null, 'NotFound');
  }
  static conflict(data?: unknown) {
    return new AppError(HttpStatus.CONFLICT, CODES.conflict, 'conflict', {}, data, 'Conflict');
  }
}
