import { randomUUID } from 'node:crypto';
import { count, createUser, encrypt, login, startTestApp, AppHandle, tokenOf } from './support/app';
import { readExport, userWith } from './support/lists';
import { waitFor } from './support/wait';

/** users: the spec's rules at every edge, permissions, sessions ended by disable and reset. */
describe('user administration', () => {
  let t: AppHandle;
  let admin: string;
  let userRoleId: string;
  let adminRoleId: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await tokenOf(t, 'admin');
    [{ id: userRoleId }] = await t.db.query(`SELECT id FROM role WHERE code = 'ROLE_USER'`);
    [{ id: adminRoleId }] = await t.db.query(`SELECT id FROM role WHERE code = 'ROLE_ADMIN'`);
  });
  afterAll(() => t.close());

  const uniqueName = (length = 10) => `n${randomUUID().replace(/-/g, '')}`.slice(0, length);
  const body = (over: Record<string, unknown> = {}) => {
    const password = (over.plainPassword as string) ?? 'Good@2026x';
    const confirm = (over.plainConfirm as string) ?? password;
    const { plainPassword: _p, plainConfirm: _c, ...rest } = over;
    return {
      username: uniqueName(),
      nickname: 'Nick',
      phone: '13800138000',
      email: 'someone@example.com',
      roleIds: [userRoleId],
      password: encrypt(t.publicKey, password),
      confirmPassword: encrypt(t.publicKey, confirm),
      ...rest,
    };
  };
  const add = (over: Record<string, unknown> = {}, token = admin) =>
    t.http.post('/server/user').set('X-Platform-Token', token).set('Accept-Language', 'en').send(body(over));
  const fieldOf = (res: any) => res.body.data?.fieldErrors?.[0]?.field;

  it('adds a user that then signs in with the password it was given', async () => {
    const res = await add({ username: 'Newcomer01', plainPassword: 'Abc@12345' }).expect(201);
    expect(res.body.code).toBe('A00000');
    expect(res.body.data).toMatchObject({ username: 'Newcomer01', nickname: 'Nick', phone: '13800138000', roles: ['ROLE_USER'], disabled: false });
    expect(res.body.data).not.toHaveProperty('password_hash');
    expect((await login(t, 'Newcomer01', 'Abc@12345')).body.code).toBe('A00000');
    // the name is taken whatever its case
    const again = await add({ username: 'newcomer01' }).expect(409);
    expect(again.body).toMatchObject({ code: 'A11001', message: 'The user name newcomer01 is already taken' });
    expect(fieldOf(again)).toBe('username');
  });

  it('checks the user name at 4/5/15/16 characters', async () => {
    const before = await count(t, 'app_user');
    expect(fieldOf(await add({ username: 'abcd' }).expect(400))).toBe('username');
    expect(fieldOf(await add({ username: uniqueName(16) }).expect(400))).toBe('username');
    expect(fieldOf(await add({ username: 'has space' }).expect(400))).toBe('username');
    expect(await count(t, 'app_user')).toBe(before);
    await add({ username: uniqueName(5) }).expect(201);
    await add({ username: uniqueName(15) }).expect(201);
  });

  it('checks the password at 7/8/16/17 characters and each kind of character, and the confirmation', async () => {
    const before = await count(t, 'app_user');
    const weak = async (password: string) => {
      const res = await add({ plainPassword: password }).expect(400);
      expect(res.body.code).toBe('A01102');
      expect(fieldOf(res)).toBe('password');
    };
    await weak('Ab@1234'); // 7
    await weak('Ab@12345678901234'); // 17
    await weak('abc@12345'); // no upper case
    await weak('ABC@12345'); // no lower case
    await weak('Abcd@efgh'); // no digit
    await weak('Abcd12345'); // no symbol
    await weak('Abc@ 12345'); // a space
    const mismatch = await add({ plainPassword: 'Abc@12345', plainConfirm: 'Abc@12346' }).expect(400);
    expect(mismatch.body).toMatchObject({ code: 'A11002', message: 'The two passwords are inconsistent' });
    expect(fieldOf(mismatch)).toBe('confirmPassword');
    // a password sent in clear text is refused, never stored
    const clear = await add({ password: 'Abc@12345', confirmPassword: 'Abc@12345' }).expect(400);
    expect(clear.body.code).toBe('A01006');
    expect(await count(t, 'app_user')).toBe(before);
    await add({ plainPassword: 'Ab@12345' }).expect(201); // 8
    await add({ plainPassword: 'Ab@1234567890123' }).expect(201); // 16
  });

  it('checks nickname 0/1/30/31, phone 10/11/12 digits, e-mail format, roles present', async () => {
    const before = await count(t, 'app_user');
    expect(fieldOf(await add({ nickname: '' }).expect(400))).toBe('nickname');
    expect(fieldOf(await add({ nickname: 'x'.repeat(31) }).expect(400))).toBe('nickname');
    expect(fieldOf(await add({ phone: '1380013800' }).expect(400))).toBe('phone');
    expect(fieldOf(await add({ phone: '138001380001' }).expect(400))).toBe('phone');
    expect(fieldOf(await add({ phone: '1380013800a' }).expect(400))).toBe('phone');
    const badMail = await add({ email: 'not-an-address' }).expect(400);
    expect(fieldOf(badMail)).toBe('email');
    expect(badMail.body.data.fieldErrors[0].message).toBe('e-mail is not a valid e-mail address');
    expect(fieldOf(await add({ roleIds: [] }).expect(400))).toBe('roleIds');
    expect((await add({ roleIds: [randomUUID()] }).expect(400)).body.code).toBe('A11004');
    const zh = await t.http
      .post('/server/user')
      .set('X-Platform-Token', admin)
      .set('Accept-Language', 'zh-CN')
      .send(body({ nickname: '' }))
      .expect(400);
    expect(zh.body.data.fieldErrors[0].message).toContain('昵称');
    expect(await count(t, 'app_user')).toBe(before);
    const ok = await add({ nickname: '张', phone: null, email: null }).expect(201);
    expect(ok.body.data).toMatchObject({ nickname: '张', phone: null, email: null });
    await add({ nickname: '名'.repeat(30) }).expect(201);
  });

  it('refuses every administration call to a user without the permission (403), and writes nothing', async () => {
    const target = await createUser(t);
    const lister = await userWith(t, ['user', 'user_list']);
    const apost = await tokenOf(t, 'apost');
    for (const token of [apost, lister.token]) {
      await add({}, token).expect(403);
      await t.http
        .put(`/server/user/${target.id}`)
        .set('X-Platform-Token', token)
        .send({ nickname: 'x', roleIds: [userRoleId] })
        .expect(403);
      await t.http.delete(`/server/user/${target.id}`).set('X-Platform-Token', token).expect(403);
      await t.http.post(`/server/user/${target.id}/reset-password`).set('X-Platform-Token', token).expect(403);
      await t.http.patch(`/server/user/${target.id}/disabled`).set('X-Platform-Token', token).send({ disabled: true }).expect(403);
    }
    await t.http.get('/server/user/userList').set('X-Platform-Token', apost).expect(403);
    await t.http.get('/server/user/userList').set('X-Platform-Token', lister.token).expect(200);
    expect(await count(t, 'app_user WHERE id = $1 AND nickname = username AND NOT disabled AND deleted_at IS NULL', [target.id])).toBe(1);
  });

  it('lets a user manager who is not an administrator neither make an administrator nor touch one', async () => {
    const manager = await userWith(t, ['user', 'user_list', 'sys:user:add', 'sys:user:edit', 'sys:user:disable']);
    const made = await add({ roleIds: [adminRoleId] }, manager.token).expect(403);
    expect(made.body.code).toBe('403');
    const [{ id: adminId }] = await t.db.query(`SELECT id FROM app_user WHERE username = 'admin'`);
    await t.http.patch(`/server/user/${adminId}/disabled`).set('X-Platform-Token', manager.token).send({ disabled: true }).expect(403);
    // nor raise itself: editing one's own account here is refused
    await t.http
      .put(`/server/user/${manager.id}`)
      .set('X-Platform-Token', manager.token)
      .send({ nickname: 'me', roleIds: [adminRoleId] })
      .expect(409);
    expect(await count(t, `user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = $1 AND r.code = 'ROLE_ADMIN'`, [manager.id])).toBe(0);
    await add({}, manager.token).expect(201);
  });

  it('edits nickname, phone, e-mail and roles; the user sees the new roles on its next request', async () => {
    const u = await createUser(t);
    const token = await tokenOf(t, u.username, u.password);
    await t.http.get('/server/loans').set('X-Platform-Token', token).expect(403);
    // a request first, so the session sits in the cache
    await t.http.get('/server/user/current').set('X-Platform-Token', token).expect(200);
    const [{ id: apostRole }] = await t.db.query(`SELECT id FROM role WHERE code = 'A_POST'`);
    const res = await t.http
      .put(`/server/user/${u.id}`)
      .set('X-Platform-Token', admin)
      .send({ nickname: '新昵称', phone: '13900139000', email: 'a@b.cn', roleIds: [apostRole] })
      .expect(200);
    expect(res.body.data).toMatchObject({ nickname: '新昵称', phone: '13900139000', email: 'a@b.cn', roles: ['A_POST'] });
    const current = await t.http.get('/server/user/current').set('X-Platform-Token', token).expect(200);
    expect(current.body.data[0].roles).toEqual(['A_POST']);
    expect(current.body.data[0].authorityList).toContain('loan_list');
    await t.http.get('/server/loans').set('X-Platform-Token', token).expect(200);
    const bad = await t.http
      .put(`/server/user/${u.id}`)
      .set('X-Platform-Token', admin)
      .send({ nickname: 'x'.repeat(31), roleIds: [apostRole] })
      .expect(400);
    expect(fieldOf(bad)).toBe('nickname');
    await t.http
      .put(`/server/user/${randomUUID()}`)
      .set('X-Platform-Token', admin)
      .send({ nickname: 'x', roleIds: [apostRole] })
      .expect(404);
  });

  it('disabling ends the sessions at once: the next request is 401, sign-in refused; enabling lets it back', async () => {
    const u = await createUser(t);
    const token = await tokenOf(t, u.username, u.password);
    await t.http.get('/server/user/current').set('X-Platform-Token', token).expect(200); // cached now
    await t.http.patch(`/server/user/${u.id}/disabled`).set('X-Platform-Token', admin).send({ disabled: true }).expect(200);
    await t.http.get('/server/user/current').set('X-Platform-Token', token).expect(401);
    expect(await count(t, 'user_session WHERE user_id = $1 AND revoked_at IS NULL', [u.id])).toBe(0);
    expect((await login(t, u.username, u.password)).body.code).toBe('A01007');
    const listed = await t.http.get('/server/user/userList?status=disabled&pageSize=200').set('X-Platform-Token', admin).expect(200);
    expect(listed.body.data.list.map((r: any) => r.id)).toContain(u.id);
    await t.http.patch(`/server/user/${u.id}/disabled`).set('X-Platform-Token', admin).send({ disabled: false }).expect(200);
    expect((await login(t, u.username, u.password)).body.code).toBe('A00000');
    // never oneself
    const [{ id: adminId }] = await t.db.query(`SELECT id FROM app_user WHERE username = 'admin'`);
    const self = await t.http
      .patch(`/server/user/${adminId}/disabled`)
      .set('X-Platform-Token', admin)
      .set('Accept-Language', 'en')
      .send({ disabled: true })
      .expect(409);
    expect(self.body).toMatchObject({ code: 'A11003', message: 'You cannot do this to your own account' });
  });

  it('resets a password: a new strong one is answered once, the old one and the sessions stop working', async () => {
    const u = await createUser(t);
    const token = await tokenOf(t, u.username, u.password);
    const res = await t.http.post(`/server/user/${u.id}/reset-password`).set('X-Platform-Token', admin).expect(200);
    const fresh: string = res.body.data.password;
    expect(fresh).toMatch(/^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[^A-Za-z0-9\s])\S{8,16}$/);
    expect(res.body.data.revokedSessions).toBe(1);
    await t.http.get('/server/user/current').set('X-Platform-Token', token).expect(401);
    expect((await login(t, u.username, u.password)).body.code).toBe('A01001');
    expect((await login(t, u.username, fresh)).body.code).toBe('A00000');
    // the reset is in the history log (once its writer flushed), the password is nowhere in it
    const resets = () => count(t, `history_log WHERE target = $1`, [`/server/user/${u.id}/reset-password`]);
    await waitFor('the reset in the history log', async () => (await resets()) > 0);
    expect(await resets()).toBe(1);
    expect(await count(t, `history_log WHERE target LIKE $1`, [`%${fresh}%`])).toBe(0);
  });

  it('deletes a user: gone from the list, cannot sign in, its sessions end, its name stays taken', async () => {
    const u = await createUser(t);
    const token = await tokenOf(t, u.username, u.password);
    await t.http.delete(`/server/user/${u.id}`).set('X-Platform-Token', admin).expect(200);
    await t.http.get('/server/user/current').set('X-Platform-Token', token).expect(401);
    expect((await login(t, u.username, u.password)).body.code).toBe('A01001');
    const listed = await t.http.get(`/server/user/userList?username=${u.username}`).set('X-Platform-Token', admin).expect(200);
    expect(listed.body.data.total).toBe(0);
    await t.http.get(`/server/user/${u.id}`).set('X-Platform-Token', admin).expect(404);
    await t.http.delete(`/server/user/${u.id}`).set('X-Platform-Token', admin).expect(404);
    await add({ username: u.username }).expect(409);
  });

  it('filters the list by name, phone, status and role', async () => {
    const phone = `139${String(Date.now()).slice(-8)}`;
    const made = await add({ phone }).expect(201);
    const byPhone = await t.http.get(`/server/user/userList?phone=${phone}`).set('X-Platform-Token', admin).expect(200);
    expect(byPhone.body.data.list.map((r: any) => r.id)).toEqual([made.body.data.id]);
    const [{ id: leaderRole }] = await t.db.query(`SELECT id FROM role WHERE code = 'LEADER'`);
    const byRole = await t.http.get(`/server/user/userList?roleId=${leaderRole}`).set('X-Platform-Token', admin).expect(200);
    expect(byRole.body.data.list.map((r: any) => r.username)).toEqual(['leader']);
    await t.http.get('/server/user/userList?status=maybe').set('X-Platform-Token', admin).expect(400);
  });
});

