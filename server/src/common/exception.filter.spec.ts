import { ArgumentsHost, BadRequestException, Logger } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { AllExceptionsFilter } from './exception.filter';
import { inputRejected } from './input-guard';

function answer(error: unknown, lang = 'en') {
  const sent: { status?: number; body?: Record<string, unknown> } = {};
  const res = {
    headersSent: false,
    locals: {} as Record<string, unknown>,
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: Record<string, unknown>) {
      sent.body = body;
    },
  };
  const req = { method: 'GET', originalUrl: '/server/x', headers: { 'accept-language': lang } };
  const host = { switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }) } as unknown as ArgumentsHost;
  new AllExceptionsFilter().catch(error, host);
  return sent;
}

const dbError = (code: string) => new QueryFailedError('SELECT $1::date', ['2026-02-30'], Object.assign(new Error('pg says no'), { code }));

describe('AllExceptionsFilter', () => {
  let logged: jest.SpyInstance[];
  beforeEach(() => (logged = [jest.spyOn(Logger.prototype, 'error').mockImplementation(), jest.spyOn(Logger.prototype, 'warn').mockImplementation()]));
  afterEach(() => logged.forEach((s) => s.mockRestore()));

  it.each(['22P02', '22003', '22021', '22008', '22007'])('answers PostgreSQL input refusal %s with a logged 400', (code) => {
    const sent = answer(dbError(code));
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ code: '400', exception: 'InputRefusedByDatabase' });
    expect(logged[1]).toHaveBeenCalledTimes(1);
  });

  it('keeps every other database error, and any unknown error, a logged 500', () => {
    for (const error of [dbError('23505'), dbError('40P01'), new Error('bug'), new RangeError('Maximum call stack size exceeded')]) {
      expect(answer(error)).toMatchObject({ status: 500, body: { code: '500', message: 'System error' } });
    }
    expect(logged[0]).toHaveBeenCalledTimes(4);
  });

  it('unwraps an input-guard error that express middleware handed on inside an HttpException', () => {
    const wrapped = new BadRequestException('x', { cause: inputRejected('tooDeep', 'body') });
    expect(answer(wrapped, 'zh-CN')).toMatchObject({ status: 400, body: { exception: 'InvalidInput', message: '请求体嵌套过深（最多 32 层）' } });
    expect(answer(inputRejected('badCharacter', 'query', 'companyName')).body?.data).toEqual({
      location: 'query',
      field: 'companyName',
      fieldErrors: [{ field: 'companyName', message: expect.stringContaining('field companyName of the query contains') }],
    });
  });
});
