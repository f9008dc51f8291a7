import { ValidationError, ValidationPipe } from '@nestjs/common';
import { AppError } from './errors';
import { constraintMessage, Lang } from './i18n';

export interface FieldError {
  field: string;
  constraints: string[];
}

function flatten(errors: ValidationError[], prefix = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    const own = e.constraints ? [{ field, constraints: Object.keys(e.constraints) }] : [];
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/**
 * DTO validation at the edge. The error keeps constraint names (not English sentences) so the filter
 * can word them in the request's language; see `localizeFieldErrors`.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new AppError(400, '400', 'validationFailed', {}, { fieldErrors: flatten(errors) }, 'ValidationFailed'),
  });
}

export function localizeFieldErrors(fieldErrors: FieldError[], lang: Lang) {
  return fieldErrors.map((f) => ({ field: f.field, message: constraintMessage(f.constraints[0] ?? '', f.field.split('.').pop() ?? f.field, lang) }));
}
