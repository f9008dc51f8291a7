import { ERROR_CODES } from '@app/workflow';
import { HttpStatus } from '@nestjs/common';
import type { MessageKey, MessageParam } from './i18n';

/** Error codes of answers: the one catalogue of @app/workflow (error-codes.ts), shared with the web. */
export const CODES = ERROR_CODES;

/** A field error still to be worded in the request's language (the filter turns it into { field, message }). */
export interface KeyedFieldError {
  field: string;
  messageKey: MessageKey;
  params?: Record<string, MessageParam>;
}

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
  /**
   * A refusal that belongs to one input (a duplicate credit code): the answer's data.fieldErrors names
   * the field with the message, as DTO validation does, so a form shows it beside that field.
   */
  static ofField(status: HttpStatus, code: string, messageKey: MessageKey, field: string, exception: string, params: Record<string, MessageParam> = {}) {
    const fieldError: KeyedFieldError = { field, messageKey, params };
    return new AppError(status, code, messageKey, params, { fieldErrors: [fieldError] }, exception);
  }
  static conflict(data?: unknown) {
    return new AppError(HttpStatus.CONFLICT, CODES.conflict, 'conflict', {}, data, 'Conflict');
  }
}
