import * as engine from '@app/workflow';
import { randomUUID } from 'node:crypto';
import { DEMO_TEMPLATE_BANK, seedDemoBasicData } from '../../server/src/basic-data/demo-basic-data';
import { commitDemoEvent, createDemoLoan, DemoPeople } from '../../server/src/demo/demo-loans';
import { FileStorage } from '../../server/src/files/file-storage';
import { WorkflowRepository } from '../../server/src/workflow/workflow.repository';
import { createUser, startTestApp, AppHandle } from './support/app';
import { demoPeople, readExport, userWith } from './support/lists';

interface Repayment {
  day: string;
  yuan: number;
}
interface LoanPlan {
  /** null: a loan without a loan type (the product statistic's "unclassified"). */
  type: string | null;
  bank: string;
  district: string;
  officer: string;
  createdOn: string;
  amountYuan: number;
  disbursedOn: string;
  repayments: Repayment[];
}
interface GroupRow {
  key: string;
  name: string;
  code: string | null;
  projects: number;
  appliedFen: number;
  disbursedLoans: number;
  openingFen: number;
  addedFen: number;
  releasedFen: number;
  closingFen: number;
}

const fen = (yuan: number) => yuan * 100;
const SH_NOON = 'T04:00:00.000Z'; // noon in Shanghai: the event's company day is the day written

/**
 * The statistics of /statistics against the real PostgreSQL: loans driven by the real machine (the
 * demo seed's engine path) to disbursement, then disbursed and repaid on chosen days through the
 * machine's own events, in years no other test touches (2010-2020). Hand-computed figures for each
 * statistic, the reconciliation identity on a seeded random book, exports read back, 403s.
 */
