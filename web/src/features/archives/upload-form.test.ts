import { ATTACHMENT_MAX_BYTES } from '@app/workflow';
import { describe, expect, it } from 'vitest';
import { asKind, uploadErrors } from './upload-form';

const file = (name: string, size = 10) => ({ name, size }) as File;

describe('archive upload form', () => {
  it('needs a kind of spec section 3 and a file', () => {
    expect(uploadErrors({ kind: null, file: null })).toEqual({ kind: 'required', file: 'required' });
    expect(uploadErrors({ kind: 'HOLIDAY', file: file('a.pdf') })).toEqual({ kind: 'required' });
    expect(uploadErrors({ kind: 'BANK_CONTRACT', file: file('合同.pdf') })).toEqual({});
    expect(asKind('REPAYMENT_VOUCHER')).toBe('REPAYMENT_VOUCHER');
    expect(() => asKind('NOPE')).toThrow();
  });

  it('checks the name and the 20 MB limit before sending (the server checks the content)', () => {
    expect(uploadErrors({ kind: 'B_POST_MATERIAL', file: file('台账.xlsx') })).toEqual({});
    expect(uploadErrors({ kind: 'B_POST_MATERIAL', file: file('script.exe') })).toEqual({ file: 'wrongType' });
    expect(uploadErrors({ kind: 'B_POST_MATERIAL', file: file('a.pdf', 0) })).toEqual({ file: 'empty' });
    expect(uploadErrors({ kind: 'B_POST_MATERIAL', file: file('a.pdf', ATTACHMENT_MAX_BYTES + 1) })).toEqual({ file: 'tooLarge' });
  });
});
