import { bootTestApp, count, createUser, encrypt, login, startTestApp, AppHandle, tokenOf } from './support/app';
import { waitFor } from './support/wait';

describe('sign-in and session (spec sections 7-9)', () => {
  let t: AppHandle;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('gives the public key as PEM', async () => {
    const res = await t.http.get('/server/open/auth/public-key').expect(200);
    expect(res.body.code).toBe('A00000');
    expect(res.body.data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('signs in with an encrypted password and answers the token in extras', async () => {
    const res = await login(t, 'admin').expect(200);
    expect(res.body.code).toBe('A00000');
    const token = res.body.extras['x-platform-token'];
    expect(typeof token).toBe('string');
    expect(token.length).toBeGreaterThan(30);
    // Stored hashed: the token itself is nowhere in the table.
    expect(await count(t, 'user_session WHERE token_hash = $1', [token])).toBe(0);

    const me = await t.http.get('/server/user/current').set('X-Platform-Token', token).expect(200);
    expect(Array.isArray(me.body.data)).toBe(true);
    const [user] = me.body.data;
    expect(user.username).toBe('admin');
    expect(user.roles).toContain('ROLE_ADMIN');
    expect(user.perms).toContain('company_list');
    expect(user.perms).not.toContain('sys:user:add');
    expect(user.authorityList).toEqual(expect.arrayContaining(['company_list', 'sys:user:add']));
  });

  it('gives an ordinary user only the keys of their roles', async () => {
    const token = await tokenOf(t, 'prereview');
    const [user] = (await t.http.get('/server/user/current').set('X-Platform-Token', token)).body.data;
    expect(user.authorityList).toContain('sys:review-vote:approve');
    expect(user.authorityList).not.toContain('company_list');
    expect(user.authorityList).not.toContain('user_list');
  });

  it('refuses a missing agreement tick and creates no session', async () => {
    const u = await createUser(t);
    const res = await t.http
      .post('/server/open/auth/platformLogin/PLATFORM')
      .set('Accept-Language', 'en')
      .send({ checkStatus: false, username: u.username, password: encrypt(t.publicKey, u.password) })
      .expect(400);
    expect(res.body).toMatchObject({ code: 'A01005', message: 'Please tick and agree to the service agreement and privacy policy' });
    expect(await count(t, 'user_session WHERE user_id = $1', [u.id])).toBe(0);
  });

  it('refuses a plaintext password and a tampered ciphertext', async () => {
    const u = await createUser(t);
    const plain = await t.http
      .post('/server/open/auth/platformLogin/PLATFORM')
      .send({ checkStatus: true, username: u.username, password: u.password })
      .expect(400);
    expect(plain.body.code).toBe('A01006');
    expect(plain.body.message).toBe('密码未加密或无法解密，请刷新页面后重试');

    const cipher = Buffer.from(encrypt(t.publicKey, u.password), 'base64');
    cipher[10] ^= 0xff;
    const tampered = await t.http
      .post('/server/open/auth/platformLogin/PLATFORM')
      .send({ checkStatus: true, username: u.username, password: cipher.toString('base64') })
      .expect(400);
    expect(['A01006', 'A01001']).toContain(tampered.body.code);
    expect(await count(t, 'user_session WHERE user_id = $1', [u.id])).toBe(0);
  });

  it('answers wrong credentials with 400 (not 401) in the request language, the same for unknown users', async () => {
    const u = await createUser(t);
    const wrong = await login(t, u.username, 'Wrong@2026').set('Accept-Language', 'en').expect(400);
    expect(wrong.body).toMatchObject({ code: 'A01001', message: 'Wrong user name or password', data: { captchaRequired: false } });
    const unknown = await login(t, 'nobody-here', 'Wrong@2026').expect(400);
    expect(unknown.body).toMatchObject({ code: 'A01001', message: '用户名或密码错误' });
  });

  it('requires a verification code after 3 failures; the code is single use', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 3; i++) await login(t, u.username, 'Wrong@2026').expect(400);

    const missing = await login(t, u.username, u.password).expect(400);
    expect(missing.body).toMatchObject({ code: 'A01002', data: { captchaRequired: true } });

    const captcha = await t.http.get('/server/open/auth/captcha').expect(200);
    expect(captcha.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrongCode = await login(t, u.username, u.password, { captchaId: captcha.body.data.captchaId, captchaCode: 'zzzz' }).expect(400);
    expect(wrongCode.body.code).toBe('A01003');

    // The wrong try used the code up: the right text no longer works with that id.
    const [{ code }] = await t.db.query(`SELECT code FROM captcha WHERE id = $1`, [captcha.body.data.captchaId]);
    const reused = await login(t, u.username, u.password, { captchaId: captcha.body.data.captchaId, captchaCode: code }).expect(400);
    expect(reused.body.code).toBe('A01003');

    const fresh = (await t.http.get('/server/open/auth/captcha')).body.data;
    const [{ code: freshCode }] = await t.db.query(`SELECT code FROM captcha WHERE id = $1`, [fresh.captchaId]);
    const ok = await login(t, u.username, u.password, { captchaId: fresh.captchaId, captchaCode: freshCode.toUpperCase() }).expect(200);
    expect(ok.body.code).toBe('A00000');
  });

  it('refuses an expired verification code', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 3; i++) await login(t, u.username, 'Wrong@2026');
    const c = (await t.http.get('/server/open/auth/captcha')).body.data;
    await t.db.query(`UPDATE captcha SET expires_at = now() - interval '1 second' WHERE id = $1`, [c.captchaId]);
    const [{ code }] = await t.db.query(`SELECT code FROM captcha WHERE id = $1`, [c.captchaId]);
    expect((await login(t, u.username, u.password, { captchaId: c.captchaId, captchaCode: code })).body.code).toBe('A01003');
  });

  it('locks the user for 15 minutes after five failures, even with the right password', async () => {
    const u = await createUser(t);
    const solve = async () => {
      const c = (await t.http.get('/server/open/auth/captcha')).body.data;
      const [{ code }] = await t.db.query(`SELECT code FROM captcha WHERE id = $1`, [c.captchaId]);
      return { captchaId: c.captchaId, captchaCode: code };
    };
    for (let i = 0; i < 3; i++) await login(t, u.username, 'Wrong@2026').expect(400);
    await login(t, u.username, 'Wrong@2026', await solve()).expect(400);
    const fifth = await login(t, u.username, 'Wrong@2026', await solve())
      .set('Accept-Language', 'en')
      .expect(423);
    expect(fifth.body.code).toBe('A01004');
    expect(fifth.body.message).toContain('locked');

    const right = await login(t, u.username, u.password, await solve()).expect(423);
    expect(right.body.code).toBe('A01004');
    const [{ minutes }] = await t.db.query(`SELECT round(EXTRACT(EPOCH FROM (locked_until - now())) / 60)::int AS minutes FROM app_user WHERE id = $1`, [u.id]);
    expect(minutes).toBe(15);

    // When the lock has run out (and the failures with it), the right password works again.
    await t.db.query(`UPDATE app_user SET locked_until = now() - interval '1 second' WHERE id = $1`, [u.id]);
    await t.db.query(`UPDATE login_attempt SET at = at - interval '16 minutes' WHERE username = $1`, [u.username]);
    expect((await login(t, u.username, u.password)).body.code).toBe('A00000');
  });

  it('answers 401 with body code "401" for a missing, unknown, idle or expired token', async () => {
    const none = await t.http.get('/server/user/current').expect(401);
    expect(none.body.code).toBe('401');
    const unknown = await t.http.get('/server/user/current').set('X-Platform-Token', 'not-a-token').expect(401);
    expect(unknown.body).toMatchObject({ code: '401', message: '当前页面已失效，请重新登录' });

    const u = await createUser(t);
    const idle = await tokenOf(t, u.username, u.password);
    await t.db.query(`UPDATE user_session SET last_seen_at = now() - interval '31 minutes' WHERE user_id = $1`, [u.id]);
    expect((await t.http.get('/server/user/current').set('X-Platform-Token', idle).expect(401)).body.code).toBe('401');

    const expired = await tokenOf(t, u.username, u.password);
    await t.db.query(`UPDATE user_session SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND revoked_at IS NULL`, [u.id]);
    expect((await t.http.get('/server/user/current').set('X-Platform-Token', expired).expect(401)).body.code).toBe('401');
  });

  it('revokes the session on logout', async () => {
    const u = await createUser(t);
    const token = await tokenOf(t, u.username, u.password);
    await t.http.get('/server/user/current').set('X-Platform-Token', token).expect(200);
    await t.http.post('/server/auth/logout').set('X-Platform-Token', token).expect(200);
    expect((await t.http.get('/server/user/current').set('X-Platform-Token', token).expect(401)).body.code).toBe('401');
  });

  it('revokes every session when a user is disabled, and refuses their sign-in', async () => {
    const u = await createUser(t);
    const userToken = await tokenOf(t, u.username, u.password);
    const admin = await tokenOf(t, 'admin');
    await t.http.patch(`/server/user/${u.id}/disabled`).set('X-Platform-Token', admin).send({ disabled: true }).expect(200);
    expect((await t.http.get('/server/user/current').set('X-Platform-Token', userToken).expect(401)).body.code).toBe('401');
    const again = await login(t, u.username, u.password).expect(403);
    expect(again.body.code).toBe('A01007');
  });

  it('records which agreement versions the user agreed to, and when', async () => {
    const u = await createUser(t);
    await login(t, u.username, u.password).set('Accept-Language', 'en').expect(200);
    const rows = await t.db.query(
      `SELECT a.type, a.language, a.version, ua.agreed_at FROM user_agreement ua JOIN agreement a ON a.id = ua.agreement_id WHERE ua.user_id = $1 ORDER BY a.type`,
      [u.id],
    );
    expect(rows.map((r: any) => `${r.type}/${r.language}/v${r.version}`)).toEqual(['privacy/en/v1', 'service/en/v1']);
    expect(Date.now() - new Date(rows[0].agreed_at).getTime()).toBeLessThan(60_000);
  });

  it('validates the sign-in body with localized field errors and never a 500', async () => {
    const res = await t.http.post('/server/open/auth/platformLogin/PLATFORM').set('Accept-Language', 'en').send({ username: '' }).expect(400);
    expect(res.body.code).toBe('400');
    expect(res.body.data.fieldErrors.map((f: any) => f.field)).toEqual(expect.arrayContaining(['checkStatus', 'username', 'password']));
    expect(res.body.message).toMatch(/user name must not be empty/);
    const zh = await t.http.post('/server/open/auth/platformLogin/PLATFORM').send({ username: '' }).expect(400);
    expect(zh.body.message).toMatch(/用户名不能为空/);
    const bad = await t.http.post('/server/open/auth/platformLogin/PLATFORM').set('Content-Type', 'application/json').send('{oops').expect(400);
    expect(bad.body.code).toBe('400');
    await t.http
      .post('/server/open/auth/platformLogin/OTHER')
      .send({ checkStatus: true, username: 'admin', password: encrypt(t.publicKey, 'Demo@2026') })
      .expect(404);
  });
});

