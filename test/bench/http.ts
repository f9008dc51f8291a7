// What the benches share to talk to the API under test (APP_URL): signing in as a demo account, and
// GETs over kept-alive connections that answer the envelope's data and the body's size.
import { constants, publicEncrypt } from 'node:crypto';
import * as http from 'node:http';
import { performance } from 'node:perf_hooks';

export const BASE = process.env.APP_URL ?? 'http://127.0.0.1:3000';
const { hostname, port } = new URL(BASE);

/** A demo account's token, signed in as the web does (the password RSA-encrypted with the server's key). */
export async function signIn(username: string): Promise<string> {
  const key = (await (await fetch(`${BASE}/server/open/auth/public-key`)).json()) as { data: { publicKey: string } };
  const password = publicEncrypt(
    { key: key.data.publicKey, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(process.env.DEMO_PASSWORD || 'Demo@2026'),
  ).toString('base64');
  const res = await fetch(`${BASE}/server/open/auth/platformLogin/PLATFORM`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ checkStatus: true, username, password }),
  });
  const token = ((await res.json()) as { extras?: Record<string, string> }).extras?.['x-platform-token'];
  if (!token) throw new Error(`sign-in of ${username} failed (${res.status})`);
  return token;
}

/** GETs under /server through one agent: `get` answers the envelope's data, `getSized` also the body's bytes; a non-success code rejects. */
export function apiClient(maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const getSized = (path: string, token: string): Promise<{ data: any; bytes: number }> =>
    new Promise((resolve, reject) => {
      http
        .get({ agent, hostname, port, path: `/server${path}`, headers: { 'X-Platform-Token': token } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            const json = JSON.parse(body.toString('utf8'));
            if (json.code !== 'A00000') reject(new Error(`GET ${path}: ${res.statusCode} ${JSON.stringify(json).slice(0, 300)}`));
            else resolve({ data: json.data, bytes: body.length });
          });
        })
        .on('error', reject);
    });
  return { agent, getSized, get: (path: string, token: string): Promise<any> => getSized(path, token).then((r) => r.data) };
}

/** The value below which a share `q` of the samples lie (nearest rank). */
export const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
export const p95 = (xs: number[]) => quantile(xs, 0.95);

/** p95 in ms of `repeat` runs of `op`, after one warm-up run. */
export async function timedP95(op: () => Promise<unknown>, repeat: number): Promise<number> {
  await op();
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t = performance.now();
    await op();
    times.push(performance.now() - t);
  }
  return p95(times);
}