describe('history log', () => {
  let t: AppHandle;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await tokenOf(t, 'admin');
  });
  afterAll(() => t.close());

  it('filters by actor, route, method and days, exports what is filtered, and is for administrators only', async () => {
    const u = await createUser(t);
    const token = await tokenOf(t, u.username, u.password);
    await t.http.patch('/server/user/language').set('X-Platform-Token', token).send({ language: 'en' }).expect(200);
    await t.http.patch('/server/user/language').set('X-Platform-Token', token).send({ language: 'zh-CN' }).expect(200);
    const get = (query: string) => t.http.get(`/server/history?pageSize=50&${query}`).set('X-Platform-Token', admin);
    // the writer flushes every 25 ms: until then the last requests are not in the log
    await waitFor('the three requests in the history log', async () => (await count(t, `history_log WHERE actor_name = $1`, [u.username])) >= 3);
    // the sign-in (POST) and the two changes (PATCH)
    const mine = await get(`actor=${u.username}`).expect(200);
    expect(mine.body.data.total).toBe(3);
    expect(mine.body.data.list.every((h: any) => h.actor === u.username)).toBe(true);
    const patches = await get(`actor=${u.username}&method=PATCH`).expect(200);
    expect(patches.body.data.list.map((h: any) => h.target)).toEqual(['/server/user/language', '/server/user/language']);
    expect((await get(`actor=${u.username}&method=POST`).expect(200)).body.data.total).toBe(1);
    expect((await get(`actor=${u.username}&route=/user/language`).expect(200)).body.data.total).toBe(2);
    expect((await get(`actor=${u.username}&route=/roles`).expect(200)).body.data.total).toBe(0);
    const [{ today }] = await t.db.query(`SELECT to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS today`);
    expect((await get(`actor=${u.username}&from=${today}&to=${today}`).expect(200)).body.data.total).toBe(3);
    expect((await get(`actor=${u.username}&to=2020-01-01`).expect(200)).body.data.total).toBe(0);
    expect((await get('from=2026-02-30').expect(400)).body.data.fieldErrors[0].field).toBe('from');
    expect((await get('method=GET').expect(400)).body.data.fieldErrors[0].field).toBe('method');

    const sheet = await readExport(t, `/server/history/export?actor=${u.username}&method=PATCH`, admin, 'en');
    expect(sheet.headers[1]).toBe('Actor');
    expect(sheet.rows).toHaveLength(2);
    expect(sheet.headers.slice(3, 6)).toEqual(['Action', 'Object', 'Route']);
    // the action in words, the route beside it for whoever needs it
    expect(sheet.rows.every((r) => r[1] === u.username && r[2] === 'PATCH' && r[3] === 'Set language' && r[9] === 'Success')).toBe(true);

    const leader = await tokenOf(t, 'leader');
    await t.http.get('/server/history').set('X-Platform-Token', leader).expect(403);
    await t.http.get('/server/history/export').set('X-Platform-Token', leader).expect(403);
  });
});
