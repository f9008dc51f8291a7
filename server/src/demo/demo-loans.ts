import * as engine from '@app/workflow';
import { EntityManager } from 'typeorm';
import { buildDocx, text } from '../basic-data/demo-templates';
import { DEMO_TEMPLATE_BANK } from '../basic-data/demo-basic-data';
import { withCheckChar } from '../companies/credit-code';
import { companyDay } from '../common/company-time';
import { sendReminder } from '../reminders/reminder-jobs.handler';
import { badLoanDemoEvents, overdueDemoEvents } from './demo-bad-loans';
import { BadLoansRepository } from '../bad-loans/bad-loans.repository';
import { CASE_EVENT_TYPES } from '../bad-loans/bad-loans.hooks';
import { SEIZURE_REMINDER_OFFSETS, writeCaseRow } from '../bad-loans/bad-loans.service';
import { writeReminderRows } from '../reminders/reminders.service';
import { writeVisitDecision, writeVisitReport } from '../visits/visits.service';
import { contractSetOf, fillLoanDocument, renderLoanDocument, storeLoanDocument, type FillTarget, type FillTemplate } from '../contracts/fill-document';
import type { FileStorage } from '../files/file-storage';
import { InstanceRow, WorkflowRepository } from '../workflow/workflow.repository';
import { commitEvent, createInstanceRow } from '../workflow/workflow.service';

type StageTarget = Exclude<engine.StageKey, 'discontinued'> | 'discontinued';

/** One demo loan standing in each stage (and a closed and a discontinued one), so a newcomer can open any. */
const DEMO_LOANS: DemoLoan[] = [
  { stage: 'collection', company: '上海浦江精密机械有限公司', amount: 3_000_000, termMonths: 12, bank: '中国工商银行' },
  { stage: 'preReview', company: '上海申芯微电子科技有限公司', amount: 5_000_000, termMonths: 12, bank: '中国银行' },
  { stage: 'generalOffice', company: '上海绿源新能源科技有限公司', amount: 8_000_000, termMonths: 24, bank: '招商银行' },
  { stage: 'riskControl', company: '上海云启软件股份有限公司', amount: 2_000_000, termMonths: 12, bank: '上海银行' },
  { stage: 'insuranceReview', company: '上海华康生物医药有限公司', amount: 10_000_000, termMonths: 36, bank: '交通银行' },
  { stage: 'withdrawal', company: '上海海港物流装备有限公司', amount: 4_500_000, termMonths: 12, bank: '中国建设银行' },
  { stage: 'duringGuarantee', company: '上海新材科技发展有限公司', amount: 6_000_000, termMonths: 18, bank: '浦发银行' },
  { stage: 'disbursement', company: '上海数创文化传媒有限公司', amount: 1_500_000, termMonths: 12, bank: '上海农商银行' },
  { stage: 'afterGuarantee', company: '上海智造机器人有限公司', amount: 7_000_000, termMonths: 24, bank: '中国农业银行' },
  // repaying monthly: its first instalment repaid (its reminder sent), the next one due in ten days (queued), one visit round done
  { stage: 'afterGuarantee', company: '上海启明智能装备有限公司', amount: 3_600_000, termMonths: 12, bank: '招商银行', repaying: true },
  { stage: 'release', company: '上海恒信节能环保有限公司', amount: 2_500_000, termMonths: 12, bank: '兴业银行' },
  { stage: 'closed', company: '上海凯达汽车零部件有限公司', amount: 3_500_000, termMonths: 12, bank: '中信银行' },
  { stage: 'discontinued', company: '上海蓝海教育科技有限公司', amount: 1_000_000, termMonths: 6, bank: '宁波银行' },
  // loans that went bad: overdue in each bucket of days past due, compensation awaiting the decision, recovery under way
  { stage: 'afterGuarantee', company: '上海东方纺织印染有限公司', amount: 1_200_000, termMonths: 12, bank: '中国工商银行', overdueDays: 12 },
  { stage: 'afterGuarantee', company: '上海金桥建材贸易有限公司', amount: 1_800_000, termMonths: 12, bank: '中国银行', overdueDays: 45 },
  { stage: 'afterGuarantee', company: '上海瑞丰食品有限公司', amount: 2_200_000, termMonths: 24, bank: '招商银行', overdueDays: 75 },
  { stage: 'afterGuarantee', company: '上海宏达五金制品有限公司', amount: 900_000, termMonths: 12, bank: '上海银行', overdueDays: 120 },
  { stage: 'compensation', company: '上海永盛包装材料有限公司', amount: 1_600_000, termMonths: 12, bank: '交通银行' },
  { stage: 'recovery', company: '上海鼎泰家具制造有限公司', amount: 2_600_000, termMonths: 12, bank: '中国建设银行' },
];

