import { createUser, ownerDb, startTestApp, AppHandle, tokenOf } from './support/app';
import { waitFor } from './support/wait';

describe('health, docs, agreements, messages and the history log', () => {
  let t: AppHandle;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('checks PostgreSQL and Redis on /server/health', async () => {
    const res = await t.http.get('/server/health').expect(200);
    expect(res.body).toMatchObject({ code: 'A00000', data: { postgres: 'up', redis: 'up' } });
  });

  it('serves the OpenAPI document with the sign-in path', async () => {
    const res = await t.http.get('/server/docs-json').expect(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/server/open/auth/platformLogin/{platform}', '/server/user/current']));
    await t.http.get('/server/docs').expect(200);
  });

  it('answers the current agreement in the request language, and its versions', async () => {
    const zh = await t.http.get('/server/open/agreements/current?type=privacy').expect(200);
    expect(zh.body.data).toMatchObject({ type: 'privacy', language: 'zh-CN', version: 1, current: true, title: '隐私政策' });
    const en = await t.http.get('/server/open/agreements/current?type=service').set('Accept-Language', 'en').expect(200);
    expect(en.body.data).toMatchObject({ language: 'en', title: 'Service agreement' });
    expect(en.body.data.content.length).toBeGreaterThan(100);
    const versions = await t.http.get('/server/open/agreements/versions?type=service&language=zh-CN').expect(200);
    expect(versions.body.data.map((a: any) => a.version)).toEqual([1]);
    await t.http.get('/server/open/agreements/current?type=other').expect(400);
  });

  it("lists the user's own messages with unread count, and marks one read", async () => {
    const token = await tokenOf(t, 'leader');
    const list = await t.http.get('/server/messages?pageNum=1&pageSize=50').set('X-Platform-Token', token).expect(200);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM message WHERE user_id = (SELECT id FROM app_user WHERE username = 'leader')`);
    expect(list.body.data.total).toBe(n);
    expect(list.body.data.list.map((m: any) => m.title)).toContain('欢迎使用担保业务管理系统');
    // The demo's notices in the page's language; the same rows, the same ids.
    const en = await t.http.get('/server/messages?pageNum=1&pageSize=50').set('X-Platform-Token', token).set('Accept-Language', 'en').expect(200);
    const welcome = en.body.data.list.find((m: any) => m.title === 'Welcome to the guarantee management platform');
    expect(welcome?.content).toBe('This is a demo: all the data here is made up.');
    expect(list.body.data.list.find((m: any) => m.id === welcome.id).title).toBe('欢迎使用担保业务管理系统');
    expect(en.body.data.list.map((m: any) => m.title).join('\n')).not.toMatch(/欢迎|完善个人资料/);
    const unreadCount = async () => (await t.http.get('/server/messages/unread-count').set('X-Platform-Token', token)).body.data.count;
    const before = await unreadCount();
    expect(before).toBe(list.body.data.list.filter((m: any) => !m.read).length);
    const unread = list.body.data.list.find((m: any) => !m.read);
    await t.http.patch(`/server/messages/${unread.id}/read`).set('X-Platform-Token', token).expect(200);
    expect(await unreadCount()).toBe(before - 1);
    // Marking it again changes nothing.
    await t.http.patch(`/server/messages/${unread.id}/read`).set('X-Platform-Token', token).expect(200);
    expect(await unreadCount()).toBe(before - 1);

    // Another user cannot touch it.
    const other = await tokenOf(t, 'finance');
    await t.http.patch(`/server/messages/${unread.id}/read`).set('X-Platform-Token', other).expect(404);
    await t.http.patch(`/server/messages/not-an-id/read`).set('X-Platform-Token', other).expect(404);
  });

  it('records every state-changing request with actor and outcome; only administrators read it', async () => {
    const u = await createUser(t);
    const token = await tokenOf(t, u.username, u.password);
    await t.http.post('/server/auth/logout').set('X-Platform-Token', token).expect(200);
    const admin = await tokenOf(t, 'admin');
    const rows: any[] = await waitFor('both requests in the history log', async () => {
      const found = await t.db.query(`SELECT * FROM history_log WHERE actor_name = $1 ORDER BY id`, [u.username]);
      return found.length >= 2 && found;
    });
    expect(rows.map((r) => [r.action, r.status])).toEqual([
      ['POST /server/open/auth/platformLogin/:platform', 200],
      ['POST /server/auth/logout', 200],
    ]);
    expect(rows[1].actor_id).toBe(u.id);

    const page = await t.http.get(`/server/history?actor=${u.username}`).set('X-Platform-Token', admin).expect(200);
    expect(page.body.data.list.map((r: any) => r.outcome)).toEqual(['SUCCESS', 'SUCCESS']);
    // In words for staff, in the request's language; a sign-in names who signed in.
    expect(page.body.data.list.map((r: any) => [r.actionLabel, r.object])).toEqual([
      ['退出登录', null],
      ['登录', u.username],
    ]);
    const en = await t.http.get(`/server/history?actor=${u.username}`).set('X-Platform-Token', admin).set('Accept-Language', 'en').expect(200);
    expect(en.body.data.list.map((r: any) => r.actionLabel)).toEqual(['Sign out', 'Sign in']);
    // A request about a user names that user.
    await t.http.patch(`/server/user/${u.id}/disabled`).set('X-Platform-Token', admin).send({ disabled: true });
    const mine: any = await waitFor('the request about the user in the history log', async () => {
      const all = await t.http.get(`/server/history?route=${u.id}`).set('X-Platform-Token', admin).expect(200);
      return all.body.data.list[0];
    });
    expect([mine.actionLabel, mine.object]).toEqual(['启用/停用用户', u.username]);
    const apost = await tokenOf(t, 'apost');
    await t.http.get('/server/history').set('X-Platform-Token', apost).expect(403);
  });

  it('lists the history newest first by time, then by numeric id (not as text: 999 before 1000)', async () => {
    const actor = `order-${Date.now()}`;
    // 12 rows whose ids cross a power of ten (text order would put 999 before 1005); rows g=0 and g=1 share one
    // time, g=11 has the highest id but the oldest time.
    const [{ max }] = await t.db.query(`SELECT coalesce(max(id), 0)::text AS max FROM history_log`);
    const base = 10n ** BigInt(String(BigInt(max) + 20n).length);
    await t.db.query(
      `INSERT INTO history_log (id, actor_name, method, action, target, status, created_at)
       SELECT $2::bigint - 6 + g, $1, 'POST', 'order ' || g, '/x', 200,
              timestamptz '2026-01-01 00:00:00+00' + make_interval(hours => CASE WHEN g = 11 THEN -5 ELSE greatest(g - 1, 0) END)
         FROM generate_series(0, 11) g`,
      [actor, String(base)],
    );
    // Moving a sequence is the owner's business (the application's role may only draw from it).
    const owner = await ownerDb();
    await owner.query(`SELECT setval(pg_get_serial_sequence('history_log', 'id'), (SELECT max(id) FROM history_log))`).finally(() => owner.destroy());
    const admin = await tokenOf(t, 'admin');
    const page = await t.http.get(`/server/history?actor=${actor}&pageNum=1&pageSize=50`).set('X-Platform-Token', admin).expect(200);
    const expected = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 11].map((g) => `order ${g}`);
    expect(page.body.data.list.map((r: any) => r.action)).toEqual(expected);
    expect(page.body.data.total).toBe(12);
    // Paging keeps the order across pages.
    const second = await t.http.get(`/server/history?actor=${actor}&pageNum=2&pageSize=5`).set('X-Platform-Token', admin).expect(200);
    expect(second.body.data.list.map((r: any) => r.action)).toEqual(expected.slice(5, 10));
  });
});
