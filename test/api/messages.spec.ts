import { count, createUser, startTestApp, AppHandle, tokenOf } from './support/app';

/**
 * A user's messages as the dashboard and the header badge use them: the unread count (the server
 * gives the true number; the badge shows 99+ above 99), pages, mark one read, mark all read, and
 * nobody else's messages touched. Real PostgreSQL.
 */
describe('messages: unread count, pages, mark read, mark all read', () => {
  let t: AppHandle;
  let user: { id: string; token: string };
  let other: { id: string; token: string };

  /** `n` unread messages for a user, one second apart (newest last). */
  async function addMessages(userId: string, n: number, title = 'reminder') {
    await t.db.query(
      `INSERT INTO message (user_id, title, content, type, created_at)
       SELECT $1, $2 || ' ' || i, 'content ' || i, 'NOTICE', now() - make_interval(secs => $3 - i) FROM generate_series(1, $3) AS i`,
      [userId, title, n],
    );
  }
  const unread = async (token: string) => {
    const res = await t.http.get('/server/messages/unread-count').set('X-Platform-Token', token).expect(200);
    return res.body.data.count as number;
  };

  beforeAll(async () => {
    t = await startTestApp();
    const [a, b] = await Promise.all([createUser(t), createUser(t)]);
    user = { id: a.id, token: await tokenOf(t, a.username, a.password) };
    other = { id: b.id, token: await tokenOf(t, b.username, b.password) };
    await addMessages(user.id, 120);
    await addMessages(other.id, 3, 'other');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts the unread messages exactly, above 99 too, and refuses without a session', async () => {
    expect(await unread(user.token)).toBe(120);
    expect(await unread(other.token)).toBe(3);
    await t.http.get('/server/messages/unread-count').expect(401);
    await t.http.patch('/server/messages/read-all').expect(401);
  });

  it('pages the list newest first', async () => {
    const page1 = await t.http.get('/server/messages?pageNum=1&pageSize=50').set('X-Platform-Token', user.token).expect(200);
    expect(page1.body.data.total).toBe(120);
    expect(page1.body.data.list).toHaveLength(50);
    expect(page1.body.data.list[0]).toMatchObject({ title: 'reminder 120', read: false });
    const page3 = await t.http.get('/server/messages?pageNum=3&pageSize=50').set('X-Platform-Token', user.token).expect(200);
    expect(page3.body.data.list).toHaveLength(20);
    expect(page3.body.data.list.at(-1).title).toBe('reminder 1');
    // Bad paging is a 400 in the request's language, not a 500.
    const bad = await t.http.get('/server/messages?pageNum=0&pageSize=50').set('X-Platform-Token', user.token).set('Accept-Language', 'en').expect(400);
    expect(bad.body.message).toMatch(/^Invalid input/);
  });

  it('marks one read: the count drops by one, and only for its recipient', async () => {
    const list = await t.http.get('/server/messages?pageNum=1&pageSize=1').set('X-Platform-Token', user.token).expect(200);
    const id = list.body.data.list[0].id as string;
    await t.http.patch(`/server/messages/${id}/read`).set('X-Platform-Token', other.token).expect(404);
    expect(await unread(user.token)).toBe(120);
    await t.http.patch(`/server/messages/${id}/read`).set('X-Platform-Token', user.token).expect(200);
    expect(await unread(user.token)).toBe(119);
    const again = await t.http.get('/server/messages?pageNum=1&pageSize=1').set('X-Platform-Token', user.token).expect(200);
    expect(again.body.data.list[0]).toMatchObject({ id, read: true });
  });

  it("marks all read: says how many, leaves the count at 0 and another user's messages unread", async () => {
    const res = await t.http.patch('/server/messages/read-all').set('X-Platform-Token', user.token).expect(200);
    expect(res.body).toMatchObject({ code: 'A00000', data: { count: 119 } });
    expect(await unread(user.token)).toBe(0);
    expect(await count(t, `message WHERE user_id = $1 AND read_at IS NULL`, [user.id])).toBe(0);
    expect(await unread(other.token)).toBe(3);
    // Nothing left: a second call changes nothing.
    const second = await t.http.patch('/server/messages/read-all').set('X-Platform-Token', user.token).expect(200);
    expect(second.body.data.count).toBe(0);
  });
});