export interface DemoPeople {
  apost: string;
  bpost: string;
  admin: string;
  prereview: string;
  leader: string;
  finance: string;
  zb: string[];
  bs: string[];
}

/**
 * The machine's demo sequences name abstract actors; here each becomes the demo account of that post.
 * Approvals split by what the account may do; meetings take their own attendees.
 */
export function castFor(people: DemoPeople) {
  const simple: Record<string, string> = {
    [engine.demoActors.aPost]: people.apost,
    [engine.demoActors.bPost]: people.bpost,
    [engine.demoActors.clerk]: people.admin,
    [engine.demoActors.leader]: people.leader,
    [engine.demoActors.finance]: people.finance,
  };
  return (event: engine.GuaranteeEvent): engine.GuaranteeEvent => {
    const voters = event.type.startsWith('INSURANCE_REVIEW_') ? people.bs : people.zb;
    const person = (id: string): string => {
      const voter = engine.demoActors.voters.indexOf(id);
      if (voter >= 0) return voters[voter];
      if (id === engine.demoActors.approver) return event.type === 'PRE_REVIEW_APPROVE' ? people.prereview : people.leader;
      return simple[id] ?? id;
    };
    const mapped: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(event)) {
      mapped[key] = typeof value === 'string' ? person(value) : Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? person(v) : v)) : value;
    }
    return mapped as unknown as engine.GuaranteeEvent;
  };
}

function eventsFor(stage: StageTarget, input: engine.GuaranteeInput, startAt: string, now = new Date()): engine.GuaranteeEvent[] {
  const options = { startAt, stepMinutes: 90 };
  if (stage === 'compensation' || stage === 'recovery') return badLoanDemoEvents(input, stage, now);
  if (stage === 'discontinued') return engine.discontinuedPathEvents(input, 'preReview', engine.demoActors, options);
  if (stage === 'closed') return engine.happyPathEvents(input, engine.demoActors, options);
  return engine.eventsToStage(input, stage, engine.demoActors, options);
}

/** The contract and letter events name the loan's bank; CONTRACT_GENERATE asks for its whole contract set. */
function withBank(event: engine.GuaranteeEvent, bankId: string | undefined): engine.GuaranteeEvent {
  if (event.type !== 'CONTRACT_GENERATE' && event.type !== 'LETTER_GENERATE') return event;
  if (!bankId) throw new Error(`demo loan: ${event.type} needs the loan's bank among the demo banks`);
  if (event.type === 'LETTER_GENERATE') return { ...event, bankId };
  const { templateId: _whichever, ...wholeSet } = event;
  return { ...wholeSet, bankId };
}

export interface DemoLoan {
  stage: StageTarget;
  company: string;
  amount: number;
  termMonths: number;
  bank: string;
  /**
   * After guarantee and repaying: lent so that its second monthly instalment falls due ten days from
   * the seed, its plan edited to equal principal, one visit round approved, the first instalment repaid.
   */
  repaying?: boolean;
  /** After guarantee with its first monthly instalment unpaid since this many days (a bucket of days past due). */
  overdueDays?: number;
}

/** Commits one demo event through the real engine (so the audit chain holds); a refusal is a bug in the seed. */
export async function commitDemoEvent(
  em: EntityManager,
  repo: WorkflowRepository,
  row: InstanceRow,
  event: engine.GuaranteeEvent,
  what: string,
): Promise<InstanceRow> {
  const outcome = await commitEvent(em, repo, row, event);
  if (!outcome.ok) {
    const why = outcome.stale ? 'stale' : `${outcome.refusal.reason.code} ${outcome.refusal.reason.en}`;
    throw new Error(`demo loan ${what}: ${event.type} refused (${why})`);
  }
  return { ...row, version: outcome.seq, snapshot: outcome.snapshot, lastHash: outcome.hash };
}