describe('statistics', () => {
  let t: AppHandle;
  let people: DemoPeople;
  let storage: FileStorage;
  let n = 0;
  /** Every loan this file books: the model the random periods are checked against (C stays in force). */
  const booked: LoanPlan[] = [];
  const run = randomUUID().slice(0, 6);
  let admin: string;
  const as = (token: string, lang = 'zh-CN') => ({ 'X-Platform-Token': token, 'Accept-Language': lang });

  beforeAll(async () => {
    t = await startTestApp();
    people = await demoPeople(t);
    storage = new FileStorage(t.db, t.config);
    const [{ n: banks }] = await t.db.query(`SELECT count(*)::int AS n FROM bank WHERE name = $1`, [DEMO_TEMPLATE_BANK]);
    if (!banks) await t.db.transaction((em) => seedDemoBasicData(em, storage, people.admin));
    admin = (
      await userWith(t, [
        'statistics',
        'population_list',
        'project_list',
        'amount_list',
        'amount_bank_list',
        'amount_region_list',
        'sys:statistics:region-export',
        'personnel_list',
      ])
    ).token;
  }, 60_000);
  afterAll(() => t.close());

  /** A loan created on `createdOn`, through the machine to disbursement, lent on `disbursedOn`, repaid as planned. */
  async function bookLoan(plan: LoanPlan): Promise<string> {
    n += 1;
    booked.push(plan);
    return t.db.transaction(async (em) => {
      let row = await createDemoLoan(
        em,
        { ...people, apost: plan.officer },
        { stage: 'disbursement', company: `统计测试公司${run}-${n}`, amount: plan.amountYuan, termMonths: 12, bank: DEMO_TEMPLATE_BANK },
        3000 + n, // apart from the other suites' demo indexes (credit codes derive from it)
        `${plan.createdOn}T01:00:00.000Z`,
        storage,
      );
      const repo = new WorkflowRepository(em.connection);
      const at = (day: string) => `${day}${SH_NOON}`;
      const commit = async (event: Record<string, unknown>) => {
        row = await commitDemoEvent(em, repo, row, event as unknown as engine.GuaranteeEvent, 'statistics');
      };
      await commit({ type: 'VOUCHER_UPLOAD', actorId: plan.officer, at: at(plan.disbursedOn) });
      await commit({
        type: 'VOUCHER_CONFIRM',
        actorId: people.finance,
        at: at(plan.disbursedOn),
        disbursedOn: plan.disbursedOn,
        disbursedAmountFen: fen(plan.amountYuan),
      });
      for (const r of plan.repayments) await commit({ type: 'RECORD_REPAYMENT', actorId: people.finance, at: at(r.day), amount: r.yuan });
      // The groups: the loan's product and bank as the loan row holds them, the company's district.
      await em.query(`UPDATE loan SET loan_type = $2, bank = $3 WHERE id = $1`, [row.loanId, plan.type, plan.bank]);
      await em.query(`UPDATE company SET district_code = $2 WHERE id = (SELECT company_id FROM loan WHERE id = $1)`, [row.loanId, plan.district]);
      return row.loanId;
    });
  }

  async function get<T>(path: string, token = admin, lang = 'zh-CN'): Promise<T> {
    const res = await t.http.get(path).set(as(token, lang));
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as T;
  }

  describe('a hand-computed book (2012)', () => {
    const TA = `统计产品A-${run}`;
    const TB = `统计产品B-${run}`;
    const BA = `统计银行A-${run}`;
    const BB = `统计银行B-${run}`;
    let o1: { id: string; username: string };
    let o2: { id: string; username: string };
    const loans: Record<string, string> = {};
    const Q = 'start=2012-01-01&end=2012-12-31';

    beforeAll(async () => {
      o1 = await createUser(t, ['ROLE_USER', 'A_POST']);
      o2 = await createUser(t, ['ROLE_USER', 'A_POST']);
      // A: in force before 2012, partly repaid in 2012, settled in 2014.
      loans.A = await bookLoan({
        type: TA,
        bank: BA,
        district: 'HPQ',
        officer: o1.id,
        createdOn: '2011-03-01',
        amountYuan: 1_000_000,
        disbursedOn: '2011-06-01',
        repayments: [
          { day: '2012-03-15', yuan: 200_000 },
          { day: '2013-02-01', yuan: 300_000 },
          { day: '2014-06-01', yuan: 500_000 },
        ],
      });
      // B: created, lent and settled within 2012.
      loans.B = await bookLoan({
        type: TA,
        bank: BB,
        district: 'XHQ',
        officer: o1.id,
        createdOn: '2012-02-01',
        amountYuan: 500_000,
        disbursedOn: '2012-04-10',
        repayments: [{ day: '2012-10-20', yuan: 500_000 }],
      });
      // C: created in 2012, lent only in 2013.
      loans.C = await bookLoan({
        type: TB,
        bank: BA,
        district: 'HPQ',
        officer: o2.id,
        createdOn: '2012-05-05',
        amountYuan: 800_000,
        disbursedOn: '2013-01-10',
        repayments: [],
      });
      // D: over before 2012: in no 2012 figure.
      loans.D = await bookLoan({
        type: TB,
        bank: BB,
        district: 'XHQ',
        officer: o2.id,
        createdOn: '2010-01-01',
        amountYuan: 300_000,
        disbursedOn: '2010-02-01',
        repayments: [{ day: '2011-05-01', yuan: 300_000 }],
      });
    }, 240_000);

    const row = (rows: GroupRow[], key: string) => {
      const found = rows.find((r) => r.key === key);
      if (!found) throw new Error(`no row ${key} in ${JSON.stringify(rows.map((r) => r.key))}`);
      const { key: _k, name: _n, code: _c, ...figures } = found;
      return figures;
    };

    it('overview: reconciliation, stages and drill-down counts', async () => {
      const data = await get<any>(`/server/statistics/overview?${Q}`);
      expect(data.period).toEqual({ start: '2012-01-01', end: '2012-12-31' });
      expect(data.reconciliation).toEqual({
        openingFen: fen(1_000_000),
        addedFen: fen(500_000),
        releasedFen: fen(700_000),
        closingFen: fen(800_000),
        disbursedLoans: 1,
        settledLoans: 1,
        balanced: true,
      });
      const stage = (key: string) => data.stages.find((s: any) => s.stage === key);
      expect(stage('release')).toMatchObject({ count: 1, amountFen: fen(500_000) }); // B, created in 2012
      expect(stage('afterGuarantee')).toMatchObject({ count: 1, amountFen: fen(800_000) }); // C
      expect(data.stages.reduce((sum: number, s: any) => sum + s.count, 0)).toBe(2);
      const list = (name: string) => data.lists.find((l: any) => l.name === name);
      expect(list('statisticsRelieveList')).toMatchObject({ count: 1, amountFen: fen(500_000) });
      expect(list('suggestList')).toMatchObject({ count: 0, amountFen: 0 });
      // the count is what the drill-down worklist shows under the same period
      const drill = await get<any>(`/server/worklists/statisticsRelieveList?createdFrom=2012-01-01&createdTo=2012-12-31`);
      expect(drill.total).toBe(1);
      expect(drill.list[0].id).toBe(loans.B);
    });

    it('by product, and one product\u2019s loans adding up to its row', async () => {
      const data = await get<{ rows: GroupRow[]; total: GroupRow }>(`/server/statistics/amounts/product?${Q}`);
      expect(row(data.rows, TA)).toEqual({
        projects: 1,
        appliedFen: fen(500_000),
        disbursedLoans: 1,
        openingFen: fen(1_000_000),
        addedFen: fen(500_000),
        releasedFen: fen(700_000),
        closingFen: fen(800_000),
      });
      expect(row(data.rows, TB)).toEqual({
        projects: 1,
        appliedFen: fen(800_000),
        disbursedLoans: 0,
        openingFen: 0,
        addedFen: 0,
        releasedFen: 0,
        closingFen: 0,
      });
      expect(data.rows).toHaveLength(2); // nothing else touches 2012; D is over before it
      const loansOfTa = await get<any>(`/server/statistics/amounts/product/loans?${Q}&typeName=${encodeURIComponent(TA)}`);
      expect(loansOfTa.rows.map((r: any) => r.loanId).sort()).toEqual([loans.A, loans.B].sort());
      const a = loansOfTa.rows.find((r: any) => r.loanId === loans.A);
      expect(a).toMatchObject({ openingFen: fen(1_000_000), addedFen: 0, releasedFen: fen(200_000), closingFen: fen(800_000), disbursedOn: '2011-06-01' });
      const { key: _k, name: _n, code: _c, ...sum } = loansOfTa.total;
      expect(sum).toEqual(row(data.rows, TA));
    });

    it('by bank, by region (division codes) and by person', async () => {
      const bank = await get<{ rows: GroupRow[] }>(`/server/statistics/amounts/bank?${Q}`);
      expect(row(bank.rows, BA)).toEqual({
        projects: 1,
        appliedFen: fen(800_000),
        disbursedLoans: 0,
        openingFen: fen(1_000_000),
        addedFen: 0,
        releasedFen: fen(200_000),
        closingFen: fen(800_000),
      });
      expect(row(bank.rows, BB)).toEqual({
        projects: 1,
        appliedFen: fen(500_000),
        disbursedLoans: 1,
        openingFen: 0,
        addedFen: fen(500_000),
        releasedFen: fen(500_000),
        closingFen: 0,
      });
      const region = await get<{ rows: GroupRow[] }>(`/server/statistics/amounts/region?${Q}`, admin, 'en');
      expect(region.rows.map((r) => [r.key, r.code, r.name])).toEqual([
        ['HPQ', '310101', 'Huangpu'],
        ['XHQ', '310104', 'Xuhui'],
      ]);
      expect(row(region.rows, 'HPQ')).toEqual(row(bank.rows, BA));
      const person = await get<{ rows: GroupRow[] }>(`/server/statistics/amounts/person?${Q}`);
      expect(row(person.rows, o1.id)).toEqual({
        projects: 1,
        appliedFen: fen(500_000),
        disbursedLoans: 1,
        openingFen: fen(1_000_000),
        addedFen: fen(500_000),
        releasedFen: fen(700_000),
        closingFen: fen(800_000),
      });
      expect(person.rows.find((r) => r.key === o1.id)!.name).toBe(o1.username);
      expect(row(person.rows, o2.id)).toEqual({
        projects: 1,
        appliedFen: fen(800_000),
        disbursedLoans: 0,
        openingFen: 0,
        addedFen: 0,
        releasedFen: 0,
        closingFen: 0,
      });
    });

    it('all projects: the period is the creation days; the chart counts the same rows', async () => {
      const page = await get<any>(`/server/statistics/projects?${Q}&pageSize=50`);
      expect(page.list.map((r: any) => r.id).sort()).toEqual([loans.B, loans.C].sort());
      const summary = await get<any>(`/server/statistics/projects/summary?${Q}`);
      expect(summary.stages.reduce((s: number, x: any) => s + x.count, 0)).toBe(page.total);
      const exported = await readExport(t, `/server/statistics/projects/export?${Q}`, admin);
      expect(exported.rows).toHaveLength(2);
    });

    it('an export holds exactly the rows and the total the JSON shows', async () => {
      const data = await get<{ rows: GroupRow[]; total: GroupRow }>(`/server/statistics/amounts/bank?${Q}`, admin, 'en');
      const { headers, rows, res } = await readExport(t, `/server/statistics/amounts/bank/export?${Q}`, admin, 'en');
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(headers).toEqual([
        'Bank',
        'Projects',
        'Project amount (yuan)',
        'Loans disbursed',
        'Opening balance (yuan)',
        'Added (yuan)',
        'Released (yuan)',
        'Closing balance (yuan)',
      ]);
      const asSheet = (r: GroupRow) =>
        [
          r.name,
          r.projects,
          engine.fromFen(r.appliedFen),
          r.disbursedLoans,
          ...[r.openingFen, r.addedFen, r.releasedFen, r.closingFen].map(engine.fromFen),
        ].map(String);
      expect(rows).toEqual([...data.rows, data.total].map(asSheet));
      expect(rows[rows.length - 1][0]).toBe('Total');
      // the region sheet carries the division codes
      const region = await readExport(t, `/server/statistics/amounts/region/export?${Q}`, admin);
      expect(region.headers.slice(0, 2)).toEqual(['区县', '行政区划代码']);
      expect(region.rows.slice(0, 2).map((r) => r.slice(0, 2))).toEqual([
        ['黄浦区', '310101'],
        ['徐汇区', '310104'],
      ]);
      const overview = await readExport(t, `/server/statistics/overview/export?${Q}`, admin);
      expect(overview.rows[0]).toEqual(['期初余额', '', String(1_000_000)]);
      expect(overview.rows[3]).toEqual(['期末余额', '', String(800_000)]);
    });
  });

  it('a loan without a loan type is an unclassified product, and its loans are asked for without a type name', async () => {
    const loanId = await bookLoan({
      type: null,
      bank: DEMO_TEMPLATE_BANK,
      district: 'CMQ',
      officer: people.apost,
      createdOn: '2009-03-01',
      amountYuan: 120_000,
      disbursedOn: '2009-05-01',
      repayments: [{ day: '2009-09-01', yuan: 120_000 }],
    });
    const Q = 'start=2009-01-01&end=2009-12-31';
    const products = await get<{ rows: GroupRow[] }>(`/server/statistics/amounts/product?${Q}`);
    expect(products.rows).toEqual([
      {
        key: '',
        name: '未分类',
        code: null,
        projects: 1,
        appliedFen: fen(120_000),
        disbursedLoans: 1,
        openingFen: 0,
        addedFen: fen(120_000),
        releasedFen: fen(120_000),
        closingFen: 0,
      },
    ]);
    const loans = await get<any>(`/server/statistics/amounts/product/loans?${Q}`, admin, 'en');
    expect(loans.typeName).toBe('Unclassified');
    expect(loans.rows.map((r: any) => r.loanId)).toEqual([loanId]);
    const region = await get<{ rows: GroupRow[] }>(`/server/statistics/amounts/region?${Q}`);
    expect(region.rows.map((r) => [r.key, r.code, r.name])).toEqual([['CMQ', '310151', '崇明区']]);
  });

  describe('the reconciliation identity on a seeded random book (2016-2020)', () => {
    // mulberry32: the same book every run, so a failure can be replayed
    let seed = 20261124;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
    const DAY = 86_400_000;
    const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
    const plans: LoanPlan[] = [];

    beforeAll(async () => {
      const type = `统计随机-${run}`;
      for (let i = 0; i < 8; i++) {
        const createdOn = dayAfter('2016-01-01', int(0, 300));
        const disbursedOn = dayAfter(createdOn, int(10, 700));
        const amountYuan = int(10, 500) * 10_000;
        const repayments: Repayment[] = [];
        let left = amountYuan;
        let day = disbursedOn;
        for (let k = int(0, 3); k > 0 && left > 0; k--) {
          day = dayAfter(day, int(1, 400));
          const settle = random() < 0.3;
          const yuan = settle ? left : Math.min(left - 1, int(1, 50) * 10_000);
          if (yuan <= 0) break;
          repayments.push({ day, yuan });
          left -= yuan;
        }
        plans.push({ type, bank: DEMO_TEMPLATE_BANK, district: 'PDXQ', officer: people.apost, createdOn, amountYuan, disbursedOn, repayments });
      }
      for (const plan of plans) await bookLoan(plan);
    }, 480_000);

    /** The balance in force at the end of `day` by the book itself (fen): the random loans and the 2012 ones. */
    const balance = (day: string) =>
      booked.reduce((sum, p) => {
        if (p.disbursedOn > day) return sum;
        const repaid = p.repayments.filter((r) => r.day <= day).reduce((s, r) => s + r.yuan, 0);
        return sum + fen(p.amountYuan - repaid);
      }, 0);
    const within = (day: string, start: string, end: string) => day >= start && day <= end;

    it('opening + added - released = closing for several periods, each figure as the book says', async () => {
      const periods: [string, string][] = [
        ['2016-01-01', '2020-12-31'],
        ['2017-01-01', '2017-12-31'],
      ];
      for (let i = 0; i < 6; i++) {
        const start = dayAfter('2016-01-01', int(0, 1500));
        periods.push([start, dayAfter(start, int(0, 500))]);
      }
      for (const [start, end] of periods) {
        const r = (await get<any>(`/server/statistics/overview?start=${start}&end=${end}`)).reconciliation;
        const added = booked.filter((p) => within(p.disbursedOn, start, end)).reduce((s, p) => s + fen(p.amountYuan), 0);
        const released = booked
          .flatMap((p) => p.repayments)
          .filter((x) => within(x.day, start, end))
          .reduce((s, x) => s + fen(x.yuan), 0);
        expect({ period: [start, end], ...r }).toEqual({
          period: [start, end],
          openingFen: balance(dayAfter(start, -1)),
          addedFen: added,
          releasedFen: released,
          closingFen: balance(end),
          disbursedLoans: booked.filter((p) => within(p.disbursedOn, start, end)).length,
          settledLoans: booked.filter((p) => {
            const last = p.repayments[p.repayments.length - 1];
            return last && p.repayments.reduce((s, x) => s + x.yuan, 0) === p.amountYuan && within(last.day, start, end);
          }).length,
          balanced: true,
        });
        expect(r.openingFen + r.addedFen - r.releasedFen).toBe(r.closingFen);
      }
    });
  });

  describe('refusals', () => {
    it('a start after the end: 400 A11201 in both languages', async () => {
      const zh = await t.http.get('/server/statistics/amounts/bank?start=2020-02-01&end=2020-01-01').set(as(admin)).expect(400);
      expect(zh.body.code).toBe('A11201');
      expect(zh.body.message).toContain('开始日期不能晚于结束日期');
      const en = await t.http.get('/server/statistics/overview?start=2020-02-01&end=2020-01-01').set(as(admin, 'en')).expect(400);
      expect(en.body.message).toContain('cannot be after its end');
      await t.http.get('/server/statistics/overview?start=2020-13-01').set(as(admin)).expect(400);
    });

    it('403 without the page key, without the group key, and for the region export without its action', async () => {
      const groupOnly = (await userWith(t, ['statistics'])).token;
      for (const path of [
        'overview',
        'overview/export',
        'projects',
        'projects/summary',
        'projects/export',
        'amounts/product',
        'amounts/product/export',
        'amounts/product/loans',
        'amounts/bank',
        'amounts/bank/export',
        'amounts/region',
        'amounts/region/export',
        'amounts/person',
        'amounts/person/export',
      ]) {
        const res = await t.http.get(`/server/statistics/${path}`).set(as(groupOnly));
        expect([path, res.status]).toEqual([path, 403]);
      }
      const noGroup = (await userWith(t, ['population_list', 'amount_bank_list'])).token;
      await t.http.get('/server/statistics/overview').set(as(noGroup)).expect(403);
      await t.http.get('/server/statistics/amounts/bank').set(as(noGroup)).expect(403);
      const region = (await userWith(t, ['statistics', 'amount_region_list'])).token;
      await t.http.get('/server/statistics/amounts/region').set(as(region)).expect(200);
      await t.http.get('/server/statistics/amounts/region/export').set(as(region)).expect(403);
      await t.http.get('/server/statistics/amounts/bank').set(as(region)).expect(403);
    });
  });
});
