import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { AppError, CODES, type KeyedFieldError } from './errors';
import { Lang, MessageKey, langOf, translate } from './i18n';
import { MAX_JSON_BYTES } from './input-guard';
import { FieldError, localizeFieldErrors } from './validation';

/**
 * PostgreSQL's answers to a value it cannot take: invalid text representation (22P02), numeric value
 * out of range (22003), character not in repertoire (22021: NUL, bad UTF-8), datetime field overflow
 * (22008) and invalid datetime format (22007). Only input causes these.
 */
const INPUT_SQLSTATES = new Set(['22P02', '22003', '22021', '22008', '22007']);

function refusedByDatabase(error: unknown): string | null {
  if (!(error instanceof QueryFailedError)) return null;
  const code = (error.driverError as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && INPUT_SQLSTATES.has(code) ? code : null;
}

/** Field errors answered at most: the rest are counted, not listed. */
export const MAX_FIELD_ERRORS = 20;

/** Field errors made with AppError.ofField carry a message key: word them as { field, message }. */
function wordFieldErrors(data: unknown, lang: Lang): unknown {
  const list = (data as { fieldErrors?: unknown } | null)?.fieldErrors;
  if (!Array.isArray(list) || !list.some((f) => typeof (f as KeyedFieldError)?.messageKey === 'string')) return data;
  const fieldErrors = list.map((f: KeyedFieldError | Record<string, unknown>) =>
    typeof f?.messageKey === 'string' ? { field: f.field, message: translate(f.messageKey as MessageKey, lang, (f as KeyedFieldError).params) } : f,
  );
  return { ...(data as object), fieldErrors };
}

/** Every failure leaves as the spec's envelope, in the request's language; never a stack trace. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(thrown: unknown, host: ArgumentsHost) {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    const lang = langOf(req);
    // An AppError thrown inside express middleware (the JSON parser's depth check) arrives wrapped by
    // Nest's adapter as an HttpException whose cause it is.
    const error = thrown instanceof HttpException && thrown.cause instanceof AppError ? thrown.cause : thrown;
    const refused = refusedByDatabase(error);
    if (refused) {
      // Second safety net behind the input guard and the DTOs: PostgreSQL refused a value the request
      // brought. A 400 for the client, but logged: each one is a check missing at the edge.
      this.logger.warn(`${req.method} ${req.originalUrl}: input refused by PostgreSQL (${refused}): ${(error as Error).message}`);
      res.locals.answerCode = CODES.badRequest;
      const body = { code: CODES.badRequest, message: translate('inputRefusedByDatabase', lang), exception: 'InputRefusedByDatabase', data: null };
      if (!res.headersSent) res.status(HttpStatus.BAD_REQUEST).json(body);
      return;
    }
    const { status, body } = this.describe(error, lang);
    if (status >= 500) this.logger.error(`${req.method} ${req.originalUrl}`, error instanceof Error ? error.stack : String(error));
    res.locals.answerCode = body.code;
    if (!res.headersSent) res.status(status).json(body);
  }

  private describe(error: unknown, lang: Lang): { status: number; body: Record<string, unknown> } {
    if (error instanceof AppError && error.messageKey === 'validationFailed') {
      // The first MAX_FIELD_ERRORS, and how many there are: a body of many wrong fields never answers megabytes.
      const all = (error.data as { fieldErrors: FieldError[] }).fieldErrors;
      const fields = localizeFieldErrors(all.slice(0, MAX_FIELD_ERRORS), lang);
      let detail = fields.map((f) => f.message).join(lang === 'en' ? '; ' : '；');
      if (all.length > fields.length) detail += translate('moreFieldErrors', lang, { count: all.length });
      return {
        status: error.status,
        body: {
          code: error.code,
          message: translate('validationFailed', lang, { detail }),
          exception: error.exception,
          data: { fieldErrors: fields, fieldErrorCount: all.length },
        },
      };
    }
    if (error instanceof AppError && error.exception === 'InvalidInput') {
      // The input guard's refusals carry the field like DTO validation does, so a form can show it there.
      const message = translate(error.messageKey, lang, error.params);
      const { location, field } = error.data as { location: string; field: string | null };
      return {
        status: error.status,
        body: { code: error.code, message, exception: error.exception, data: { location, field, fieldErrors: field ? [{ field, message }] : [] } },
      };
    }
    if (error instanceof AppError) {
      return {
        status: error.status,
        body: {
          code: error.code,
          message: translate(error.messageKey, lang, error.params),
          exception: error.exception,
          data: wordFieldErrors(error.data, lang),
        },
      };
    }
    if (error instanceof HttpException) {
      const status = error.getStatus();
      const response = error.getResponse() as Record<string, unknown> | string;
      // body-parser failures arrive as 400 with a type; report them as bad JSON, not as a crash.
      const key: MessageKey =
        status === HttpStatus.NOT_FOUND
          ? 'notFound'
          : status === HttpStatus.FORBIDDEN
            ? 'forbidden'
            : status === HttpStatus.UNAUTHORIZED
              ? 'sessionExpired'
              : status === HttpStatus.TOO_MANY_REQUESTS
                ? 'tooManyRequests'
                : status === HttpStatus.PAYLOAD_TOO_LARGE && (error.cause as { type?: unknown } | undefined)?.type === 'entity.too.large'
                  ? 'inputTooLarge'
                  : status < 500
                    ? 'badRequest'
                    : 'systemError';
      const code = status === HttpStatus.UNAUTHORIZED ? CODES.session : String(status);
      const detail = typeof response === 'object' && response && 'data' in response ? response.data : null;
      const message = translate(key, lang, key === 'inputTooLarge' ? { limit: `${MAX_JSON_BYTES / 1024 / 1024} MB` } : {});
      return { status, body: { code, message, exception: error.name, data: detail } };
    }
    const bodyParserError = error as { type?: string; status?: number };
    if (bodyParserError?.type === 'entity.parse.failed') {
      return { status: 400, body: { code: CODES.badRequest, message: translate('malformedJson', lang), exception: 'MalformedJson', data: null } };
    }
    if (typeof bodyParserError?.status === 'number' && bodyParserError.status >= 400 && bodyParserError.status < 500) {
      return {
        status: bodyParserError.status,
        body: { code: String(bodyParserError.status), message: translate('badRequest', lang), exception: 'BadRequest', data: null },
      };
    }
    return { status: 500, body: { code: CODES.system, message: translate('systemError', lang), exception: 'InternalError', data: null } };
  }
}
