import { startTestApp, AppHandle, tokenOf } from './support/app';

/**
 * "Never a 500 for bad input": every route of the OpenAPI document, called by the administrator with
 * path ids that are not ids, junk query values and empty or wrong bodies, answers a 4xx (or 2xx).
 */
describe('bad input never reaches a 500', () => {
  let t: AppHandle;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await tokenOf(t, 'admin');
  });
  afterAll(() => t.close());

  it('holds for every documented route', async () => {
    const doc = (await t.http.get('/server/docs-json').expect(200)).body;
    const failures: string[] = [];
    let calls = 0;
    for (const [path, ops] of Object.entries<Record<string, unknown>>(doc.paths)) {
      for (const method of Object.keys(ops)) {
        if (path === '/server/auth/logout') continue; // would end the session the sweep uses
        const url = path.replace(/\{[^}]+\}/g, 'not-an-id');
        const withQuery = `${url}?pageNum=-1&pageSize=abc&sort=nope&order=sideways&type=WHAT&amountMin=x&from=yesterday`;
        for (const body of [undefined, {}, { type: 'X', payload: 'nope', expectedVersion: -1, name: 12, content: [] }]) {
          if (method === 'get' && body !== undefined) continue;
          const req = (t.http as any)[method](withQuery).set('X-Platform-Token', admin);
          const res = body === undefined ? await req : await req.send(body);
          calls++;
          if (res.status >= 500)
            failures.push(`${method.toUpperCase()} ${path} body=${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });
});
