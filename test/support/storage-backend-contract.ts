import type { StorageBackend } from '../../server/src/files/storage-backend';

/**
 * The contract every storage backend keeps, run against the folder backend (unit tier) and against
 * S3Backend talking to a real S3-compatible server (s3rver, in test/api/file-storage-s3.spec.ts).
 * `conditionalWrites`: the server honours If-None-Match on PUT (S3 and MinIO do; s3rver does not).
 */
export function backendContract(name: string, make: () => StorageBackend, options: { conditionalWrites: boolean } = { conditionalWrites: true }) {
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

    (options.conditionalWrites ? it : it.skip)('never overwrites an object', async () => {
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
