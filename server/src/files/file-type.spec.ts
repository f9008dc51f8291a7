import { agreesWithName, detectType, formatLimit } from './file-type';
import { png } from '../../../test/support/images';

describe('file types: told by the bytes, and the name must agree', () => {
  it('detects by content and checks the extension against it', async () => {
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
    expect(detectType(pdf, 'x.html')).toBe('pdf');
    expect(agreesWithName('pdf', 'x.html')).toBe(false);
    expect(agreesWithName('pdf', 'x')).toBe(false);
    expect(agreesWithName('pdf', '合同.PDF')).toBe(true);
    expect(detectType(await png(), 'a.jpg')).toBe('png');
    expect(agreesWithName('png', 'a.jpg')).toBe(false);
    expect(agreesWithName('jpg', 'photo.jpeg')).toBe(true);
    expect(detectType(Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]), 'fav.ico')).toBe('ico');
    expect(detectType(Buffer.from('<html><script>alert(1)</script>'), 'x.html')).toBeNull();
  });

  it('writes limits as people read them', () => {
    expect(formatLimit(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatLimit(500 * 1024)).toBe('500 KB');
  });
});
