import http from 'node:http';
import { DataSource } from 'typeorm';
import { ownerDb, startTestApp, AppHandle, tokenOf } from './support/app';
import { readExport, userWith } from './support/lists';
import { createCompany, createLoan } from './support/loans';

/**
 * Streamed exports and the regulator exports: every row, no cap, the workbook
 * opened with exceljs; a failure before the first row is still a JSON error.
 */
describe('exports stream every row', () => {
  let t: AppHandle;
  let owner: DataSource;
  let admin: string;
  let apost: string;
  /** The company of the 12,346 loans of the first test. */
  let bigCompanyId: string;
  let templateId: string | undefined;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await ownerDb();
    [admin, apost] = await Promise.all([tokenOf(t, 'admin'), tokenOf(t, 'apost')]);
  });
  afterAll(async () => {
    // The suites after this one share the database: the 12,345 copies (one of them broken on purpose)
    // go, and the planner's statistics with them, so that their counts stay exact and their rows sound.
    if (owner && bigCompanyId && templateId) {
      await owner.query(`DELETE FROM workflow_instance WHERE loan_id IN (SELECT id FROM loan WHERE company_id = $1 AND id <> $2)`, [bigCompanyId, templateId]);
      await owner.query(`DELETE FROM loan WHERE company_id = $1 AND id <> $2`, [bigCompanyId, templateId]);
      await owner.query(`ANALYZE loan; ANALYZE workflow_instance`);
    }
    await owner?.destroy();
    await t?.close();
  });

  /** `copies` more loans of the template loan's company, each with a copy of its workflow instance. */
  async function cloneLoan(templateId: string, copies: number): Promise<void> {
    const columns = async (table: string) =>
      (
        await owner.query(
          `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND column_name NOT IN ('id', 'loan_id') ORDER BY ordinal_position`,
          [table],
        )
      ).map((r: { column_name: string }) => r.column_name);
    const loanCols = (await columns('loan')).filter((c: string) => c !== 'created_at');
    const instanceCols = await columns('workflow_instance');
    await owner.query(
      `INSERT INTO loan (${loanCols.join(', ')}, created_at)
       SELECT ${loanCols.map((c: string) => `l.${c}`).join(', ')}, l.created_at - g * interval '1 second' FROM loan l, generate_series(1, $2) g WHERE l.id = $1`,
      [templateId, copies],
    );
    await owner.query(
      `INSERT INTO workflow_instance (loan_id, ${instanceCols.join(', ')})
       SELECT l.id, ${instanceCols.map((c: string) => `s.${c}`).join(', ')}
         FROM loan l JOIN loan tpl ON tpl.id = $1 AND l.company_id = tpl.company_id AND l.id <> tpl.id
         JOIN workflow_instance s ON s.loan_id = $1`,
      [templateId],
    );
  }

  it('exports more than 10,000 loans: every row, read back with exceljs', async () => {
    const template = await createLoan(t, apost);
    const [{ company_id: companyId }] = await owner.query(`SELECT company_id FROM loan WHERE id = $1`, [template.id]);
    await cloneLoan(template.id, 12_345);
    bigCompanyId = companyId;
    templateId = template.id;
    const sheet = await readExport(t, `/server/loans/export?companyId=${companyId}`, admin);
    expect(sheet.res.headers['content-type']).toContain('spreadsheetml');
    expect(sheet.rows).toHaveLength(12_346);
    expect(new Set(sheet.rows.map((r) => r[0]))).toEqual(new Set(['上海测试科技有限公司']));
    // The worklist export of the same loans (all in data collection) streams them all too.
    const worklist = await readExport(t, `/server/worklists/suggestList/export?companyId=${companyId}`, admin);
    expect(worklist.rows).toHaveLength(12_346);
  });

  it('breaks the connection when a row fails after the headers went out: no short file passes for a whole one', async () => {
    // The last row of the export (the oldest loan) gets a state no stage knows: its labels throw.
    const [{ loan_id: lastLoan, snapshot }] = await owner.query(
      `SELECT wi.loan_id, wi.snapshot FROM workflow_instance wi JOIN loan l ON l.id = wi.loan_id WHERE l.company_id = $1 ORDER BY l.created_at, l.id LIMIT 1`,
      [bigCompanyId],
    );
    await owner.query(`UPDATE workflow_instance SET snapshot = jsonb_set(snapshot, '{value}', '"noSuchStage"') WHERE loan_id = $1`, [lastLoan]);
    try {
      const port = await t.port();
      const outcome = await new Promise<{ status: number; complete: boolean; bytes: number }>((resolve) => {
        const req = http.get(
          { port, host: '127.0.0.1', path: `/server/loans/export?companyId=${bigCompanyId}`, headers: { 'X-Platform-Token': admin } },
          (res) => {
            let bytes = 0;
            const done = () => resolve({ status: res.statusCode ?? 0, complete: res.complete, bytes });
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', done);
            res.on('aborted', done);
            res.on('error', done);
          },
        );
        req.on('error', () => resolve({ status: -1, complete: false, bytes: 0 }));
      });
      // The headers said 200 and rows were sent; the transfer is then cut, never finished as if whole.
      expect(outcome.status).toBe(200);
      expect(outcome.bytes).toBeGreaterThan(0);
      expect(outcome.complete).toBe(false);
    } finally {
      await owner.query(`UPDATE workflow_instance SET snapshot = $2 WHERE loan_id = $1`, [lastLoan, snapshot]);
    }
  });

  it('answers a bad filter before the first byte with a JSON 400, not a broken file', async () => {
    const res = await t.http.get('/server/loans/export').query({ amountMin: 10, amountMax: 1 }).set('X-Platform-Token', admin);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('json');
  });

  it('every other list export opens and holds what its list shows', async () => {
    const exports: { list: string; file: string; column: number; field: string }[] = [
      { list: '/server/companies', file: '/server/companies/export', column: 0, field: 'name' },
      { list: '/server/banks', file: '/server/banks/export', column: 0, field: 'name' },
      { list: '/server/loan-types', file: '/server/loan-types/export', column: 0, field: 'name' },
      { list: '/server/conferees', file: '/server/conferees/export', column: 0, field: 'username' },
      { list: '/server/meetings/zb', file: '/server/meetings/zb/export', column: 0, field: 'title' },
      { list: '/server/archives', file: '/server/archives/export', column: 0, field: 'companyName' },
      { list: '/server/meetings/ys', file: '/server/meetings/ys/export', column: 0, field: 'day' },
      { list: '/server/votes/zb', file: '/server/votes/zb/export', column: 0, field: 'meetingTitle' },
    ];
    for (const e of exports) {
      const list = await t.http.get(e.list).query({ pageSize: 200 }).set('X-Platform-Token', admin);
      expect([e.list, list.status]).toEqual([e.list, 200]);
      const { total, list: rows } = list.body.data as { total: number; list: Record<string, unknown>[] };
      const sheet = await readExport(t, e.file, admin);
      expect([e.file, sheet.rows.length]).toEqual([e.file, total]);
      if (total <= 200) expect(sheet.rows.map((r) => r[e.column])).toEqual(rows.map((r) => String(r[e.field] ?? '')));
    }
    // The release ledger is one list (not paged): its export holds the same rows.
    const ledger = await t.http.get('/server/release-ledger').set('X-Platform-Token', admin).expect(200);
    const ledgerSheet = await readExport(t, '/server/release-ledger/export', admin);
    expect(ledgerSheet.rows).toHaveLength(ledger.body.data.length);
  });

  describe('regulator exports', () => {
    let smallLoan: string;
    let largeLoan: string;
    let undisbursed: string;
    const period = { from: '2021-01-01', to: '2021-12-31' };

    // The hand-made disbursement facts go: later suites check every instance's columns against its
    // snapshot (these loans never left data collection) and sum the plans in force.
    afterAll(async () => {
      const made = [smallLoan, largeLoan].filter(Boolean);
      if (!owner || made.length === 0) return;
      await owner.query(`DELETE FROM repayment_plan WHERE loan_id = ANY($1::uuid[])`, [made]);
      await owner.query(`UPDATE workflow_instance SET disbursed_on = NULL, disbursed_amount_fen = NULL, stage = 'collection' WHERE loan_id = ANY($1::uuid[])`, [
        made,
      ]);
    });

    beforeAll(async () => {
      const suffix = Date.now().toString(36);
      await owner.query(`INSERT INTO loan_type (name, fee_rate_bp, repayment_reminder_days, maturity_reminder_days) VALUES ($1, 150, 5, 30)`, [
        `监管测试品种${suffix}`,
      ]);
      const make = async (name: string, employees: number, amount: number) => {
        const company = await createCompany(t, apost, name);
        await owner.query(`UPDATE company SET employee_count = $2, district_code = 'PDXQ', strategic_industries = '{NEW_IT}' WHERE id = $1`, [
          company.id,
          employees,
        ]);
        const res = await t.http
          .post('/server/loans')
          .set('X-Platform-Token', apost)
          .send({ companyId: company.id, amount, termMonths: 12, bank: '上海银行', loanType: `监管测试品种${suffix}` });
        expect(res.status).toBe(201);
        return res.body.data.id as string;
      };
      smallLoan = await make(`监管小微${suffix}有限公司`, 56, 3_000_000);
      largeLoan = await make(`监管大型${suffix}有限公司`, 800, 10_000_000);
      undisbursed = await make(`监管未放款${suffix}有限公司`, 5, 1_000_000);
      // Hand-made disbursement facts (the columns VOUCHER_CONFIRM keeps): one in force, one released.
      await owner.query(
        `UPDATE workflow_instance SET disbursed_on = '2021-03-15', disbursed_amount_fen = 300000000, stage = 'afterGuarantee' WHERE loan_id = $1`,
        [smallLoan],
      );
      await owner.query(`UPDATE workflow_instance SET disbursed_on = '2021-06-01', disbursed_amount_fen = 1000000000, stage = 'closed' WHERE loan_id = $1`, [
        largeLoan,
      ]);
      await owner.query(
        `INSERT INTO repayment_plan (loan_id, method, annual_rate_bp, disbursed_on, principal_fen, term_months, maturity_on, repaid_fen)
         VALUES ($1, 'EQUAL_PRINCIPAL', 345, '2021-03-15', 300000000, 12, '2022-03-15', 75000000)`,
        [smallLoan],
      );
    });

    it('national guarantee platform: the loans disbursed in the period, each column as MAPPING.md says', async () => {
      const list = await t.http.get('/server/regulatory-exports/guodan').query(period).set('X-Platform-Token', admin).expect(200);
      const ids = list.body.data.list.map((r: { loanId: string }) => r.loanId);
      expect(ids).toEqual([largeLoan, smallLoan]);
      expect(ids).not.toContain(undisbursed);
      expect(list.body.data.list[1]).toMatchObject({
        enterpriseSize: 'SMALL',
        amountFen: 300_000_000,
        outstandingFen: 225_000_000,
        feeRateBp: 150,
        feeFen: 4_500_000,
        annualRateBp: 345,
        maturityOn: '2022-03-15',
        guaranteeStatus: 'IN_FORCE',
      });
      const sheet = await readExport(t, `/server/regulatory-exports/guodan/export?from=${period.from}&to=${period.to}`, admin);
      expect(sheet.headers.slice(0, 6)).toEqual(['业务编号', '被担保人名称', '统一社会信用代码', '被担保人类型', '企业规模', '是否小微企业']);
      expect(sheet.rows).toHaveLength(2);
      const row = Object.fromEntries(sheet.headers.map((h, i) => [h, sheet.rows[1][i]]));
      expect(row).toMatchObject({
        业务编号: smallLoan,
        被担保人类型: '企业',
        企业规模: '小型',
        是否小微企业: '是',
        所属区县: '浦东新区',
        贷款银行: '上海银行',
        '担保金额（元）': '3000000',
        '在保余额（元）': '2250000',
        '担保期限（月）': '12',
        放款日期: '2021-03-15',
        到期日期: '2022-03-15',
        '贷款年利率（%）': '3.45',
        '担保费率（%）': '1.5',
        '担保费（元）': '45000',
        业务状态: '在保',
      });
      const released = Object.fromEntries(sheet.headers.map((h, i) => [h, sheet.rows[0][i]]));
      expect(released).toMatchObject({ 企业规模: '大型', 是否小微企业: '否', '在保余额（元）': '0', 业务状态: '已解保', 到期日期: '2022-06-01' });
      const en = await readExport(t, `/server/regulatory-exports/guodan/export?from=${period.from}&to=${period.to}`, admin, 'en');
      expect(en.headers[1]).toBe('Guaranteed party');
    });

    it('industry ministry: only SMEs, with employees and industry', async () => {
      const sheet = await readExport(t, `/server/regulatory-exports/industrial/export?from=${period.from}&to=${period.to}`, admin);
      expect(sheet.rows).toHaveLength(1);
      const row = Object.fromEntries(sheet.headers.map((h, i) => [h, sheet.rows[0][i]]));
      expect(row).toMatchObject({ 企业规模: '小型', 从业人数: '56', '所属行业（战略性新兴产业）': '新一代信息技术', '担保金额（元）': '3000000' });
    });

    it('refuses without the permission (403), and an inverted period with a localized 400', async () => {
      const other = await userWith(t, ['guo_dan_list']);
      await t.http.get('/server/regulatory-exports/guodan').set('X-Platform-Token', other.token).expect(200);
      await t.http.get('/server/regulatory-exports/industrial').set('X-Platform-Token', other.token).expect(403);
      await t.http.get('/server/regulatory-exports/industrial/export').set('X-Platform-Token', other.token).expect(403);
      await t.http.get('/server/regulatory-exports/guodan/export').set('X-Platform-Token', apost).expect(403);
      const zh = await t.http.get('/server/regulatory-exports/guodan/export').query({ from: '2021-12-31', to: '2021-01-01' }).set('X-Platform-Token', admin);
      expect(zh.status).toBe(400);
      expect(zh.body.code).toBe('A11301');
      expect(zh.body.message).toContain('开始日期不能晚于结束日期');
      const en = await t.http
        .get('/server/regulatory-exports/guodan')
        .query({ from: '2021-12-31', to: '2021-01-01' })
        .set('X-Platform-Token', admin)
        .set('Accept-Language', 'en');
      expect(en.body.message).toContain('The start day cannot be after the end day');
      await t.http.get('/server/regulatory-exports/guodan').query({ from: '2021-02-30' }).set('X-Platform-Token', admin).expect(400);
    });
  });
});