/**
 * The banks whose templates the demo loans' documents come from: the demo template bank, and the bank
 * of every demo loan whose events pass CONTRACT_GENERATE (its contracts and letter name its own bank).
 */
export function demoTemplateBanks(): string[] {
  const generating = DEMO_LOANS.filter((demo) =>
    eventsFor(demo.stage, engine.demoInput(), new Date(0).toISOString()).some((e) => e.type === 'CONTRACT_GENERATE'),
  );
  return [...new Set([DEMO_TEMPLATE_BANK, ...generating.map((demo) => demo.bank)])];
}

/**
 * The documents a demo event stands on or produces, as the real steps would have left them: the
 * contract set (CONTRACT_GENERATE) and the letter (LETTER_GENERATE) filled by the contracts' own fill
 * function from the bank's templates; the sealed letter (LETTER_UPLOAD_SEALED) and the disbursement
 * voucher (VOUCHER_UPLOAD) and the repayment vouchers (RECORD_REPAYMENT, on the first open instalment),
 * which people upload before their event, written just before it. All kept
 * by the one file storage in the seed's transaction, dated at the event.
 */
async function demoDocuments(
  em: EntityManager,
  storage: FileStorage | undefined,
  row: InstanceRow,
  event: engine.GuaranteeEvent,
  when: 'before' | 'after',
): Promise<void> {
  if (when === 'before' && event.type === 'PREMIUM_SUBMIT') return demoPremiumVoucher(em, storage, row, event);
  if (when === 'before' && event.type === 'COMPENSATION_PAY') return demoCompensationVoucher(em, storage, row, event);
  const produces = when === 'after' ? ['CONTRACT_GENERATE', 'LETTER_GENERATE'] : ['LETTER_UPLOAD_SEALED', 'VOUCHER_UPLOAD', 'RECORD_REPAYMENT'];
  if (!produces.includes(event.type)) return;
  if (!storage) throw new Error(`demo loan ${row.loanId}: ${event.type} needs the file storage for its documents`);
  const context = (row.snapshot as unknown as { context: engine.GuaranteeContext }).context;
  // a failed seed rolls back its rows and leaves the few bytes it wrote in the folder (demo only)
  const target: FillTarget = {
    em,
    storage,
    loanId: row.loanId,
    actorId: event.actorId,
    at: event.at,
    amount: context.amount,
    onRollback: () => undefined,
    ownTemplates: true,
  };
  const dated = async (id: string) => em.query(`UPDATE loan_document SET created_at = $2 WHERE id = $1`, [id, event.at]);
  const letterTemplate = async (): Promise<FillTemplate> => {
    const [t] = await em.query(
      `SELECT t.id, t.version, b.name AS bank_name FROM bank_template t JOIN bank b ON b.id = t.bank_id
        WHERE t.bank_id = $1 AND t.contract_type = 'GUARANTEE_LETTER' AND t.enabled AND t.deleted_at IS NULL ORDER BY t.version DESC LIMIT 1`,
      [context.letterBankId ?? context.contractBankId],
    );
    if (!t) throw new Error(`demo loan ${row.loanId}: the bank has no letter template`);
    return { id: t.id, version: t.version, bankName: t.bank_name, type: 'GUARANTEE_LETTER' };
  };
  switch (event.type) {
    case 'CONTRACT_GENERATE': {
      const set = await contractSetOf(em, event.bankId);
      if (!set.length) throw new Error(`demo loan ${row.loanId}: the bank has no contract template`);
      for (const template of set) await dated(await fillLoanDocument(target, template, 'CONTRACT'));
      return;
    }
    case 'LETTER_GENERATE':
      await dated(await fillLoanDocument(target, await letterTemplate(), 'GUARANTEE_LETTER'));
      return;
    case 'LETTER_UPLOAD_SEALED': {
      // the sealed letter as scanned back: here the same filled letter, named as the sealed copy
      const { bytes, companyName } = await renderLoanDocument(target, await letterTemplate());
      await dated(await storeLoanDocument(target, { kind: 'SEALED_LETTER', bytes, name: `${companyName}-保函（已盖章）.docx` }));
      return;
    }
    case 'VOUCHER_UPLOAD': {
      const [loan] = await em.query(`SELECT c.name AS company, l.bank FROM loan l JOIN company c ON c.id = l.company_id WHERE l.id = $1`, [row.loanId]);
      const bytes = buildDocx(
        [
          text('放款凭证（演示）', true),
          text(`借款人：${loan.company}`),
          text(`贷款银行：${loan.bank}`),
          text(`放款金额：人民币 ${engine.formatFen(engine.toFen(context.amount))} 元`),
          text(`凭证上传：${event.at.slice(0, 10)}`),
        ].join(''),
      );
      await dated(await storeLoanDocument(target, { kind: 'DISBURSEMENT_VOUCHER', bytes, name: `${loan.company}-放款凭证.docx` }));
      return;
    }
    case 'RECORD_REPAYMENT': {
      // finance uploads the repayment voucher on the first open instalment, then records the repayment
      const [open] = await em.query(
        `SELECT i.id, i.seq, c.name AS company FROM repayment_instalment i JOIN loan l ON l.id = i.loan_id JOIN company c ON c.id = l.company_id
          WHERE i.loan_id = $1 AND i.superseded_at IS NULL AND i.state = 'DUE' ORDER BY i.seq LIMIT 1`,
        [row.loanId],
      );
      if (!open) return;
      const bytes = buildDocx(
        [
          text('还款凭证（演示）', true),
          text(`借款人：${open.company}`),
          text(`第 ${open.seq} 期还款：人民币 ${engine.formatFen(engine.toFen(event.amount))} 元`),
        ].join(''),
      );
      const prepared = await storage.prepare('attachment', { buffer: bytes }, `${open.company}-第${open.seq}期还款凭证.docx`, { zipChecked: true });
      const { file } = await storage.putIn(em, prepared, event.actorId);
      const [voucher] = await em.query(
        `INSERT INTO attachment (loan_id, kind, file_id, created_by, created_at) VALUES ($1, 'REPAYMENT_VOUCHER', $2, $3, $4) RETURNING id`,
        [row.loanId, file.id, event.actorId, event.at],
      );
      await em.query(`UPDATE repayment_instalment SET voucher_attachment_id = $2 WHERE id = $1`, [open.id, voucher.id]);
      return;
    }
    default:
      // every other event leaves no document
      return;
  }
}

