import type { AddressInfo } from 'node:net';
import { bootTestApp } from '../app';

/**
 * Boots the shared app (support/app.ts' configuration, no overrides), listens on a port of
 * 127.0.0.1, tells the parent its URL and runs until the parent asks it to close (or goes away).
 */
export default async function serve(): Promise<void> {
  const t = await bootTestApp();
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  const closing = new Promise<void>((resolve) => {
    process.on('message', (message) => message === 'close' && resolve());
    process.on('disconnect', resolve);
  });
  process.send!({ url: `http://127.0.0.1:${port}` });
  await closing;
  await t.close();
}
