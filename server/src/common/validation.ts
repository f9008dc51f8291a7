import { applyDecorators, ValidationError, ValidationPipe } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsOptional, ValidateBy, type ValidationOptions } from 'class-validator';
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

/**
 * A day that exists on the calendar, as YYYY-MM-DD: `2026-02-30` and `2026-13-01` match the shape but
 * are no day (PostgreSQL refuses them in a ::date cast, JavaScript's Date rolls them over to March).
 */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** class-validator: the field is a calendar day (see `isCalendarDay`). */
export function IsCalendarDay(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isCalendarDay', validator: { validate: (value) => isCalendarDay(value) } }, options);
}

/** An optional day of a query: trimmed, blank means absent, otherwise a calendar day (`IsCalendarDay`). */
export function OptionalCalendarDay(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value)),
    IsOptional(),
    IsCalendarDay(),
  );
}
