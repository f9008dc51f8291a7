import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError, CODES, type KeyedFieldError } from './errors';
import { Lang, MessageKey, langOf, translate } from './i18n';
import { FieldError, localizeFieldErrors } from './validation';

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

  catch(error: unknown, host: ArgumentsHost) {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    const lang = langOf(req);
    const { status, body } = this.describe(error, lang);
    if (status >= 500) this.logger.error(`${req.method} ${req.originalUrl}`, error instanceof Error ? error.stack : String(error));
    res.locals.answerCode = body.code;
    if (!res.headersSent) res.status(status).json(body);
  }

  private describe(error: unknown, lang: Lang): { status: number; body: Record<string, unknown> } {
    if (error instanceof AppError && error.messageKey === 'validationFailed') {
      const fields = localizeFieldErrors((error.data as { fieldErrors: FieldError[] }).fieldErrors, lang);
      const detail = fields.map((f) => f.message).join(lang === 'en' ? '; ' : '；');
      return {
        status: error.status,
        body: { code: error.code, message: translate('validationFailed', lang, { detail }), exception: error.exception, data: { fieldErrors: fields } },
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
                : status === HttpStatus.PAYLOAD_TOO_LARGE
                  ? 'badRequest'
                  : status < 500
                    ? 'badRequest'
                    : 'systemError';
      const code = status === HttpStatus.UNAUTHORIZED ? CODES.session : String(status);
      const detail = typeof response === 'object' && response && 'data' in response ? response.data : null;
      return { status, body: { code, message: translate(key, lang), exception: error.name, data: detail } };
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
