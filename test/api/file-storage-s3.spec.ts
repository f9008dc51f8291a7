import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import S3rver from 's3rver';
import { loadConfig } from '../../server/src/config/config';
import { backendContract } from '../support/storage-backend-contract';
import { S3Backend } from '../../server/src/files/storage-backend';

/**
 * The S3 backend through the real AWS SDK against a real S3-compatible server on the loopback
 * (s3rver, from npm: MinIO is in neither apt nor npm here). s3rver ignores If-None-Match on PUT, so
 * the no-overwrite rule is left to S3 and MinIO, which honour it.
 */
const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'gbo-s3rver-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: 'gbo-files' }],
});
let endpoint = '';
beforeAll(async () => {
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(() => server.close());

function backend(): S3Backend {
  const config = loadConfig({
    FILE_STORAGE: 's3',
    S3_BUCKET: 'gbo-files',
    S3_ENDPOINT: endpoint,
    S3_PREFIX: 'test/',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  expect(config.s3).toMatchObject({ forcePathStyle: true, region: 'us-east-1' });
  return new S3Backend(config.s3!);
}

backendContract('S3Backend against s3rver', backend, { conditionalWrites: false });

it('keeps objects under the configured prefix, in the bucket', async () => {
  const key = 'documents/6a0f6a9e-8d3c-4b52-9f0e-2b1c3d4e5f60.docx';
  await backend().write(key, Buffer.from('docx bytes'), 'application/octet-stream');
  const kept = fs.readdirSync(path.join(directory, 'gbo-files'), { recursive: true }).map(String);
  expect(kept.some((f) => f.startsWith(`test${path.sep}${key.replace('/', path.sep)}`))).toBe(true);
});
