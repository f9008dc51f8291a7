import { ALL_PERMISSION_KEYS } from '@app/workflow';
import { syncPermissions } from '../../server/src/database/permission-sync';
import { bootTestApp, count, startTestApp, AppHandle } from './support/app';

/** Whether the preset role `code` holds `key` through role_permission. */
const roleHolds = (t: AppHandle, code: string, key: string) =>
  count(t, `role_permission rp JOIN role r ON r.id = rp.role_id WHERE r.code = $1 AND rp.permission_key = $2`, [code, key]);

describe('permission rows and preset roles brought up to date on start', () => {
  let t: AppHandle;
  // Starting the application (migrations, sync, seed) takes longer than jest's 5 s on a loaded machine.
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(async () => {
    if (!t) return;
    await syncPermissions(t.db); // whatever a failed test left, the tree is whole again
    await t.close();
  }, 60_000);

  it('after the migrations the database has every key of the tree, and a second sync changes nothing', async () => {
    const keys: string[] = (await t.db.query(`SELECT key FROM permission`)).map((r: { key: string }) => r.key);
    expect(ALL_PERMISSION_KEYS.filter((k) => !keys.includes(k))).toEqual([]);
    expect(await syncPermissions(t.db)).toEqual({ addedKeys: [], addedRoles: [], givenGrants: [] });
  });

  it('gives a database made before a key existed that key, and its preset roles their grant', async () => {
    // An old database: the key was not in the tree yet, so neither its row nor any grant of it exist.
    await t.db.query(`DELETE FROM permission WHERE key = 'sys:loan:copy'`);
    expect(await count(t, `permission WHERE key = 'sys:loan:copy'`)).toBe(0);
    expect(await roleHolds(t, 'A_POST', 'sys:loan:copy')).toBe(0);

    const result = await syncPermissions(t.db);
    expect(result.addedKeys).toEqual(['sys:loan:copy']);
    expect(result.givenGrants.sort()).toEqual(['A_POST:sys:loan:copy', 'ROLE_ADMIN:sys:loan:copy', 'ROOT:sys:loan:copy']);
    const [row] = await t.db.query(`SELECT kind, parent_key, name_zh, name_en FROM permission WHERE key = 'sys:loan:copy'`);
    expect(row).toEqual({ kind: 'action', parent_key: 'loan_list', name_zh: '复制数据', name_en: 'Copy data' });
    expect(await roleHolds(t, 'A_POST', 'sys:loan:copy')).toBe(1);
    expect(await roleHolds(t, 'B_POST', 'sys:loan:copy')).toBe(0);
  });

  it('gives a preset role a key added to its definition once, and respects what an administrator changed', async () => {
    // A grant the definition lists but the database never recorded (as when a definition gains a key).
    await t.db.query(
      `DELETE FROM preset_grant g USING role r WHERE r.id = g.role_id AND r.code = 'LEADER' AND g.permission_key = 'sys:contract-archive:confirm'`,
    );
    await t.db.query(
      `DELETE FROM role_permission rp USING role r WHERE r.id = rp.role_id AND r.code = 'LEADER' AND rp.permission_key = 'sys:contract-archive:confirm'`,
    );
    expect((await syncPermissions(t.db)).givenGrants).toEqual(['LEADER:sys:contract-archive:confirm']);
    expect(await roleHolds(t, 'LEADER', 'sys:contract-archive:confirm')).toBe(1);

    // An administrator takes that grant away and gives the role a key by hand: the next start keeps both.
    await t.db.query(
      `DELETE FROM role_permission rp USING role r WHERE r.id = rp.role_id AND r.code = 'LEADER' AND rp.permission_key = 'sys:contract-archive:confirm'`,
    );
    await t.db.query(`INSERT INTO role_permission (role_id, permission_key) SELECT id, 'sys:bank:add' FROM role WHERE code = 'LEADER'`);
    expect(await syncPermissions(t.db)).toEqual({ addedKeys: [], addedRoles: [], givenGrants: [] });
    expect(await roleHolds(t, 'LEADER', 'sys:contract-archive:confirm')).toBe(0);
    expect(await roleHolds(t, 'LEADER', 'sys:bank:add')).toBe(1);

    // Put the demo data back as the other suites expect it.
    await t.db.query(`DELETE FROM role_permission rp USING role r WHERE r.id = rp.role_id AND r.code = 'LEADER' AND rp.permission_key = 'sys:bank:add'`);
    await t.db.query(`INSERT INTO role_permission (role_id, permission_key) SELECT id, 'sys:contract-archive:confirm' FROM role WHERE code = 'LEADER'`);
  });

  it('brings back a key row an old database lacks when the application module starts again', async () => {
    await t.db.query(`DELETE FROM permission WHERE key = 'sys:voucher:remind'`);
    const again = await bootTestApp();
    try {
      expect(await count(again, `permission WHERE key = 'sys:voucher:remind'`)).toBe(1);
      expect(await roleHolds(again, 'A_POST', 'sys:voucher:remind')).toBe(1);
      expect(await roleHolds(again, 'ROLE_ADMIN', 'sys:voucher:remind')).toBe(1);
      expect(await roleHolds(again, 'FINANCE', 'sys:voucher:remind')).toBe(1);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('gives the reminder keys to the posts that work their lists: the ledger officer and finance on voucherList', async () => {
    expect(await roleHolds(t, 'A_POST', 'sys:ledger:remind-repayment')).toBe(1);
    expect(await roleHolds(t, 'A_POST', 'sys:voucher:remind')).toBe(1);
    expect(await roleHolds(t, 'FINANCE', 'sys:voucher:remind')).toBe(1);
    expect(await roleHolds(t, 'FINANCE', 'sys:ledger:remind-repayment')).toBe(0);
    expect(await roleHolds(t, 'B_POST', 'sys:voucher:remind')).toBe(0);
  });

  it('changes nothing when every process runs it at once', async () => {
    await t.db.query(`DELETE FROM permission WHERE key = 'sys:ledger:attachments'`);
    const results = await Promise.all([syncPermissions(t.db), syncPermissions(t.db), syncPermissions(t.db)].map((p) => p.catch((e: Error) => e)));
    expect(results.filter((r) => r instanceof Error)).toEqual([]);
    expect(await count(t, `permission WHERE key = 'sys:ledger:attachments'`)).toBe(1);
    expect(await roleHolds(t, 'A_POST', 'sys:ledger:attachments')).toBe(1);
  });
});
