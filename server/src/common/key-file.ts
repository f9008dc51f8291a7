import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Reads a key file, or writes a new one (mode 0600) and reads that. The new key is written whole to a
 * file of its own, then linked in under the name: a link never replaces a file that is there, and the
 * name never shows a key half-written. So processes that start together (several API processes on a
 * first start) all end with the one key that won, and none reads an empty file. Where the file system
 * has no hard links, an exclusive create is the fallback (the old way, with its short window).
 */
export function readOrCreateKeyFile(file: string, make: () => string): { text: string; created: boolean } {
  try {
    return { text: fs.readFileSync(file, 'utf8'), created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const text = make();
  const draft = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.new`;
  fs.writeFileSync(draft, text, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(draft, file);
    return { text, created: true };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return { text: fs.readFileSync(file, 'utf8'), created: false };
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    try {
      fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
      return { text, created: true };
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code !== 'EEXIST') throw again;
      return { text: fs.readFileSync(file, 'utf8'), created: false };
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
}
