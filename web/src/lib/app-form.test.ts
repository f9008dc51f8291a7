import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/http';
import { serverFieldMessages } from './app-form';

const refusal = (data: unknown) => new ApiError('refused', 409, 'A04002', { code: 'A04002', message: 'refused', data });

describe('app-form: field errors of a refusal', () => {
  it('keeps the first message of each field the form has', () => {
    const values = { name: '', creditCode: '' };
    const error = refusal({
      fieldErrors: [
        { field: 'creditCode', message: '该统一社会信用代码已存在' },
        { field: 'creditCode', message: 'second' },
        { field: 'elsewhere', message: 'not on this form' },
        { field: 'name', key: 'required' },
      ],
    });
    expect(serverFieldMessages(error, values)).toEqual({ creditCode: '该统一社会信用代码已存在' });
  });

  it('finds nothing in a refusal that names no field', () => {
    expect(serverFieldMessages(refusal(null), { a: 1 })).toEqual({});
    expect(serverFieldMessages(refusal({ fieldErrors: 'x' }), { a: 1 })).toEqual({});
  });
});
