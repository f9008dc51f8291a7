import { Queue, Worker } from 'bullmq';
import IORedis from 'ioredis';
import type { Response } from 'supertest';
import { QUEUES } from '../../server/src/jobs/queues';
import { redisOptions } from '../../server/src/jobs/redis';
import { startTestApp, AppHandle, tokenOf } from './support/app';
import { waitFor } from './support/wait';

/**
 * The queue page (Bull Board) under /server/admin/queues: administrators only, for the page, its
 * files and its API alike; opened in a tab with the path-scoped cookie that POST
 * /server/admin/queue-page/session sets. Real PostgreSQL, Redis and BullMQ queues.
 */
const PAGE = '/server/admin/queues';

function cookieFrom(res: Response): string {
  const header = res.headers['set-cookie'] as unknown as string[] | undefined;
  const line = (header ?? []).find((c) => c.startsWith('gbo_queue_page='));
  expect(line).toBeDefined();
  return line as string;
}

/** The name=value part of a Set-Cookie line, as a browser sends it back. */
const sendBack = (setCookie: string) => setCookie.split(';')[0];

describe('queue page', () => {
  let t: AppHandle;
  let admin: string;
  let apost: string;
  let adminCookie: string;
  let apostCookie: string;
  let asset: string;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, apost] = await Promise.all([tokenOf(t, 'admin'), tokenOf(t, 'apost')]);
    const opened = await t.http.post('/server/admin/queue-page/session').set('X-Platform-Token', admin).expect(200);
    expect(opened.body.data).toEqual({ url: PAGE });
    adminCookie = sendBack(cookieFrom(opened));
    // What a non-administrator's browser would send with a cookie made of its own token.
    apostCookie = `gbo_queue_page=${apost}`;
    const page = await t.http.get(PAGE).set('Cookie', adminCookie).expect(200);
    asset = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page.text)?.[1] as string;
    expect(asset).toBeDefined();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 without a session, in the request language, for the page, its files and its API', async () => {
    for (const path of [PAGE, `${PAGE}/`, `${PAGE}/${asset}`, `${PAGE}/api/queues`]) {
      const zh = await t.http.get(path).expect(401);
      expect(zh.body).toMatchObject({ code: '401', message: '当前页面已失效，请重新登录' });
      const en = await t.http.get(path).set('Accept-Language', 'en').expect(401);
      expect(en.body.message).toBe('Your session has expired, please sign in again');
      // An unknown or forged cookie is no session either.
      await t.http.get(path).set('Cookie', 'gbo_queue_page=forged').expect(401);
    }
  });

  it('answers 403 to a signed-in user who is not an administrator, by header or by cookie', async () => {
    for (const path of [PAGE, `${PAGE}/${asset}`, `${PAGE}/api/queues`]) {
      const byHeader = await t.http.get(path).set('X-Platform-Token', apost).set('Accept-Language', 'en').expect(403);
      expect(byHeader.body).toMatchObject({ code: '403', message: 'You do not have permission to do this' });
      const byCookie = await t.http.get(path).set('Cookie', apostCookie).expect(403);
      expect(byCookie.body).toMatchObject({ code: '403', message: '没有权限执行此操作' });
    }
    // Only an administrator may get the cookie.
    const refused = await t.http.post('/server/admin/queue-page/session').set('X-Platform-Token', apost).expect(403);
    expect(refused.headers['set-cookie']).toBeUndefined();
    await t.http.post('/server/admin/queue-page/session').expect(401);
  });

  it('sets a cookie that is httpOnly, SameSite=Strict and sent to the queue page only', async () => {
    const setCookie = cookieFrom(await t.http.post('/server/admin/queue-page/session').set('X-Platform-Token', admin).expect(200));
    const attributes = setCookie.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', `path=${PAGE}`]));
    // The rest of the API does not take the cookie in place of the header.
    await t.http.get('/server/messages/unread-count').set('Cookie', adminCookie).expect(401);
  });

  it('serves the page, its files and every queue to an administrator, under a policy that runs no inline script', async () => {
    const page = await t.http.get(PAGE).set('Cookie', adminCookie).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['x-powered-by']).toBeUndefined();
    expect(page.headers['x-frame-options']).toBe('DENY');
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
    // The only inline <script> is a JSON data block, which the policy does not need to allow.
    const inline = [...page.text.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline.every((attrs) => /type="application\/json"/.test(attrs))).toBe(true);

    const script = await t.http.get(`${PAGE}/${asset}`).set('Cookie', adminCookie).expect(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    // The header works as well as the cookie (scripts, curl).
    const api = await t.http.get(`${PAGE}/api/queues`).set('X-Platform-Token', admin).expect(200);
    const names = (api.body.queues as { name: string }[]).map((q) => q.name).sort();
    expect(names).toEqual(Object.values(QUEUES).sort());
  });

  it('retries a failed job for an administrator, and refuses the changes the page may not make', async () => {
    const connection = new IORedis(redisOptions(t.config.redisUrl));
    // The app's maintenance queue as any producer sees it (the same Redis keys the page reads).
    const queueConnection = new IORedis(redisOptions(t.config.redisUrl));
    const queue = new Queue(QUEUES.maintenance, { connection: queueConnection, prefix: t.config.queuePrefix });
    // A worker of the test's own that fails every job once: the job ends failed.
    const worker = new Worker(
      QUEUES.maintenance,
      async () => {
        throw new Error('failed on purpose');
      },
      { connection, prefix: t.config.queuePrefix, autorun: false },
    );
    const failed = new Promise<void>((resolve) => worker.once('failed', () => resolve()));
    const job = await queue.add('purge-expired', {}, { jobId: `queue-page-test-${Date.now()}`, attempts: 1 });
    void worker.run();
    await failed;
    await worker.close();
    await connection.quit();
    expect(await job.getState()).toBe('failed');

    const failedList = await t.http.get(`${PAGE}/api/queues?activeQueue=${QUEUES.maintenance}&status=failed&page=1`).set('Cookie', adminCookie).expect(200);
    const shown = (failedList.body.queues as { name: string; jobs: { id: string }[] }[]).find((q) => q.name === QUEUES.maintenance);
    expect(shown?.jobs.map((j) => j.id)).toContain(job.id);

    // From another site's page: refused even with the cookie (a browser names the origin).
    await t.http.put(`${PAGE}/api/queues/${QUEUES.maintenance}/${job.id}/retry`).set('Cookie', adminCookie).set('Origin', 'http://evil.example').expect(403);
    await t.http.put(`${PAGE}/api/queues/${QUEUES.maintenance}/${job.id}/retry`).set('Cookie', apostCookie).expect(403);
    await t.http.put(`${PAGE}/api/queues/${QUEUES.maintenance}/${job.id}/retry`).set('Cookie', adminCookie).set('Sec-Fetch-Site', 'cross-site').expect(403);
    await t.http.put(`${PAGE}/api/queues/${QUEUES.maintenance}/${job.id}/retry`).set('Cookie', adminCookie).set('Sec-Fetch-Site', 'same-site').expect(403);
    expect(await job.getState()).toBe('failed');

    // The page's own request, through a proxy that rewrote Host (the browser still says same-origin).
    await t.http
      .put(`${PAGE}/api/queues/${QUEUES.maintenance}/${job.id}/retry`)
      .set('Cookie', adminCookie)
      .set('Origin', 'http://localhost:5173')
      .set('Sec-Fetch-Site', 'same-origin')
      .expect(204);
    expect(await queue.getJobState(job.id as string)).toBe('waiting');

    // Adding jobs, editing their data and wiping a queue are not the page's to do.
    const added = await t.http.post(`${PAGE}/api/queues/${QUEUES.maintenance}/add`).set('Cookie', adminCookie).send({ name: 'purge-expired', data: {} });
    expect(added.status).toBe(403);
    await t.http.put(`${PAGE}/api/queues/${QUEUES.maintenance}/obliterate`).set('Cookie', adminCookie).expect(403);
    await t.http.put(`${PAGE}/api/queues/${QUEUES.maintenance}/empty`).set('Cookie', adminCookie).expect(403);
    expect(await queue.getJobState(job.id as string)).toBe('waiting');
    await queue.remove(job.id as string);
    await queue.close();
    await queueConnection.quit();

    // The history log has the retry with its administrator, and the refusals.
    const target = `${PAGE}/api/queues/${QUEUES.maintenance}/${job.id}/retry`;
    const rows = await waitFor('the retry in the history log', async () => {
      const found: { actor_name: string | null; status: number }[] = await t.db.query(
        `SELECT actor_name, status FROM history_log WHERE target = $1 ORDER BY id`,
        [target],
      );
      return found.some((r) => r.status === 204) && found;
    });
    expect(rows).toContainEqual({ actor_name: 'admin', status: 204 });
    expect(rows).toContainEqual({ actor_name: 'apost', status: 403 });
  });

  it('answers bad input to its API with a 4xx, never a 500', async () => {
    const probes: [string, string][] = [
      ['get', `${PAGE}/api/queues?activeQueue=nope&status=failed&page=1`],
      ['get', `${PAGE}/api/queues?activeQueue=${QUEUES.maintenance}&status=bogus&page=abc`],
      ['get', `${PAGE}/api/queues/${QUEUES.maintenance}/no-such-job`],
      ['get', `${PAGE}/api/queues/nope/no-such-job`],
      ['put', `${PAGE}/api/queues/nope/retry/failed`],
      ['put', `${PAGE}/api/queues/${QUEUES.maintenance}/no-such-job/retry`],
      ['put', `${PAGE}/api/queues/${QUEUES.maintenance}/no-such-job/promote`],
      ['put', `${PAGE}/api/queues/${QUEUES.maintenance}/clean/failed?grace=-5`],
      ['get', `${PAGE}/nowhere/at/all`],
    ];
    const answers: string[] = [];
    for (const [method, path] of probes) {
      const res = await (method === 'get' ? t.http.get(path) : t.http.put(path)).set('Cookie', adminCookie);
      answers.push(`${res.status} ${method} ${path}`);
    }
    expect(answers.filter((a) => Number(a.slice(0, 3)) >= 500)).toEqual([]);
  });

  it('closes with the session: after sign-out the cookie opens nothing', async () => {
    const token = await tokenOf(t, 'admin');
    const cookie = sendBack(cookieFrom(await t.http.post('/server/admin/queue-page/session').set('X-Platform-Token', token).expect(200)));
    await t.http.get(`${PAGE}/api/queues`).set('Cookie', cookie).expect(200);
    const cleared = await t.http.delete('/server/admin/queue-page/session').set('X-Platform-Token', token).expect(200);
    expect(cookieFrom(cleared)).toMatch(/Expires=Thu, 01 Jan 1970/);
    await t.http.post('/server/auth/logout').set('X-Platform-Token', token).expect(200);
    await t.http.get(`${PAGE}/api/queues`).set('Cookie', cookie).expect(401);
  });
});
