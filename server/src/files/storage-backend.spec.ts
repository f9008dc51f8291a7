import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LocalFolderBackend, type StorageBackend } from './storage-backend';

/**
 * The contract every backend keeps. Only the folder backend is run here: no S3-compatible server can
 * run on this machine (MinIO is in neither apt nor npm); S3Backend implements the same three calls
 * with the AWS SDK and is to be run against a real bucket where one exists (README, "Files").
 */
function backendContract(name: string, make: () => StorageBackend) {
  describe(`${name}: the storage backend contract`, () => {
    const key = 'attachments/0d6f1f59-1f7c-4c1e-9a7a-2f7d1c0e8a11.pdf';

    it('writes, reads back the same bytes and removes', async () => {
      const backend = make();
      const bytes = Buffer.from('%PDF-1.4 contract');
      await backend.write(key, bytes, 'application/pdf');
      expect((await backend.read(key))!.equals(bytes)).toBe(true);
      await backend.remove(key);
      expect(await backend.read(key)).toBeNull();
      await backend.remove(key); // removing twice is no error
    });

    it('never overwrites an object', async () => {
      const backend = make();
      await backend.write(key, Buffer.from('first'), 'application/pdf');
      await expect(backend.write(key, Buffer.from('second'), 'application/pdf')).rejects.toThrow();
      expect((await backend.read(key))!.toString()).toBe('first');
    });

    it('takes only generated keys: no path from outside reaches it', async () => {
      const backend = make();
      for (const bad of ['../etc/passwd', 'attachments/../../x.pdf', 'attachments/a.pdf', '/abs/0d6f1f59-1f7c-4c1e-9a7a-2f7d1c0e8a11.pdf']) {
        await expect(backend.read(bad)).rejects.toThrow(/not a storage key/);
        await expect(backend.write(bad, Buffer.from('x'), 'text/plain')).rejects.toThrow(/not a storage key/);
      }
    });
  });
}

backendContract('LocalFolderBackend', () => new LocalFolderBackend(fs.mkdtempSync(path.join(os.tmpdir(), 'gbo-files-'))));
