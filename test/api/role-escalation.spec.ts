import { randomUUID } from 'node:crypto';
import { count, DEMO_PASSWORD, encrypt, login, startTestApp, AppHandle, tokenOf } from './support/app';

/**
 * A manager holding only the user and role management keys (no administrator)
 * acts on a user or a role only when it holds every key involved itself; each path of the user and
 * role controllers is tried, refused 403 in the request's language with nothing written, and allowed
 * for users and roles made of its own keys. Administrators keep their power.
 */
describe('escalation through roles', () => {
  let t: AppHandle;
  let admin: string;
  let manager: { id: string; token: string; roleId: string };
  const roleIds: Record<string, string> = {};
  const MANAGER_KEYS = [
    'user',
    'user_list',
    'sys:user:load',
    'sys:user:add',
    'sys:user:delete',
    'sys:user:edit',
    'sys:user:disable',
    'sys:user:reset-password',
    'role_list',
    'sys:role:load',
    'sys:role:add',
    'sys:role:delete',
    'sys:role:edit',
  ];

  const uniqueName = () => `e${randomUUID().replace(/-/g, '').slice(0, 11)}`;
  const as = (token: string, lang = 'en') => ({
    get: (url: string) => t.http.get(url).set('X-Platform-Token', token).set('Accept-Language', lang),
    post: (url: string, body?: object) => t.http.post(url).set('X-Platform-Token', token).set('Accept-Language', lang).send(body),
    put: (url: string, body: object) => t.http.put(url).set('X-Platform-Token', token).set('Accept-Language', lang).send(body),
    patch: (url: string, body: object) => t.http.patch(url).set('X-Platform-Token', token).set('Accept-Language', lang).send(body),
    delete: (url: string, body?: object) => t.http.delete(url).set('X-Platform-Token', token).set('Accept-Language', lang).send(body),
  });
  const newUser = (roles: string[], username = uniqueName(), password = 'Good@2026x') => ({
    username,
    nickname: 'Nick',
    roleIds: roles,
    password: encrypt(t.publicKey, password),
    confirmPassword: encrypt(t.publicKey, password),
  });
  /** A user made through the API by the administrator, signed in. */
  const adminMadeUser = async (roles: string[]) => {
    const username = uniqueName();
    const res = await as(admin).post('/server/user', newUser(roles, username)).expect(201);
    return { id: res.body.data.id as string, username, password: 'Good@2026x' };
  };
  const adminMadeRole = async (permissions: string[]) =>
    (
      await as(admin)
        .post('/server/roles', { name: `r-${uniqueName()}`, permissions })
        .expect(201)
    ).body.data as { id: string; name: string; code: string };
  const keysOf = async (roleId: string): Promise<string[]> =>
    (await t.db.query(`SELECT permission_key FROM role_permission WHERE role_id = $1 ORDER BY 1`, [roleId])).map((r: any) => r.permission_key);
  const rolesOfUser = async (userId: string): Promise<string[]> =>
    (await t.db.query(`SELECT r.code FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = $1 ORDER BY 1`, [userId])).map((r: any) => r.code);
  const userRow = async (userId: string) => (await t.db.query(`SELECT nickname, disabled, deleted_at, password_hash FROM app_user WHERE id = $1`, [userId]))[0];

  beforeAll(async () => {
    t = await startTestApp();
    admin = await tokenOf(t, 'admin');
    for (const r of await t.db.query(`SELECT id, code FROM role`)) roleIds[r.code] = r.id;
    // the manager, built here: one role of the user and role management keys, nothing else
    const role = await adminMadeRole(MANAGER_KEYS);
    expect((await keysOf(role.id)).sort()).toEqual([...MANAGER_KEYS].sort());
    const made = await adminMadeUser([role.id]);
    manager = { id: made.id, token: await tokenOf(t, made.username, made.password), roleId: role.id };
  });
  afterAll(() => t.close());

  it('cannot add an account holding FINANCE and LEADER (403 naming them, no row), nor sign in as one', async () => {
    const username = uniqueName();
    const res = await as(manager.token)
      .post('/server/user', newUser([roleIds.ROLE_USER, roleIds.FINANCE, roleIds.LEADER], username))
      .expect(403);
    expect(res.body.code).toBe('403');
    expect(res.body.message).toMatch(
      /^You can only manage users and roles whose permissions you hold yourself: Finance, Leader include permissions you do not hold: /,
    );
    expect(res.body.data.roles).toEqual(['FINANCE', 'LEADER']);
    expect(res.body.data.required).toEqual(expect.arrayContaining(['sys:voucher:confirm', 'sys:withdrawal:leader-review']));
    const zh = await as(manager.token, 'zh-CN')
      .post('/server/user', newUser([roleIds.LEADER], username))
      .expect(403);
    expect(zh.body.message).toMatch(/^只能管理自己持有其全部权限的用户和角色：领导 含有您没有的权限：.*等 \d+ 项$/);
    expect(zh.body.message).not.toMatch(/sys:|LEADER/);
    expect(await count(t, 'app_user WHERE lower(username) = lower($1)', [username])).toBe(0);
    expect((await login(t, username, 'Good@2026x')).body.code).toBe('A01001');
    // one role of keys he lacks is enough
    await as(manager.token)
      .post('/server/user', newUser([roleIds.ROLE_USER, roleIds.FINANCE], username))
      .expect(403);
    expect(await count(t, 'app_user WHERE lower(username) = lower($1)', [username])).toBe(0);
  });

  it("cannot reset the leader's password: 403, the old password still signs in, no session ends", async () => {
    const leader = await tokenOf(t, 'leader');
    const [{ id: leaderId, password_hash: before }] = await t.db.query(`SELECT id, password_hash FROM app_user WHERE username = 'leader'`);
    const res = await as(manager.token).post(`/server/user/${leaderId}/reset-password`).expect(403);
    expect(res.body.data).toEqual(expect.objectContaining({ roles: ['LEADER'] }));
    expect(res.body.message).toContain('Leader include permissions you do not hold');
    expect(res.body.data).not.toHaveProperty('password');
    expect((await userRow(leaderId)).password_hash).toBe(before);
    expect((await login(t, 'leader', DEMO_PASSWORD)).body.code).toBe('A00000');
    await t.http.get('/server/user/current').set('X-Platform-Token', leader).expect(200);
  });

  it('cannot take keys away from the built-in A_POST role (nor rename it): 403, its keys unchanged', async () => {
    const before = await keysOf(roleIds.A_POST);
    expect(before.length).toBeGreaterThan(10);
    // one key he holds: everything else of A_POST would be taken away
    const res = await as(manager.token)
      .put(`/server/roles/${roleIds.A_POST}`, { name: 'A岗（业务经理）', permissions: ['user_list'] })
      .expect(403);
    expect(res.body.data.roles).toEqual(['A_POST']);
    expect(res.body.message).toContain('A-post officer include permissions you do not hold');
    expect(await keysOf(roleIds.A_POST)).toEqual(before);
    await as(manager.token).put(`/server/roles/${roleIds.A_POST}`, { name: 'renamed by manager', permissions: before }).expect(403);
    const [{ name_zh }] = await t.db.query(`SELECT name_zh FROM role WHERE id = $1`, [roleIds.A_POST]);
    expect(name_zh).toBe('A岗（业务经理）');
  });

  it('cannot give a user a role with keys he lacks, nor take one away, nor touch its holder', async () => {
    const plain = await adminMadeUser([roleIds.ROLE_USER]);
    const give = await as(manager.token)
      .put(`/server/user/${plain.id}`, { nickname: 'x', roleIds: [roleIds.ROLE_USER, roleIds.B_POST] })
      .expect(403);
    expect(give.body.data.roles).toEqual(['B_POST']);
    expect(await rolesOfUser(plain.id)).toEqual(['ROLE_USER']);
    expect((await userRow(plain.id)).nickname).toBe('Nick');

    const bpost = await adminMadeUser([roleIds.ROLE_USER, roleIds.B_POST]);
    // editing only the nickname of a user who holds keys he lacks
    await as(manager.token)
      .put(`/server/user/${bpost.id}`, { nickname: 'changed', roleIds: [roleIds.ROLE_USER, roleIds.B_POST] })
      .expect(403);
    // taking the role away
    await as(manager.token)
      .put(`/server/user/${bpost.id}`, { nickname: 'Nick', roleIds: [roleIds.ROLE_USER] })
      .expect(403);
    await as(manager.token).patch(`/server/user/${bpost.id}/disabled`, { disabled: true }).expect(403);
    const del = await as(manager.token, 'zh-CN').delete(`/server/user/${bpost.id}`).expect(403);
    expect(del.body.message).toContain('B岗（风控经理）');
    await as(manager.token).post(`/server/user/${bpost.id}/reset-password`).expect(403);
    const row = await userRow(bpost.id);
    expect(row).toMatchObject({ nickname: 'Nick', disabled: false, deleted_at: null });
    expect(await rolesOfUser(bpost.id)).toEqual(['B_POST', 'ROLE_USER']);
    expect((await login(t, bpost.username, bpost.password)).body.code).toBe('A00000');
  });

  it('cannot add, grant into, edit or delete a role with a key he lacks', async () => {
    const before = await count(t, 'role');
    const made = await as(manager.token, 'zh-CN')
      .post('/server/roles', { name: `r-${uniqueName()}`, permissions: ['sys:user:load', 'sys:loan:delete'] })
      .expect(403);
    expect(made.body.message).toMatch(/^只能授予或收回自己持有的权限，您没有：/);
    expect(made.body.message).toContain('删除');
    expect(made.body.data.required).toEqual(expect.arrayContaining(['sys:loan:delete']));
    expect(await count(t, 'role')).toBe(before);

    // a role of his keys: adding one he lacks is refused
    const mine = await adminMadeRole(['user_list', 'sys:user:load']);
    const grant = await as(manager.token)
      .put(`/server/roles/${mine.id}`, { name: mine.name, permissions: ['sys:user:load', 'sys:loan:delete'] })
      .expect(403);
    expect(grant.body.message).toMatch(/^You can only grant or take away permissions you hold yourself; you do not hold: /);
    expect(await keysOf(mine.id)).toEqual(['sys:user:load', 'user', 'user_list']);

    // a role with a key he lacks: neither renamed, stripped nor deleted
    const foreign = await adminMadeRole(['user_list', 'sys:loan:delete']);
    const foreignKeys = await keysOf(foreign.id);
    await as(manager.token).put(`/server/roles/${foreign.id}`, { name: 'renamed', permissions: foreignKeys }).expect(403);
    await as(manager.token)
      .put(`/server/roles/${foreign.id}`, { name: foreign.name, permissions: ['user_list'] })
      .expect(403);
    const del = await as(manager.token)
      .delete('/server/roles', { ids: [mine.id, foreign.id] })
      .expect(403);
    expect(del.body.data.roles).toEqual([foreign.code]);
    expect(del.body.message).toContain(foreign.name);
    expect(await count(t, 'role WHERE id = ANY($1::uuid[])', [[mine.id, foreign.id]])).toBe(2);
    expect(await keysOf(foreign.id)).toEqual(foreignKeys);
    // the administrator roles stay the administrators' own
    const adminRole = await as(manager.token)
      .put(`/server/roles/${roleIds.ROLE_ADMIN}`, { name: 'x', permissions: ['user_list'] })
      .expect(403);
    expect(adminRole.body.message).toBe('Only an administrator can give, take or act on these roles and their users: Administrator');
  });

  it('manages users and roles made of his own keys: add, edit, assign, reset, disable, delete', async () => {
    const role = (
      await as(manager.token)
        .post('/server/roles', { name: `r-${uniqueName()}`, permissions: ['sys:user:load'] })
        .expect(201)
    ).body.data;
    expect(role.permissions.sort()).toEqual(['sys:user:load', 'user', 'user_list']);
    const edited = await as(manager.token)
      .put(`/server/roles/${role.id}`, { name: `${role.name}-2`, permissions: ['sys:role:load', 'sys:user:edit'] })
      .expect(200);
    expect(edited.body.data.permissions.sort()).toEqual(['role_list', 'sys:role:load', 'sys:user:edit', 'user', 'user_list']);
    // taking keys away from a role of his keys
    await as(manager.token)
      .put(`/server/roles/${role.id}`, { name: `${role.name}-2`, permissions: ['sys:user:load'] })
      .expect(200);
    expect(await keysOf(role.id)).toEqual(['sys:user:load', 'user', 'user_list']);

    const username = uniqueName();
    const added = await as(manager.token)
      .post('/server/user', newUser([roleIds.ROLE_USER, role.id], username, 'Made@2026x'))
      .expect(201);
    const id = added.body.data.id;
    expect((await login(t, username, 'Made@2026x')).body.code).toBe('A00000');
    await as(manager.token)
      .put(`/server/user/${id}`, { nickname: 'Renamed', roleIds: [roleIds.ROLE_USER, role.id, manager.roleId] })
      .expect(200);
    expect((await userRow(id)).nickname).toBe('Renamed');
    await as(manager.token)
      .put(`/server/user/${id}`, { nickname: 'Renamed', roleIds: [roleIds.ROLE_USER] })
      .expect(200);
    expect(await rolesOfUser(id)).toEqual(['ROLE_USER']);
    const reset = await as(manager.token).post(`/server/user/${id}/reset-password`).expect(200);
    expect((await login(t, username, reset.body.data.password)).body.code).toBe('A00000');
    await as(manager.token).patch(`/server/user/${id}/disabled`, { disabled: true }).expect(200);
    await as(manager.token).patch(`/server/user/${id}/disabled`, { disabled: false }).expect(200);
    await as(manager.token).delete(`/server/user/${id}`).expect(200);
    expect((await userRow(id)).deleted_at).not.toBeNull();
    await as(manager.token)
      .delete('/server/roles', { ids: [role.id] })
      .expect(200);
    expect(await count(t, 'role WHERE id = $1', [role.id])).toBe(0);
  });

  it('administrators keep their power: FINANCE and LEADER given, the leader-like user edited and deleted', async () => {
    const u = await adminMadeUser([roleIds.ROLE_USER, roleIds.FINANCE, roleIds.LEADER]);
    expect(await rolesOfUser(u.id)).toEqual(['FINANCE', 'LEADER', 'ROLE_USER']);
    await as(admin).post(`/server/user/${u.id}/reset-password`).expect(200);
    await as(admin)
      .put(`/server/user/${u.id}`, { nickname: 'Boss', roleIds: [roleIds.ROLE_USER] })
      .expect(200);
    await as(admin).delete(`/server/user/${u.id}`).expect(200);
  });

  it('holds under parallel repeats: an edit by the manager never undoes a role the administrator gave meanwhile', async () => {
    const u = await adminMadeUser([roleIds.ROLE_USER]);
    for (let round = 0; round < 8; round++) {
      const [byManager, byAdmin] = await Promise.all([
        as(manager.token).put(`/server/user/${u.id}`, { nickname: `m${round}`, roleIds: [roleIds.ROLE_USER] }),
        as(admin).put(`/server/user/${u.id}`, { nickname: `a${round}`, roleIds: [roleIds.ROLE_USER, roleIds.LEADER] }),
      ]);
      expect(byAdmin.status).toBe(200);
      // either the manager came first (then the administrator's LEADER stands) or it was refused
      expect([200, 403]).toContain(byManager.status);
      expect(await rolesOfUser(u.id)).toEqual(['LEADER', 'ROLE_USER']);
      expect((await userRow(u.id)).nickname).toBe(`a${round}`);
      await as(admin)
        .put(`/server/user/${u.id}`, { nickname: 'Nick', roleIds: [roleIds.ROLE_USER] })
        .expect(200);
    }
  });

  it('holds under parallel repeats: a role the administrator widens meanwhile is never deleted by the manager', async () => {
    for (let round = 0; round < 8; round++) {
      const role = await adminMadeRole(['user_list']);
      const [byManager, byAdmin] = await Promise.all([
        as(manager.token).delete('/server/roles', { ids: [role.id] }),
        as(admin).put(`/server/roles/${role.id}`, { name: role.name, permissions: ['user_list', 'sys:loan:delete'] }),
      ]);
      // deleted first (the widening then finds no role), or widened first (the delete is refused)
      expect([`200/404`, `403/200`]).toContain(`${byManager.status}/${byAdmin.status}`);
      expect(await count(t, 'role WHERE id = $1', [role.id])).toBe(byManager.status === 200 ? 0 : 1);
    }
  });
});