describe('sessions cached across API processes', () => {
  it('ends a session everywhere at once: logout on one instance, refused on another that had it cached', async () => {
    // Two instances: the shared app and one of the test's own.
    const a = await startTestApp();
    const b = await bootTestApp();
    try {
      const u = await createUser(a);
      const token = await tokenOf(a, u.username, u.password);
      await b.http.get('/server/user/current').set('X-Platform-Token', token).expect(200); // now cached in b
      await a.http.post('/server/auth/logout').set('X-Platform-Token', token).expect(200);
      // "At once": the other instance stops answering 200 within a second (Redis' message), not after its cache's TTL.
      const refusedBy = (bearer: string) => async () => {
        const { status } = await b.http.get('/server/user/current').set('X-Platform-Token', bearer);
        return status !== 200 && status;
      };
      expect(await waitFor('the logout to reach the other instance', refusedBy(token), { timeout: 1000, interval: 25 })).toBe(401);

      // Disabling through one instance ends the user's sessions cached in the other.
      const v = await createUser(a);
      const vToken = await tokenOf(a, v.username, v.password);
      await b.http.get('/server/user/current').set('X-Platform-Token', vToken).expect(200);
      await a.http
        .patch(`/server/user/${v.id}/disabled`)
        .set('X-Platform-Token', await tokenOf(a, 'admin'))
        .send({ disabled: true })
        .expect(200);
      expect(await waitFor('the disabling to reach the other instance', refusedBy(vToken), { timeout: 1000, interval: 25 })).toBe(401);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('per-address throttling', () => {
  it('answers 429 once an address has too many failed sign-ins', async () => {
    const probe = await startTestApp();
    const [{ n }] = await probe.db.query(
      `SELECT count(*)::int AS n FROM login_attempt WHERE NOT success AND at > now() - interval '15 minutes' AND ip LIKE '%127.0.0.1'`,
    );
    await probe.close();
    const t = await bootTestApp({ addressFailureLimit: n + 2 });
    try {
      await login(t, 'nobody-1', 'Wrong@2026').expect(400);
      await login(t, 'nobody-2', 'Wrong@2026').expect(400);
      const res = await login(t, 'admin').set('Accept-Language', 'en').expect(429);
      expect(res.body.code).toBe('A01008');
    } finally {
      await t.close();
    }
  });
});