/**
 * The premium's payment voucher, which A-post uploads before submitting the premium: a loan whose
 * premium finance confirmed shows the voucher it was confirmed on.
 */
async function demoPremiumVoucher(em: EntityManager, storage: FileStorage | undefined, row: InstanceRow, event: engine.GuaranteeEvent): Promise<void> {
  if (!storage) throw new Error(`demo loan ${row.loanId}: ${event.type} needs the file storage for its voucher`);
  const context = (row.snapshot as unknown as { context: engine.GuaranteeContext }).context;
  const [loan] = await em.query(`SELECT c.name AS company FROM loan l JOIN company c ON c.id = l.company_id WHERE l.id = $1`, [row.loanId]);
  const premium = typeof context.premiumAmount === 'number' ? engine.formatFen(engine.toFen(context.premiumAmount)) : '—';
  const bytes = buildDocx(
    [
      text('保费缴纳凭证（演示）', true),
      text(`缴费单位：${loan.company}`),
      text(`保费：人民币 ${premium} 元`),
      text(`缴费日期：${event.at.slice(0, 10)}`),
    ].join(''),
  );
  const prepared = await storage.prepare('attachment', { buffer: bytes }, `${loan.company}-保费缴纳凭证.docx`);
  const { file } = await storage.putIn(em, prepared, event.actorId);
  await em.query(`INSERT INTO attachment (loan_id, kind, file_id, created_by, created_at) VALUES ($1, 'PREMIUM_VOUCHER', $2, $3, $4)`, [
    row.loanId,
    file.id,
    event.actorId,
    event.at,
  ]);
}

