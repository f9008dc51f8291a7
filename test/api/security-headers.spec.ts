import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Response } from 'supertest';
import { bootTestApp, AppHandle, tokenOf } from './support/app';

/**
 * Browser security headers on every kind of answer: the web client's pages and files, the OpenAPI
 * page, JSON answers, downloads and errors. The web client here is a two-file stand-in, so that the
 * page routes exist without a web build.
 */

/** The Content-Security-Policy as a map of directive to its sources. */
function policyOf(res: Response): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** What every answer carries, whatever it is. */
function expectBaseHeaders(res: Response) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-powered-by']).toBeUndefined();
  expect(policyOf(res).get('frame-ancestors')).toEqual(["'none'"]);
}

/** The web client's policy: scripts from this origin only, nothing inline, nothing from elsewhere. */
function expectPagePolicy(res: Response) {
  expectBaseHeaders(res);
  const csp = policyOf(res);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
  expect(csp.get('object-src')).toEqual(["'none'"]);
  for (const sources of csp.values()) {
    expect(sources).not.toContain("'unsafe-eval'");
    expect(sources).not.toContain('*');
  }
}

/** API answers and files: a document that may load and run nothing. */
function expectAnswerPolicy(res: Response) {
  expectBaseHeaders(res);
  const csp = policyOf(res);
  expect(csp.get('default-src')).toEqual(["'none'"]);
  expect(csp.has('script-src')).toBe(false);
}

describe('browser security headers', () => {
  let t: AppHandle;
  let web: string;
  let admin: string;

  beforeAll(async () => {
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
    );
    fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1);');
    t = await bootTestApp({ webDist: web });
    admin = await tokenOf(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('sends them with the pages and files of the web client', async () => {
    const home = await t.http.get('/').expect(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expectPagePolicy(home);
    // A deep link answered with index.html, and a script file.
    expectPagePolicy(await t.http.get('/company/list').expect(200));
    const script = await t.http.get('/assets/app.js').expect(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expectPagePolicy(script);
  });

  it('sends them with the OpenAPI page (its scripts are files, so the same policy holds)', async () => {
    const docs = await t.http.get('/server/docs').redirects(1).expect(200);
    expect(docs.text).toContain('swagger-ui');
    expect(docs.text).not.toMatch(/<script>(?!\s*<\/script>)/);
    expectPagePolicy(docs);
    expectAnswerPolicy(await t.http.get('/server/docs-json').expect(200));
  });

  it('sends them with JSON answers, public and signed-in', async () => {
    const health = await t.http.get('/server/health').expect(200);
    expect(health.body.code).toBe('A00000');
    expectAnswerPolicy(health);
    const current = await t.http.get('/server/user/current').set('X-Platform-Token', admin).expect(200);
    expect(current.body.data[0].username).toBe('admin');
    expectAnswerPolicy(current);
  });

  it('sends them with downloads (an export)', async () => {
    const res = await t.http
      .get('/server/companies/export')
      .set('X-Platform-Token', admin)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect((res.body as Buffer).subarray(0, 2).toString('latin1')).toBe('PK');
    expectAnswerPolicy(res);
  });

  it('sends them with error answers (401, 404, 400)', async () => {
    const unsigned = await t.http.get('/server/user/current').expect(401);
    expect(unsigned.body.code).not.toBe('A00000');
    expectAnswerPolicy(unsigned);
    expectAnswerPolicy(await t.http.get('/server/no-such-route').set('X-Platform-Token', admin).expect(404));
    expectAnswerPolicy(await t.http.get('/server/open/agreements/current?type=other').expect(400));
    // A POST to a page path is no one's: express's own 404 page, with its own, stricter policy.
    const post = await t.http.post('/company/list').send({}).expect(404);
    expect(post.headers['content-security-policy']).toBe("default-src 'none'");
    expect(post.headers['x-content-type-options']).toBe('nosniff');
    expect(post.headers['x-frame-options']).toBe('DENY');
    expect(post.headers['x-powered-by']).toBeUndefined();
  });
});
