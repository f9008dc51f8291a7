import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readOrCreateKeyFile } from './key-file';

const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'gbo-key-file-'));

describe('readOrCreateKeyFile', () => {
  it('writes a missing key whole, mode 0600, in a folder it makes (0700), and reads it back the next time', () => {
    const file = path.join(dir(), 'keys', 'k.pem');
    expect(readOrCreateKeyFile(file, () => 'first\n')).toEqual({ text: 'first\n', created: true });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(readOrCreateKeyFile(file, () => 'second\n')).toEqual({ text: 'first\n', created: false });
    // no draft left beside it
    expect(fs.readdirSync(path.dirname(file))).toEqual(['k.pem']);
  });

  it('when another process writes the key while this one makes its own, both end with the one written first', () => {
    const file = path.join(dir(), 'k.pem');
    // the other process wins in the middle of this one's make(): after this one found no file
    const mine = readOrCreateKeyFile(file, () => {
      expect(readOrCreateKeyFile(file, () => 'theirs')).toEqual({ text: 'theirs', created: true });
      return 'mine';
    });
    expect(mine).toEqual({ text: 'theirs', created: false });
    expect(fs.readFileSync(file, 'utf8')).toBe('theirs');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['k.pem']);
  });

  it('passes on an error other than a missing file (a folder in its place)', () => {
    const file = path.join(dir(), 'k.pem');
    fs.mkdirSync(file);
    expect(() => readOrCreateKeyFile(file, () => 'x')).toThrow(/EISDIR/);
  });
});
