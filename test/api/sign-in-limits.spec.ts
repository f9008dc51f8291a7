import * as http from 'node:http';
import { bootTestApp, count, createUser, encrypt, startTestApp, AppHandle } from './support/app';

/**
 * The sign-in limits (lock-out per user, 429 per address) must hold when the attempts arrive all at
 * once, not only one after another: no more passwords are checked than the limit allows.
 * Each test signs in from an address of its own (any 127.x.y.z reaches the loopback), so that the
 * failures of other tests never count against it.
 */

interface Answer {
  status: number;
  code: string;
}

let nextOctet = Math.floor(Math.random() * 200) + 20;
function freshAddress(): string {
  nextOctet += 1;
  return `127.${Math.floor(Math.random() * 250) + 2}.${nextOctet % 250}.${Math.floor(Math.random() * 250) + 2}`;
}

/** POST the sign-in from `from` (the server sees it as the caller's address). */
function signIn(port: number, from: string, body: Record<string, unknown>): Promise<Answer> {
  const payload = JSON.stringify({ checkStatus: true, ...body });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: '/server/open/auth/platformLogin/PLATFORM',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), 'Accept-Language': 'en' },
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, code: JSON.parse(text).code }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A verification code solved by reading it from the database, as a test can. */
async function solvedCaptcha(t: AppHandle): Promise<{ captchaId: string; captchaCode: string }> {
  const c = (await t.http.get('/server/open/auth/captcha').expect(200)).body.data;
  const [{ code }] = await t.db.query(`SELECT code FROM captcha WHERE id = $1`, [c.captchaId]);
  return { captchaId: c.captchaId, captchaCode: code };
}

function tally(answers: Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) out[`${a.status} ${a.code}`] = (out[`${a.status} ${a.code}`] ?? 0) + 1;
  return out;
}

describe('sign-in limits under parallel attempts', () => {
  let t: AppHandle;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp();
    port = await t.port();
  });
  afterAll(() => t.close());

  it('checks at most LOCK_AFTER_FAILURES passwords of one user, however many arrive at once, and locks the user', async () => {
    const limit = t.config.lockAfterFailures;
    const sent = limit * 5;
    const u = await createUser(t);
    const from = freshAddress();
    // Every attempt carries a valid code, so that only the lock-out can stop it.
    const captchas = await Promise.all(Array.from({ length: sent }, () => solvedCaptcha(t)));
    const answers = await Promise.all(captchas.map((c) => signIn(port, from, { username: u.username, password: encrypt(t.publicKey, 'Wrong@2026'), ...c })));

    const checked = await count(t, `login_attempt WHERE username = $1 AND reason = 'credentials'`, [u.username]);
    // The figures first, so that a failure shows them: attempts sent, passwords checked, the limit.
    expect({ sent, checked, limit, answers: tally(answers) }).toEqual({
      sent,
      checked: limit,
      limit,
      // The last checked failure sets the lock and says so; every attempt beyond the limit is refused as locked.
      answers: { '400 A01001': limit - 1, '423 A01004': sent - limit + 1 },
    });

    const [{ minutes }] = await t.db.query(`SELECT round(EXTRACT(EPOCH FROM (locked_until - now())) / 60)::int AS minutes FROM app_user WHERE id = $1`, [u.id]);
    expect(minutes).toBe(t.config.lockMinutes);
    const right = await signIn(port, from, { username: u.username, password: encrypt(t.publicKey, u.password), ...(await solvedCaptcha(t)) });
    expect(right).toEqual({ status: 423, code: 'A01004' });
    expect(await count(t, `login_attempt WHERE username = $1 AND reason = 'credentials'`, [u.username])).toBe(limit);
  });

  it('after a lock has run out with the failures still in the window, checks one password at a time again', async () => {
    const u = await createUser(t);
    const from = freshAddress();
    const wrong = () => encrypt(t.publicKey, 'Wrong@2026');
    for (let i = 0; i < t.config.lockAfterFailures; i++) await signIn(port, from, { username: u.username, password: wrong(), ...(await solvedCaptcha(t)) });
    expect(await count(t, `app_user WHERE id = $1 AND locked_until > now()`, [u.id])).toBe(1);
    // A shorter LOCK_MINUTES than the failure window: the lock is over, the failures still count.
    await t.db.query(`UPDATE app_user SET locked_until = now() - interval '1 second' WHERE id = $1`, [u.id]);

    const captchas = await Promise.all(Array.from({ length: 10 }, () => solvedCaptcha(t)));
    const answers = await Promise.all(captchas.map((c) => signIn(port, from, { username: u.username, password: wrong(), ...c })));
    expect(tally(answers)).toEqual({ '423 A01004': 10 });
    expect(await count(t, `login_attempt WHERE username = $1 AND reason = 'credentials'`, [u.username])).toBe(t.config.lockAfterFailures + 1);
    expect(await count(t, `app_user WHERE id = $1 AND locked_until > now()`, [u.id])).toBe(1);

    // Serially, as before: once the lock is over again, the right password signs in.
    await t.db.query(`UPDATE app_user SET locked_until = now() - interval '1 second' WHERE id = $1`, [u.id]);
    expect(await signIn(port, from, { username: u.username, password: encrypt(t.publicKey, u.password), ...(await solvedCaptcha(t)) })).toEqual({
      status: 200,
      code: 'A00000',
    });
  });

  it('a successful sign-in still resets the count of failures', async () => {
    const u = await createUser(t);
    const from = freshAddress();
    const wrong = () => signIn(port, from, { username: u.username, password: encrypt(t.publicKey, 'Wrong@2026') });
    await wrong();
    await wrong();
    expect(await signIn(port, from, { username: u.username, password: encrypt(t.publicKey, u.password) })).toEqual({ status: 200, code: 'A00000' });
    // Two more failures would have made four: no code asked for, no lock.
    for (let i = 0; i < 2; i++) expect(await wrong()).toEqual({ status: 400, code: 'A01001' });
    expect(await signIn(port, from, { username: u.username, password: encrypt(t.publicKey, u.password) })).toEqual({ status: 200, code: 'A00000' });
    expect(await count(t, `login_attempt WHERE username = $1 AND reason IS DISTINCT FROM 'credentials' AND NOT success`, [u.username])).toBe(0);
  });
  it('counts an attempt whose check never finished (its process died) as a failure', async () => {
    const u = await createUser(t);
    const from = freshAddress();
    await t.db.query(
      `INSERT INTO login_attempt (username, ip, success, reason, at) SELECT $1, $2, false, 'checking', now() - interval '2 minutes' FROM generate_series(1, $3)`,
      [u.username, from, t.config.captchaAfterFailures],
    );
    expect(await signIn(port, from, { username: u.username, password: encrypt(t.publicKey, u.password) })).toEqual({ status: 400, code: 'A01002' });
    expect(await signIn(port, from, { username: u.username, password: encrypt(t.publicKey, u.password), ...(await solvedCaptcha(t)) })).toEqual({
      status: 200,
      code: 'A00000',
    });
  });
});

