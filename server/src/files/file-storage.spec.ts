import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AppError } from '../common/errors';
import { loadConfig } from '../config/config';
import { assertMaySee, maySee, permissionToSee, visibleMeetingKinds } from './file-access';
import { FileStorage } from './file-storage';
import { png, TRAILING_HTML } from '../../../test/support/images';

/** The checks of prepare() need no database: a data source that fails when touched. */
const storage = new FileStorage(
  new Proxy({} as DataSource, {
    get: () => {
      throw new Error('prepare() must not touch the database');
    },
  }),
  loadConfig({ DATA_DIR: '/nonexistent' }),
);

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('FileStorage.prepare: what may be kept', () => {
  it('refuses bytes that disagree with the name, whatever the kind allows', async () => {
    const pdfAsHtml = await refusal(storage.prepare('attachment', { buffer: Buffer.from('%PDF-1.4\n%%EOF'), originalname: 'x.html' }));
    expect([pdfAsHtml.status, pdfAsHtml.code, pdfAsHtml.messageKey]).toEqual([400, 'A02004', 'fileNameMismatch']);
    const pngAsJpg = await refusal(storage.prepare('avatar', { buffer: await png(), originalname: 'me.jpg' }));
    expect(pngAsJpg.code).toBe('A02004');
    const html = await refusal(storage.prepare('attachment', { buffer: Buffer.from('<html>'), originalname: 'x.html' }));
    expect(html.code).toBe('A02003');
  });

  it('applies each kind its types and size limit', async () => {
    const xlsxMinutes = await refusal(
      storage.prepare('minutes', { buffer: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), originalname: 'a.xls' }),
    );
    expect(xlsxMinutes.code).toBe('A02003');
    const big = await refusal(storage.prepare('avatar', { buffer: Buffer.alloc(500 * 1024 + 1), originalname: 'a.png' }));
    expect([big.code, big.params]).toEqual(['A02002', { limit: '500 KB' }]);
    expect((await refusal(storage.prepare('avatar', undefined))).code).toBe('A02001');
  });

  it('re-encodes pictures and records the sha256 of what is kept', async () => {
    const polyglot = Buffer.concat([await png(), TRAILING_HTML]);
    const prepared = await storage.prepare('avatar', { buffer: polyglot, originalname: 'me.png' });
    expect(prepared.bytes.equals(polyglot)).toBe(false);
    expect(prepared.bytes.includes(TRAILING_HTML)).toBe(false);
    expect(prepared).toMatchObject({ type: 'png', mime: 'image/png', size: prepared.bytes.length, name: 'me.png' });
    expect(prepared.sha256).toBe(createHash('sha256').update(prepared.bytes).digest('hex'));
  });

  it('keeps documents as they arrived, with the UTF-8 name multer spoiled as latin1', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const prepared = await storage.prepare('attachment', { buffer: pdf, originalname: Buffer.from('合同.pdf').toString('latin1') });
    expect(prepared.bytes.equals(pdf)).toBe(true);
    expect(prepared.name).toBe('合同.pdf');
  });
});

describe('file access: a file is seen by those who may see its loan or meeting', () => {
  const user = (...permissions: string[]) => ({ roles: ['ROLE_USER'], permissions });

  it('asks the loan detail for loan files and the meeting detail of its kind for minutes', () => {
    expect(permissionToSee({ loanId: 'x' })).toBe('sys:loan:detail');
    expect(permissionToSee({ meetingId: 'm', meetingKind: 'ZB' })).toBe('sys:zb-meeting:detail');
    expect(permissionToSee({ meetingId: 'm', meetingKind: 'BS' })).toBe('sys:bs-meeting:detail');
    expect(permissionToSee({ meetingId: 'm', meetingKind: 'YS' })).toBe('ys_meeting_list');
    const bpost = user('sys:loan:detail', 'sys:archive:detail');
    expect(maySee(bpost, { loanId: 'x' })).toBe(true);
    expect(maySee(bpost, { meetingId: 'm', meetingKind: 'ZB' })).toBe(false);
    expect(visibleMeetingKinds(user('sys:bs-meeting:detail'))).toEqual(['BS']);
    expect(() => assertMaySee(user('sys:archive:detail'), { loanId: 'x' })).toThrow(AppError);
    expect(maySee({ roles: ['ROOT'], permissions: [] }, { meetingId: 'm', meetingKind: 'ZB' })).toBe(true);
  });
});