/** The bank's receipt of the compensation, which finance uploads before confirming the payment. */
async function demoCompensationVoucher(em: EntityManager, storage: FileStorage | undefined, row: InstanceRow, event: engine.GuaranteeEvent): Promise<void> {
  if (!storage) throw new Error(`demo loan ${row.loanId}: ${event.type} needs the file storage for its voucher`);
  const k = (row.snapshot as unknown as { context: engine.GuaranteeContext }).context.compensation;
  const [loan] = await em.query(`SELECT c.name AS company, l.bank FROM loan l JOIN company c ON c.id = l.company_id WHERE l.id = $1`, [row.loanId]);
  const bytes = buildDocx(
    [
      text('代偿款支付凭证（演示）', true),
      text(`借款人：${loan.company}`),
      text(`收款银行：${loan.bank}`),
      text(`代偿金额：人民币 ${k ? engine.formatFen(engine.compensationTotalFen(k)) : '—'} 元`),
    ].join(''),
  );
  const prepared = await storage.prepare('attachment', { buffer: bytes }, `${loan.company}-代偿支付凭证.docx`);
  const { file } = await storage.putIn(em, prepared, event.actorId);
  await em.query(`INSERT INTO attachment (loan_id, kind, file_id, created_by, created_at) VALUES ($1, 'COMPENSATION_VOUCHER', $2, $3, $4)`, [
    row.loanId,
    file.id,
    event.actorId,
    event.at,
  ]);
}

/**
 * The machine's demo path pledges collateral by made-up ids (`<loan>-mortgage-1`); B-post confirms
 * items of the loan's register. Each item becomes a register row (owner, what it is, its value) and
 * the event names that row, so the release and its ledger show the item, not an id.
 */
async function withRegisteredCollateral(
  em: EntityManager,
  loanId: string,
  event: engine.GuaranteeEvent,
  i: number,
  registered: Map<string, string>,
): Promise<engine.GuaranteeEvent> {
  // Releases name the item by its register row too.
  if (event.type === 'CONFIRM_RELEASE') return { ...event, itemId: registered.get(event.itemId) ?? event.itemId };
  if (event.type !== 'COUNTER_GUARANTEE_CONFIRM') return event;
  const collateral: engine.CollateralItem[] = [];
  for (const [n, item] of event.collateral.entries()) {
    const what = item.kind === 'MORTGAGE' ? `厂房及土地使用权（沪房地产权证 ${2018 + (i % 6)} 第 ${1000 + i * 37 + n} 号）` : '应收账款质押';
    const [row] = await em.query(
      `INSERT INTO collateral (loan_id, kind, owner, description, appraised_value_fen, certificate_no, created_by, updated_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $8) RETURNING id::text AS id`,
      [loanId, item.kind, '借款企业', what, 500_000_000 + i * 10_000_000, `DEMO-${i}-${n + 1}`, event.actorId, event.at],
    );
    registered.set(item.id, row.id);
    collateral.push({ ...item, id: row.id });
  }
  return { ...event, collateral };
}

/**
 * One demo company and its loan (number `i`: it picks the credit code and the record's details),
 * created at `startAt` and driven through the real machine to its stage. Answers the instance row.
 * The contract and letter events name the loan's own bank (which has templates: demoTemplateBanks),
 * CONTRACT_GENERATE its whole contract set; the documents of those steps are written with them.
 */