describe('per-address limit under parallel attempts', () => {
  it('checks at most ADDRESS_FAILURE_LIMIT passwords from one address when twice as many arrive at once; the rest get 429', async () => {
    const limit = 30;
    const t = await bootTestApp({ addressFailureLimit: limit });
    try {
      const port = await t.port();
      const from = freshAddress();
      const sent = limit * 2;
      // Different unknown user names: neither a verification code nor a lock comes into play.
      const names = Array.from({ length: sent }, (_, i) => `nobody-${from}-${i}`);
      const answers = await Promise.all(names.map((username) => signIn(port, from, { username, password: encrypt(t.publicKey, 'Wrong@2026') })));
      const checked = await count(t, `login_attempt WHERE ip = $1 AND reason = 'credentials'`, [from]);
      expect({ sent, checked, limit, answers: tally(answers) }).toEqual({
        sent,
        checked: limit,
        limit,
        answers: { '400 A01001': limit, '429 A01008': sent - limit },
      });
      // And afterwards, even the right password of a real user is refused from there.
      expect(await signIn(port, from, { username: 'admin', password: encrypt(t.publicKey, 'Demo@2026') })).toEqual({ status: 429, code: 'A01008' });
      // Another address is not affected.
      expect(await signIn(port, freshAddress(), { username: 'admin', password: encrypt(t.publicKey, 'Demo@2026') })).toEqual({ status: 200, code: 'A00000' });
    } finally {
      await t.close();
    }
  });

  it('serially, as before: the limit-th failure is answered, the next attempt gets 429', async () => {
    const limit = 4;
    const t = await bootTestApp({ addressFailureLimit: limit });
    try {
      const port = await t.port();
      const from = freshAddress();
      for (let i = 0; i < limit; i++) {
        expect(await signIn(port, from, { username: `nobody-${from}-${i}`, password: encrypt(t.publicKey, 'Wrong@2026') })).toEqual({
          status: 400,
          code: 'A01001',
        });
      }
      expect(await signIn(port, from, { username: 'admin', password: encrypt(t.publicKey, 'Demo@2026') })).toEqual({ status: 429, code: 'A01008' });
      expect(await count(t, `login_attempt WHERE ip = $1`, [from])).toBe(limit);
    } finally {
      await t.close();
    }
  });
});
