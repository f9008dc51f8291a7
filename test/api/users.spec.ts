import { bitmapIcon } from '../support/images';
import { count, createUser, DEMO_PASSWORD, encrypt, startTestApp, AppHandle, tokenOf } from './support/app';

// Real pictures: avatars are decoded and encoded again on upload, so a signature alone no longer passes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const ICO = bitmapIcon(32);

describe('users, permissions and profile', () => {
  let t: AppHandle;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await tokenOf(t, 'admin');
  });
  afterAll(() => t.close());

  it('seeds the whole permission tree of spec section 6 and the built-in roles', async () => {
    const keys = (await t.db.query(`SELECT key FROM permission`)).map((r: any) => r.key);
    for (const k of [
      'attachment_list',
      'remind_list',
      'become_list',
      'repayment_list',
      'secure_list',
      'relieve_list',
      'statistics',
      'population_list',
      'project_list',
      'guo_dan_list',
      'industrial_information_list',
      'amount_list',
      'amount_bank_list',
      'amount_region_list',
      'personnel_list',
      'basic',
      'bank_list',
      'template_list',
      'loan_type_list',
      'user',
      'user_list',
      'role_list',
      'conferee_list',
      'company_list',
      'loan_list',
      'archives_detail',
      'meeting',
      'database',
      'protect_middle',
      'protect_after',
      'risk_control_detail',
      'risk_control_perfect',
    ]) {
      expect(keys).toContain(k);
    }
    const roles = (await t.db.query(`SELECT code FROM role`)).map((r: any) => r.code);
    expect(roles).toEqual(expect.arrayContaining(['ROOT', 'ROLE_ADMIN', 'ROLE_USER']));
  });

  it('pages, filters and sorts the user list for holders of user_list only', async () => {
    const page = await t.http.get('/server/user/userList?pageNum=1&pageSize=5&sort=username&order=asc').set('X-Platform-Token', admin).expect(200);
    expect(page.body.data.pageSize).toBe(5);
    expect(page.body.data.list).toHaveLength(5);
    expect(page.body.data.total).toBeGreaterThanOrEqual(12);
    const names = page.body.data.list.map((u: any) => u.username);
    expect(names).toEqual([...names].sort());
    const filtered = await t.http.get('/server/user/userList?username=zb').set('X-Platform-Token', admin).expect(200);
    expect(filtered.body.data.list.map((u: any) => u.username).sort()).toEqual(['zb1', 'zb2', 'zb3']);
    expect(filtered.body.data.list[0]).not.toHaveProperty('password_hash');

    const apost = await tokenOf(t, 'apost');
    const denied = await t.http.get('/server/user/userList').set('X-Platform-Token', apost).set('Accept-Language', 'en').expect(403);
    expect(denied.body).toMatchObject({ code: '403', message: 'You do not have permission to do this' });

    const bad = await t.http.get('/server/user/userList?pageSize=100000').set('X-Platform-Token', admin).expect(400);
    expect(bad.body.data.fieldErrors[0].field).toBe('pageSize');
  });

  it('lets only a holder of sys:user:disable disable users, and writes nothing on refusal', async () => {
    const u = await createUser(t);
    const apost = await tokenOf(t, 'apost');
    await t.http.patch(`/server/user/${u.id}/disabled`).set('X-Platform-Token', apost).send({ disabled: true }).expect(403);
    expect(await count(t, 'app_user WHERE id = $1 AND disabled', [u.id])).toBe(0);
    await t.http.patch(`/server/user/00000000-0000-0000-0000-000000000000/disabled`).set('X-Platform-Token', admin).send({ disabled: true }).expect(404);
  });

  it('changes the password: old must match, new must be strong, other sessions end', async () => {
    const u = await createUser(t);
    const current = await tokenOf(t, u.username, u.password);
    const other = await tokenOf(t, u.username, u.password);
    const send = (oldP: string, newP: string) =>
      t.http
        .post('/server/user/change-password')
        .set('X-Platform-Token', current)
        .set('Accept-Language', 'en')
        .send({ oldPassword: encrypt(t.publicKey, oldP), newPassword: encrypt(t.publicKey, newP) });

    const [{ password_hash: before }] = await t.db.query(`SELECT password_hash FROM app_user WHERE id = $1`, [u.id]);
    expect((await send(u.password, 'weakpass').expect(400)).body.code).toBe('A01102');
    expect((await send(u.password, 'Abcdefg1').expect(400)).body.code).toBe('A01102'); // no symbol
    expect((await send(u.password, 'Abcdefghijk@12345').expect(400)).body.code).toBe('A01102'); // 17 characters
    expect((await send('Wrong@2026', 'Better@2027').expect(400)).body.code).toBe('A01101');
    const plain = await t.http
      .post('/server/user/change-password')
      .set('X-Platform-Token', current)
      .send({ oldPassword: u.password, newPassword: 'Better@2027' })
      .expect(400);
    expect(plain.body.code).toBe('A01006');
    const [{ password_hash: unchanged }] = await t.db.query(`SELECT password_hash FROM app_user WHERE id = $1`, [u.id]);
    expect(unchanged).toBe(before);

    const ok = await send(u.password, 'Better@2027').expect(200);
    expect(ok.body.data.revokedSessions).toBe(1);
    await t.http.get('/server/user/current').set('X-Platform-Token', current).expect(200);
    await t.http.get('/server/user/current').set('X-Platform-Token', other).expect(401);
    await tokenOf(t, u.username, 'Better@2027');
  });

  it('uploads an avatar checked by content and size, then sets it', async () => {
    const u = await createUser(t);
    const token = await tokenOf(t, u.username, u.password);
    const up = await t.http.post('/server/upload/user').set('X-Platform-Token', token).attach('file', PNG, 'me.png').expect(201);
    expect(up.body.code).toBe('A00000');
    expect(up.body.data.url).toMatch(/^\/server\/files\/avatars\/[0-9a-f-]{36}\.png$/);
    const img = await t.http.get(up.body.data.url).expect(200);
    expect(img.headers['content-type']).toBe('image/png');

    await t.http.patch('/server/user/change-avatar').set('X-Platform-Token', token).send({ avatar: up.body.data.url }).expect(200);
    const [me] = (await t.http.get('/server/user/current').set('X-Platform-Token', token)).body.data;
    expect(me.avatar).toBe(up.body.data.url);

    const ico = await t.http.post('/server/upload/user').set('X-Platform-Token', token).attach('file', ICO, 'fav.ico').expect(201);
    expect(ico.body.data.url).toMatch(/\.ico$/);
  });

  it('refuses a wrong-type, oversize or missing avatar with a clear message and writes nothing', async () => {
    const u = await createUser(t);
    const token = await tokenOf(t, u.username, u.password);
    const before = await count(t, 'uploaded_file WHERE owner_id = $1', [u.id]);

    const fake = await t.http
      .post('/server/upload/user')
      .set('X-Platform-Token', token)
      .set('Accept-Language', 'en')
      .attach('file', Buffer.from('<svg>not a png</svg>'), 'evil.png')
      .expect(400);
    expect(fake.body).toMatchObject({ code: 'A02003', message: 'File type not supported; allowed: jpg, png, ico' });

    const big = Buffer.concat([PNG, Buffer.alloc(500 * 1024)]);
    const tooBig = await t.http.post('/server/upload/user').set('X-Platform-Token', token).attach('file', big, 'big.png').expect(400);
    expect(tooBig.body).toMatchObject({ code: 'A02002', message: '文件不能超过 500 KB' });

    const none = await t.http.post('/server/upload/user').set('X-Platform-Token', token).field('x', '1').expect(400);
    expect(none.body.code).toBe('A02001');
    expect(await count(t, 'uploaded_file WHERE owner_id = $1', [u.id])).toBe(before);

    // Someone else's upload, or a made-up address, cannot become the avatar.
    const forged = await t.http
      .patch('/server/user/change-avatar')
      .set('X-Platform-Token', token)
      .send({ avatar: '/server/files/avatars/00000000-0000-0000-0000-000000000000.png' })
      .expect(400);
    expect(forged.body.code).toBe('400');
    await t.http.patch('/server/user/change-avatar').set('X-Platform-Token', token).send({ avatar: '../../etc/passwd' }).expect(400);
    await t.http.get('/server/files/avatars/..%2F..%2Fetc%2Fpasswd').expect(404);
  });

  it("keeps the user's language from the switch, refuses any other value, and needs a session", async () => {
    const token = await tokenOf(t, 'finance');
    const languageOf = async () => (await t.db.query(`SELECT language FROM app_user WHERE username = 'finance'`))[0].language;
    const res = await t.http.patch('/server/user/language').set('X-Platform-Token', token).send({ language: 'en' }).expect(200);
    expect(res.body.data).toEqual({ language: 'en' });
    expect(await languageOf()).toBe('en');

    for (const language of ['fr', '', 'EN', 42, null]) {
      const bad = await t.http.patch('/server/user/language').set('X-Platform-Token', token).set('Accept-Language', 'en').send({ language }).expect(400);
      expect(bad.body.message).toMatch(/language/i);
    }
    expect(await languageOf()).toBe('en');
    await t.http.patch('/server/user/language').send({ language: 'zh-CN' }).expect(401);
    await t.http.patch('/server/user/language').set('X-Platform-Token', token).send({ language: 'zh-CN' }).expect(200);
    expect(await languageOf()).toBe('zh-CN');
  });

  it('needs a token for the upload itself', async () => {
    const res = await t.http.post('/server/upload/user').attach('file', PNG, 'me.png').expect(401);
    expect(res.body.code).toBe('401');
  });

  it('uses the demo password documented in the README for every demo account', async () => {
    for (const name of ['admin', 'apost', 'bpost', 'prereview', 'zb1', 'bs3', 'leader', 'finance']) {
      expect(typeof (await tokenOf(t, name, DEMO_PASSWORD))).toBe('string');
    }
  });
});
