import { buildContext } from '../../server/src/basic-data/docx-template';
import { contextCollaterals } from '../../server/src/collateral/collateral.repository';
import { count, startTestApp, AppHandle, tokenOf } from './support/app';
import { loanInStage, userWith } from './support/lists';
import { sendEvent } from './support/loans';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * Premium and counter-guarantee: the premium computed from the loan type (whole fen), a
 * different amount only with a reason, finance confirming; the collateral register with its
 * loan-to-value, changed only while the counter-guarantee awaits B-post confirmation and read into
 * the confirmation by the server.
 */
describe('premium and counter-guarantee', () => {
  let t: AppHandle;
  const tokens: Record<string, string> = {};
  const as = (name: string) => ({ 'X-Platform-Token': tokens[name] });
  const versionOf = async (loanId: string) => (await t.db.query(`SELECT version FROM workflow_instance WHERE loan_id = $1`, [loanId]))[0].version as number;
  const eventsOf = (loanId: string, type: string) => count(t, `workflow_event WHERE loan_id = $1 AND type = $2`, [loanId, type]);

  beforeAll(async () => {
    t = await startTestApp();
    for (const name of ['apost', 'bpost', 'finance', 'admin']) tokens[name] = await tokenOf(t, name);
    // A loan type of a rate that does not divide evenly, for the rounding case.
    await t.db.query(`INSERT INTO loan_type (name, fee_rate_bp, repayment_reminder_days, maturity_reminder_days) VALUES ('测试奇数费率', 133, 7, 30)`);
  }, 120_000);
  afterAll(() => t?.close());

  describe('premium', () => {
    let loanId: string;
    beforeAll(async () => {
      loanId = (await loanInStage(t, 'duringGuarantee')).id; // 2,000,000.00 yuan for 12 months
      await t.db.query(`UPDATE loan SET loan_type = '流动资金贷款' WHERE id = $1`, [loanId]); // 1.50 % a year
    }, 120_000);

    it('suggests amount x annual rate x term / 12 in whole fen, rounded half up', async () => {
      const res = await t.http.get(`/server/loans/${loanId}/premium`).set(as('apost')).expect(200);
      expect(res.body.data).toMatchObject({
        amountFen: 200_000_000,
        feeRateBp: 150,
        termMonths: 12,
        suggestedFen: 3_000_000,
        enteredFen: null,
        state: 'toUpload',
      });

      // 200,000,000 fen x 1.33 % x 7 / 12 = 1,551,666.67 fen -> 1,551,667
      await t.db.query(`UPDATE loan SET loan_type = '测试奇数费率', term_months = 7 WHERE id = $1`, [loanId]);
      const odd = await t.http.get(`/server/loans/${loanId}/premium`).set(as('finance')).expect(200);
      expect(odd.body.data).toMatchObject({ feeRateBp: 133, termMonths: 7, suggestedFen: 1_551_667 });
      // 6 months: 1,330,000 exactly.
      await t.db.query(`UPDATE loan SET term_months = 6 WHERE id = $1`, [loanId]);
      expect((await t.http.get(`/server/loans/${loanId}/premium`).set(as('apost')).expect(200)).body.data.suggestedFen).toBe(1_330_000);
      // No known loan type: nothing to suggest.
      await t.db.query(`UPDATE loan SET loan_type = NULL WHERE id = $1`, [loanId]);
      expect((await t.http.get(`/server/loans/${loanId}/premium`).set(as('apost')).expect(200)).body.data.suggestedFen).toBeNull();
      await t.db.query(`UPDATE loan SET loan_type = '流动资金贷款', term_months = 12 WHERE id = $1`, [loanId]);

      const nobody = await userWith(t, []);
      await t.http.get(`/server/loans/${loanId}/premium`).set('X-Platform-Token', nobody.token).expect(403);
    });

    it('refuses a different amount without a reason, a negative, non-numeric or too large amount: 400 in the caller’s language, nothing written', async () => {
      const version = await versionOf(loanId);
      const noReason = await sendEvent(t, tokens.apost, loanId, 'PREMIUM_ADD', version, { amount: 29_000 }).set('Accept-Language', 'zh-CN').expect(400);
      expect(noReason.body.message).toContain('30,000.00');
      expect(noReason.body.message).toContain('原因');
      const noReasonEn = await sendEvent(t, tokens.apost, loanId, 'PREMIUM_ADD', version, { amount: 29_000, reason: ' ' })
        .set('Accept-Language', 'en')
        .expect(400);
      expect(noReasonEn.body.message).toMatch(/reason/i);
      for (const amount of [-300, 0, 'abc', '30000', 300.001, null]) {
        const res = await sendEvent(t, tokens.apost, loanId, 'PREMIUM_ADD', version, { amount }).set('Accept-Language', 'en').expect(400);
        expect(res.body.message).toMatch(/amount/);
      }
      const tooLarge = await sendEvent(t, tokens.apost, loanId, 'PREMIUM_ADD', version, { amount: 2_000_000.01, reason: '全额' })
        .set('Accept-Language', 'en')
        .expect(400);
      expect(tooLarge.body.message).toContain('2,000,000.00');
      expect(await versionOf(loanId)).toBe(version);
      expect(await eventsOf(loanId, 'PREMIUM_ADD')).toBe(0);
    });

    it('checks each action’s permission (403) and state (409), keeps the reason in the event, and finance confirms', async () => {
      let version = await versionOf(loanId);
      const finance = { token: tokens.finance };
      // 403 before anything else: finance may not add, the maker may not confirm.
      await sendEvent(t, finance.token, loanId, 'PREMIUM_ADD', version, { amount: 30_000 }).expect(403);
      // 409: nothing to edit, submit or confirm yet.
      await sendEvent(t, tokens.apost, loanId, 'PREMIUM_EDIT', version, { amount: 30_000 }).expect(409);
      await sendEvent(t, tokens.apost, loanId, 'PREMIUM_SUBMIT', version).expect(409);
      await sendEvent(t, finance.token, loanId, 'PREMIUM_CONFIRM', version).expect(409);
      expect(await versionOf(loanId)).toBe(version);

      // The computed amount needs no reason.
      version = (await sendEvent(t, tokens.apost, loanId, 'PREMIUM_ADD', version, { amount: 30_000 }).expect(200)).body.data.version;
      await sendEvent(t, tokens.apost, loanId, 'PREMIUM_ADD', version, { amount: 30_000 }).expect(409);
      await sendEvent(t, tokens.apost, loanId, 'PREMIUM_EDIT', version, { amount: 28_500.5 }).expect(400);
      version = (await sendEvent(t, tokens.apost, loanId, 'PREMIUM_EDIT', version, { amount: 28_500.5, reason: '银行协议优惠 5%' }).expect(200)).body.data
        .version;
      const [edit] = await t.db.query(`SELECT payload FROM workflow_event WHERE loan_id = $1 AND type = 'PREMIUM_EDIT'`, [loanId]);
      expect(edit.payload).toEqual({ amount: 28_500.5, reason: '银行协议优惠 5%' });

      // The payment voucher goes to the loan's attachments under its own kind.
      await t.http.post(`/server/archives/${loanId}/files`).set(as('apost')).field('kind', 'PREMIUM_VOUCHER').attach('file', PNG, '保费凭证.png').expect(201);

      const panel = (await t.http.get(`/server/loans/${loanId}/premium`).set(as('finance')).expect(200)).body.data;
      expect(panel).toMatchObject({ suggestedFen: 3_000_000, enteredFen: 2_850_050, reason: '银行协议优惠 5%', state: 'uploaded' });
      expect(panel.vouchers.map((v: any) => v.name)).toEqual(['保费凭证.png']);

      version = (await sendEvent(t, tokens.apost, loanId, 'PREMIUM_SUBMIT', version).expect(200)).body.data.version;
      await sendEvent(t, tokens.apost, loanId, 'PREMIUM_CONFIRM', version).expect(403);
      version = (await sendEvent(t, finance.token, loanId, 'PREMIUM_CONFIRM', version).expect(200)).body.data.version;
      await sendEvent(t, tokens.apost, loanId, 'PREMIUM_EDIT', version, { amount: 30_000 }).expect(409);
      expect((await t.http.get(`/server/loans/${loanId}/premium`).set(as('apost')).expect(200)).body.data.state).toBe('done');
    });
  });

  describe('counter-guarantee', () => {
    let loanId: string;
    beforeAll(async () => {
      loanId = (await loanInStage(t, 'duringGuarantee')).id; // 2,000,000.00 yuan
    }, 120_000);

    const house = {
      kind: 'MORTGAGE',
      owner: '张三',
      description: '上海市浦东新区川沙路 8 号厂房',
      appraisedValueFen: 320_000_000,
      certificateNo: '沪(2026)浦字第000123号',
    };

    it('keeps each action behind its permission (403)', async () => {
      const reader = await userWith(t, ['counter_guarantee']);
      const nobody = await userWith(t, []);
      await t.http.get(`/server/loans/${loanId}/collaterals`).set('X-Platform-Token', nobody.token).expect(403);
      await t.http.get(`/server/loans/${loanId}/collaterals`).set('X-Platform-Token', reader.token).expect(200);
      await t.http.post(`/server/loans/${loanId}/collaterals`).set('X-Platform-Token', reader.token).send(house).expect(403);
      await t.http
        .put(`/server/loans/${loanId}/collaterals/00000000-0000-4000-8000-000000000000`)
        .set('X-Platform-Token', reader.token)
        .send(house)
        .expect(403);
      await t.http.delete(`/server/loans/${loanId}/collaterals/00000000-0000-4000-8000-000000000000`).set('X-Platform-Token', reader.token).expect(403);
      await sendEvent(t, tokens.apost, loanId, 'COUNTER_GUARANTEE_CONFIRM', await versionOf(loanId), { collateral: [] }).expect(403);
      expect(await count(t, `collateral WHERE loan_id = $1`, [loanId])).toBe(0);
    });

    it('refuses an item without an owner or with a bad value, in the caller’s language, writing nothing', async () => {
      const zh = await t.http
        .post(`/server/loans/${loanId}/collaterals`)
        .set(as('bpost'))
        .set('Accept-Language', 'zh-CN')
        .send({ ...house, owner: '  ' })
        .expect(400);
      expect(zh.body.message).toContain('所有权人');
      const en = await t.http.post(`/server/loans/${loanId}/collaterals`).set(as('bpost')).set('Accept-Language', 'en').send({ kind: 'MORTGAGE' }).expect(400);
      expect(en.body.message).toContain('owner');
      await t.http
        .post(`/server/loans/${loanId}/collaterals`)
        .set(as('bpost'))
        .send({ ...house, appraisedValueFen: -1 })
        .expect(400);
      await t.http
        .post(`/server/loans/${loanId}/collaterals`)
        .set(as('bpost'))
        .send({ ...house, appraisedValueFen: 12.5 })
        .expect(400);
      await t.http
        .post(`/server/loans/${loanId}/collaterals`)
        .set(as('bpost'))
        .send({ ...house, kind: 'CAR' })
        .expect(400);
      expect(await count(t, `collateral WHERE loan_id = $1`, [loanId])).toBe(0);
    });

    it('computes loan-to-value per item and in total, in basis points', async () => {
      let reg = (await t.http.post(`/server/loans/${loanId}/collaterals`).set(as('bpost')).send(house).expect(201)).body.data;
      expect(reg).toMatchObject({ amountFen: 200_000_000, totalAppraisedFen: 320_000_000, ltvBp: 6250, editable: true, state: 'pending' });
      reg = (
        await t.http
          .post(`/server/loans/${loanId}/collaterals`)
          .set(as('bpost'))
          .send({ kind: 'PLEDGE', owner: '上海新材科技发展有限公司', appraisedValueFen: 60_000_000 })
          .expect(201)
      ).body.data;
      expect(reg.totalAppraisedFen).toBe(380_000_000);
      expect(reg.ltvBp).toBe(5263); // 200 / 380 = 52.631…%
      expect(reg.rows.map((r: any) => r.ltvBp)).toEqual([6250, 33333]);
      const other = (await t.http.post(`/server/loans/${loanId}/collaterals`).set(as('bpost')).send({ kind: 'OTHER', owner: '李四' }).expect(201)).body.data;
      expect(other.rows[2]).toMatchObject({ owner: '李四', appraisedValueFen: null, ltvBp: null, description: null });
      const third = other.rows[2].id;
      const edited = (
        await t.http
          .put(`/server/loans/${loanId}/collaterals/${third}`)
          .set(as('bpost'))
          .send({ kind: 'OTHER', owner: '李四', appraisedValueFen: 20_000_000 })
          .expect(200)
      ).body.data;
      expect(edited.ltvBp).toBe(5000);
      const removed = (await t.http.delete(`/server/loans/${loanId}/collaterals/${third}`).set(as('bpost')).expect(200)).body.data;
      expect(removed.rows).toHaveLength(2);
      await t.http.delete(`/server/loans/${loanId}/collaterals/${third}`).set(as('bpost')).expect(404);
    });

    it('gives the contract generator the rows in the shape buildContext takes', async () => {
      const rows = await contextCollaterals(t.db.manager, loanId);
      const context = buildContext({ amountFen: 200_000_000, termMonths: 12 }, { name: '甲', creditCode: 'x' }, { name: '乙' }, null, rows, new Date());
      expect(context.collaterals[0]).toEqual({
        index: '1',
        kind: '抵押',
        owner: '张三',
        description: house.description,
        appraisedValue: '3,200,000.00',
        certificateNo: house.certificateNo,
      });
      expect(context.collaterals[1]).toMatchObject({ index: '2', kind: '质押', appraisedValue: '600,000.00', certificateNo: '' });
    });

    it('confirms what the register holds (whatever the client sends), then locks the register (409)', async () => {
      let version = await versionOf(loanId);
      await sendEvent(t, tokens.bpost, loanId, 'COUNTER_GUARANTEE_UPLOAD', version).expect(409);
      const rows = (await t.http.get(`/server/loans/${loanId}/collaterals`).set(as('bpost')).expect(200)).body.data.rows;
      // A forged list is replaced by the register's rows.
      const res = await sendEvent(t, tokens.bpost, loanId, 'COUNTER_GUARANTEE_CONFIRM', version, { collateral: [{ id: 'forged', kind: 'OTHER' }] }).expect(200);
      version = res.body.data.version;
      const expected = rows.map((r: any) => ({ id: r.id, kind: r.kind }));
      expect(res.body.data.snapshot.context.collateral).toEqual(expected);
      const [event] = await t.db.query(`SELECT payload FROM workflow_event WHERE loan_id = $1 AND type = 'COUNTER_GUARANTEE_CONFIRM'`, [loanId]);
      expect(event.payload).toEqual({ collateral: expected });

      const locked = await t.http.post(`/server/loans/${loanId}/collaterals`).set(as('bpost')).set('Accept-Language', 'en').send(house).expect(409);
      expect(locked.body.message).toMatch(/B-post confirmation/);
      await t.http.put(`/server/loans/${loanId}/collaterals/${rows[0].id}`).set(as('bpost')).send(house).expect(409);
      await t.http.delete(`/server/loans/${loanId}/collaterals/${rows[0].id}`).set(as('bpost')).expect(409);
      const reg = (await t.http.get(`/server/loans/${loanId}/collaterals`).set(as('bpost')).expect(200)).body.data;
      expect(reg).toMatchObject({ editable: false, state: 'confirmed' });
      expect(reg.rows).toHaveLength(2);
      await sendEvent(t, tokens.bpost, loanId, 'COUNTER_GUARANTEE_CONFIRM', version, {}).expect(409);
      await t.http
        .post(`/server/archives/${loanId}/files`)
        .set(as('apost'))
        .field('kind', 'COUNTER_GUARANTEE')
        .attach('file', PNG, '反担保确认.png')
        .expect(201);
      await sendEvent(t, tokens.bpost, loanId, 'COUNTER_GUARANTEE_UPLOAD', version).expect(200);
    });

    it('refuses changes to the register of a loan not yet in duringGuarantee (409) and of an unknown loan (404)', async () => {
      const early = await loanInStage(t, 'withdrawal');
      await t.http.post(`/server/loans/${early.id}/collaterals`).set(as('bpost')).send(house).expect(409);
      await t.http.post(`/server/loans/00000000-0000-4000-8000-000000000000/collaterals`).set(as('bpost')).send(house).expect(404);
      expect(await count(t, `collateral WHERE loan_id = $1`, [early.id])).toBe(0);
    });
  });
});