export async function createDemoLoan(
  em: EntityManager,
  people: DemoPeople,
  demo: DemoLoan,
  i: number,
  startAt: string,
  storage?: FileStorage,
  now = new Date(),
): Promise<InstanceRow> {
  const repo = new WorkflowRepository(em.connection);
  const cast = castFor(people);
  const creditCode = withCheckChar(`9131000${String(1000000000 + i * 7919).slice(0, 10)}`);
  // A filled-in record (district, contacts, profile) so that the company list shows what it holds.
  const districts = ['PDXQ', 'MHQ', 'JDQ', 'XHQ', 'SJQ', 'BSQ'];
  const [company] = await em.query(
    `INSERT INTO company (name, credit_code, created_by, created_at, legal_representative, registered_capital, established_date,
                          district_code, contact_person, contact_phone, enterprise_kinds, qualifications, employee_count)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      demo.company,
      creditCode,
      people.apost,
      startAt,
      '张' + '伟明华强军'[i % 5],
      1000 + i * 500,
      `${2005 + (i % 1000)}-06-18`, // tests call with indexes in the thousands: a real year, an 11-digit phone
      districts[i % districts.length],
      '李' + '敏静婷雪娜'[i % 5],
      `1380013${String((8000 + i) % 10_000).padStart(4, '0')}`,
      [i % 3 === 0 ? 'TECH_INNOVATION' : 'STRATEGIC_EMERGING_OTHER'],
      i % 2 === 0 ? ['HIGH_TECH'] : ['SPECIALIZED_NEW'],
      50 + i * 10,
    ],
  );
  const [loan] = await em.query(
    `INSERT INTO loan (company_id, amount, term_months, bank, loan_type, a_post_officer_id, b_post_officer_id, created_by, created_at)
     VALUES ($1, $2, $3, $4, '流动资金贷款', $5, $6, $5, $7) RETURNING id`,
    [company.id, demo.amount, demo.termMonths, demo.bank, people.apost, people.bpost, startAt],
  );
  const abstractInput = engine.demoInput({ loanId: loan.id, amount: demo.amount, termMonths: demo.termMonths });
  const input: engine.GuaranteeInput = { ...abstractInput, aPostOfficerId: people.apost, bPostOfficerId: people.bpost };
  const [bank] = await em.query(`SELECT id FROM bank WHERE name = $1 AND deleted_at IS NULL`, [demo.bank]);
  let row = await createInstanceRow(em, repo, loan.id, input);
  const registered = new Map<string, string>(); // the demo path's collateral ids -> register rows
  let path = eventsFor(demo.stage, abstractInput, new Date(Date.parse(startAt) + 3600_000).toISOString(), now);
  if (demo.overdueDays !== undefined) path = overdueDemoEvents(abstractInput, demo.overdueDays, now);
  if (demo.repaying) path = [...withDisbursedOn(path, repayingDisbursedOn(now)), ...repayingEvents(abstractInput, path, now)];
  for (const abstract of path) {
    const event = await withRegisteredCollateral(em, loan.id, withBank(cast(abstract), bank?.id), i, registered);
    // what the worker would have sent by then (at its fire time)
    await sendDueReminders(em, loan.id, new Date(event.at));
    await demoDocuments(em, storage, row, event, 'before');
    row = await commitDemoEvent(em, repo, row, event, demo.stage);
    await demoWriters(em, row, event);
    await demoDocuments(em, storage, row, event, 'after');
  }
  await sendDueReminders(em, loan.id, now);
  if (demo.stage === 'recovery') await demoRecoveryRecords(em, people, loan.id, now);
  return row;
}

/**
 * The rows the API's event writers make with an event (visit records, repayment plan, instalments,
 * reminders), run the same way here in the seed's transaction, dated at the event: the visits first,
 * as the app registers them, so VISIT_APPROVE's reminder finds the round's next due day.
 */
async function demoWriters(em: EntityManager, row: InstanceRow, event: engine.GuaranteeEvent): Promise<void> {
  await writeVisitReport(em, row.loanId, event, row.snapshot);
  await writeVisitDecision(em, row.loanId, event);
  await writeReminderRows(em, row.loanId, event, row.snapshot, new Date(event.at));
  // the case row the compensation and recovery lists read
  if (CASE_EVENT_TYPES.includes(event.type)) await writeCaseRow(new BadLoansRepository(em.connection), em, row.loanId, row.snapshot, new Date(event.at));
}

/**
 * What the recovery demo loan's claim has cost and holds: the court's acceptance fee and the lawyer's,
 * and the first seizure of the borrower's plant, expiring in twenty days (its reminders queued: one
 * fires at once, the one seven days before is ahead).
 */
async function demoRecoveryRecords(em: EntityManager, people: DemoPeople, loanId: string, now: Date): Promise<void> {
  const repo = new BadLoansRepository(em.connection);
  const day = (offset: number) => companyDay(new Date(now.getTime() + offset * DAY_MS));
  await em.query(
    `INSERT INTO litigation_fee (loan_id, fee_type, amount_fen, paid_on, note, created_by, created_at)
     VALUES ($1, 'COURT_ACCEPTANCE', 1856000, $2, '案件受理费', $3, $4), ($1, 'LAWYER', 4000000, $2, '律师代理费（一审）', $3, $4)`,
    [loanId, day(-58), people.apost, now],
  );
  const seizureId = await repo.insertSeizure(
    em,
    loanId,
    {
      court: '上海市嘉定区人民法院',
      asset: '借款人名下厂房（沪房地产权证嘉字第 000123 号）',
      seizureKind: 'FIRST',
      seizedOn: day(-345),
      expiresOn: day(20),
      note: '诉前财产保全，查封期限一年',
    },
    people.apost,
    now,
  );
  await repo.insertSeizureReminders(em, loanId, seizureId, day(20), SEIZURE_REMINDER_OFFSETS, now);
}

/** Sends, as the reminder worker would have at their fire time, the loan's scheduled reminders due by `until`. */
async function sendDueReminders(em: EntityManager, loanId: string, until: Date): Promise<void> {
  const due: { id: string; fire_at: Date }[] = await em.query(
    `SELECT id, fire_at FROM reminder WHERE loan_id = $1 AND state = 'SCHEDULED' AND fire_at <= $2 ORDER BY fire_at, id`,
    [loanId, until],
  );
  for (const r of due) await sendReminder(em, r.id, new Date(r.fire_at), new Date(r.fire_at));
}

const DAY_MS = 86_400_000;

/** The day the repaying demo loan was lent: two months before the day ten days from `now` (so instalment 2 falls due then). */
function repayingDisbursedOn(now: Date): string {
  const target = new Date(`${companyDay(new Date(now.getTime() + 10 * DAY_MS))}T00:00:00Z`);
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() - 2);
  // a day the earlier month lacks (the 31st) is clamped, as the plan's own month arithmetic does
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString().slice(0, 10);
}

/** The happy path retimed to end with VOUCHER_CONFIRM on the afternoon of `disbursedOn`, naming that day. */
function withDisbursedOn(path: engine.GuaranteeEvent[], disbursedOn: string): engine.GuaranteeEvent[] {
  const last = Date.parse(path[path.length - 1].at);
  const shift = Date.parse(`${disbursedOn}T07:00:00Z`) - last;
  return path.map((e) => {
    const at = new Date(Date.parse(e.at) + shift).toISOString();
    return e.type === 'VOUCHER_CONFIRM' ? { ...e, at, disbursedOn } : { ...e, at };
  });
}

/** After the loan is lent: the plan made monthly, one visit round, the first instalment repaid on its day. */
function repayingEvents(input: engine.GuaranteeInput, path: engine.GuaranteeEvent[], now: Date): engine.GuaranteeEvent[] {
  const actors = engine.demoActors;
  const lentAt = Date.parse(path[path.length - 1].at);
  const at = (days: number) => new Date(lentAt + days * DAY_MS).toISOString();
  const firstDue = (() => {
    const d = new Date(lentAt);
    d.setUTCMonth(d.getUTCMonth() + 1);
    return Date.parse(`${d.toISOString().slice(0, 10)}T03:00:00Z`);
  })();
  const instalmentFen = Math.round(engine.toFen(input.amount) / input.termMonths);
  const events: engine.GuaranteeEvent[] = [
    { type: 'REPAYMENT_PLAN_EDIT', actorId: actors.aPost, at: at(1), method: 'EQUAL_PRINCIPAL', reason: '企业申请按月等额还本' },
    { type: 'VISIT_SUBMIT_REPORT', actorId: actors.bPost, at: at(14), kind: 'REPORT', classification: 'NORMAL' },
    { type: 'VISIT_APPROVE', actorId: actors.leader, at: at(15) },
    { type: 'RECORD_REPAYMENT', actorId: actors.finance, at: new Date(firstDue).toISOString(), amount: engine.fromFen(instalmentFen) },
  ];
  if (Date.parse(events[events.length - 1].at) > now.getTime()) throw new Error("demo loan: the repaying loan's first instalment is not yet due");
  return events;
}

/** Creates the demo companies and loans and drives each through the real machine to its stage (banks and templates first: seedDemoBasicData). */
export async function seedDemoLoans(em: EntityManager, people: DemoPeople, storage: FileStorage, now = new Date()): Promise<number> {
  for (const [i, demo] of DEMO_LOANS.entries()) {
    const startAt = new Date(now.getTime() - (DEMO_LOANS.length - i + 30) * 24 * 3600_000).toISOString();
    await createDemoLoan(em, people, demo, i, startAt, storage, now);
  }
  return DEMO_LOANS.length;
}
