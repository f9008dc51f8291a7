import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('贷款列表-2026.xlsx')).toBe(
      `attachment; filename="____-2026.xlsx"; filename*=UTF-8''${encodeURIComponent('贷款列表-2026.xlsx')}`,
    );
  });

  it('keeps quotes and backslashes out of the quoted fallback', () => {
    expect(contentDisposition('a"b\\c.pdf')).toMatch(/^attachment; filename="a_b_c\.pdf"; /);
  });
});
