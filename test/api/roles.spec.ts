import { randomUUID } from 'node:crypto';
import { count, createUser, startTestApp, AppHandle, tokenOf } from './support/app';
import { userWith } from './support/lists';

/** roles: name 1-100, the permission tree, deletion refused while held, changes seen at once. */
describe('roles', () => {
  let t: AppHandle;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await tokenOf(t, 'admin');
  });
  afterAll(() => t.close());

  const name = () => `角色${randomUUID().slice(0, 8)}`;
  const create = (body: Record<string, unknown>, token = admin) =>
    t.http.post('/server/roles').set('X-Platform-Token', token).set('Accept-Language', 'en').send(body);
  const fieldOf = (res: any) => res.body.data?.fieldErrors?.[0]?.field;

  it('lists the roles (GET /server/roles) with their holders, for role managers only', async () => {
    const res = await t.http.get('/server/roles?pageSize=50').set('X-Platform-Token', admin).set('Accept-Language', 'en').expect(200);
    const admins = res.body.data.list.find((r: any) => r.code === 'ROLE_ADMIN');
    expect(admins).toMatchObject({ name: 'Administrator', nameZh: '系统管理员', builtin: true });
    expect(admins.userCount).toBeGreaterThanOrEqual(1);
    expect(res.body.data.list.find((r: any) => r.code === 'LEADER').userCount).toBe(1);
    const filtered = await t.http.get('/server/roles?name=LEADER').set('X-Platform-Token', admin).expect(200);
    expect(filtered.body.data.list.map((r: any) => r.code)).toEqual(['LEADER']);
    const apost = await tokenOf(t, 'apost');
    await t.http.get('/server/roles').set('X-Platform-Token', apost).expect(403);
  });

  it('checks the name at 0/1/100/101 characters and unknown permission keys, writing nothing', async () => {
    const before = await count(t, 'role');
    expect(fieldOf(await create({ name: '', permissions: [] }).expect(400))).toBe('name');
    expect(fieldOf(await create({ name: '   ', permissions: [] }).expect(400))).toBe('name');
    expect(fieldOf(await create({ name: 'x'.repeat(101), permissions: [] }).expect(400))).toBe('name');
    expect(fieldOf(await create({ name: 'ok', permissions: 'loan_list' }).expect(400))).toBe('permissions');
    const unknown = await create({ name: name(), permissions: ['loan_list', 'sys:nothing:here'] }).expect(400);
    expect(unknown.body).toMatchObject({ code: 'A11009', message: 'Unknown permissions: sys:nothing:here' });
    expect(await count(t, 'role')).toBe(before);
    const one = await create({ name: 'Q', permissions: [] }).expect(201);
    expect(one.body.data).toMatchObject({ name: 'Q', builtin: false, permissions: [] });
    const long = `${'长'.repeat(99)}x`;
    expect((await create({ name: long, permissions: [] }).expect(201)).body.data.name).toBe(long);
    const taken = await create({ name: 'q', permissions: [] }).expect(409);
    expect(taken.body.code).toBe('A11005');
    expect(fieldOf(taken)).toBe('name');
  });

  it('two saves of the same new name at once: one role is made, the other is refused 409', async () => {
    const same = name();
    const answers = await Promise.all([create({ name: same, permissions: [] }), create({ name: same, permissions: [] })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await count(t, 'role WHERE name_zh = $1', [same])).toBe(1);
  });

  it('stores the checked keys with the menus above them', async () => {
    const res = await create({ name: name(), permissions: ['sys:bank:add'] }).expect(201);
    expect(res.body.data.permissions.sort()).toEqual(['bank_list', 'basic', 'sys:bank:add']);
    const stored = await t.db.query(`SELECT permission_key FROM role_permission WHERE role_id = $1 ORDER BY 1`, [res.body.data.id]);
    expect(stored.map((r: any) => r.permission_key)).toEqual(['bank_list', 'basic', 'sys:bank:add']);
  });

  it('refuses role administration to users without the permission (403) and writes nothing', async () => {
    const viewer = await userWith(t, ['user', 'role_list']);
    const before = await count(t, 'role');
    await create({ name: name(), permissions: [] }, viewer.token).expect(403);
    const [{ id: leaderRole }] = await t.db.query(`SELECT id FROM role WHERE code = 'LEADER'`);
    await t.http.put(`/server/roles/${leaderRole}`).set('X-Platform-Token', viewer.token).send({ name: 'x', permissions: [] }).expect(403);
    await t.http
      .delete('/server/roles')
      .set('X-Platform-Token', viewer.token)
      .send({ ids: [leaderRole] })
      .expect(403);
    await t.http.get(`/server/roles/${leaderRole}`).set('X-Platform-Token', viewer.token).expect(200);
    expect(await count(t, 'role')).toBe(before);
  });

  it('lets a role manager who is not an administrator grant only keys it holds itself', async () => {
    const manager = await userWith(t, ['user', 'role_list', 'sys:role:add', 'sys:role:edit', 'loan_list']);
    await create({ name: name(), permissions: ['loan_list'] }, manager.token).expect(201);
    const beyond = await create({ name: name(), permissions: ['loan_list', 'sys:loan:delete'] }, manager.token).expect(403);
    expect(beyond.body.data.required).toEqual(['sys:loan:delete']);
  });

  it('a change of grants reaches a signed-in holder on its next request (the session cache is dropped)', async () => {
    const role = (await create({ name: name(), permissions: ['loan_list', 'sys:loan:query'] }).expect(201)).body.data;
    const u = await createUser(t, ['ROLE_USER', role.code]);
    const token = await tokenOf(t, u.username, u.password);
    await t.http.get('/server/loans').set('X-Platform-Token', token).expect(200); // now cached
    await t.http
      .put(`/server/roles/${role.id}`)
      .set('X-Platform-Token', admin)
      .send({ name: role.name, permissions: ['company_list'] })
      .expect(200);
    await t.http.get('/server/loans').set('X-Platform-Token', token).expect(403);
    const current = await t.http.get('/server/user/current').set('X-Platform-Token', token).expect(200);
    expect(current.body.data[0].authorityList).toContain('company_list');
    expect(current.body.data[0].authorityList).not.toContain('loan_list');
    // and back
    await t.http
      .put(`/server/roles/${role.id}`)
      .set('X-Platform-Token', admin)
      .send({ name: 'renamed ' + role.name, permissions: ['sys:loan:query'] })
      .expect(200);
    await t.http.get('/server/loans').set('X-Platform-Token', token).expect(200);
    const detail = await t.http.get(`/server/roles/${role.id}`).set('X-Platform-Token', admin).expect(200);
    expect(detail.body.data).toMatchObject({ name: 'renamed ' + role.name, permissions: ['loan_list', 'sys:loan:query'] });
  });

  it('deletes selected roles all or none: refused 409 while a user holds one, and for built-in roles', async () => {
    const free = (await create({ name: name(), permissions: ['loan_list'] }).expect(201)).body.data;
    const held = (await create({ name: name(), permissions: [] }).expect(201)).body.data;
    const u = await createUser(t, ['ROLE_USER', held.code]);
    const del = (ids: unknown) => t.http.delete('/server/roles').set('X-Platform-Token', admin).set('Accept-Language', 'en').send({ ids });

    expect(fieldOf(await del([]).expect(400))).toBe('ids');
    expect(fieldOf(await del(undefined).expect(400))).toBe('ids');
    const refused = await del([free.id, held.id]).expect(409);
    expect(refused.body.code).toBe('A11006');
    expect(refused.body.message).toContain(held.name);
    expect(await count(t, 'role WHERE id = ANY($1::uuid[])', [[free.id, held.id]])).toBe(2);
    const [{ id: userRole }] = await t.db.query(`SELECT id FROM role WHERE code = 'ROLE_USER'`);
    expect((await del([userRole]).expect(409)).body.code).toBe('A11007');
    await del([randomUUID()]).expect(404);

    // a deleted user no longer holds the role
    await t.http.delete(`/server/user/${u.id}`).set('X-Platform-Token', admin).expect(200);
    await del([free.id, held.id]).expect(200);
    expect(await count(t, 'role WHERE id = ANY($1::uuid[])', [[free.id, held.id]])).toBe(0);
    expect(await count(t, 'role_permission WHERE role_id = $1', [free.id])).toBe(0);
  });
});
