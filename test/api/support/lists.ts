import * as engine from '@app/workflow';
import { WorkflowRepository } from '../../../server/src/workflow/workflow.repository';
import { commitEvent } from '../../../server/src/workflow/workflow.service';
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { buildDocx, text } from '../../../server/src/basic-data/demo-templates';
import type { DemoPeople } from '../../../server/src/demo/demo-loans';
import { createUser, AppHandle, tokenOf } from './app';
import { createCompany, createLoan, sendEvent } from './loans';

/** The demo accounts by post, as the seed's createDemoLoan casts them (each a user id). */
export async function demoPeople(t: AppHandle): Promise<DemoPeople> {
  const ids: Record<string, string> = {};
  for (const r of await t.db.query(`SELECT id, username FROM app_user`)) ids[r.username] = r.id;
  return {
    apost: ids.apost,
    bpost: ids.bpost,
    admin: ids.admin,
    prereview: ids.prereview,
    leader: ids.leader,
    finance: ids.finance,
    zb: [ids.zb1, ids.zb2, ids.zb3],
    bs: [ids.bs1, ids.bs2, ids.bs3],
  };
}

/** A user whose only role grants exactly `permissions` (to test one key at a time). */
export async function userWith(t: AppHandle, permissions: string[]): Promise<{ id: string; token: string }> {
  const code = `T_${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
  const [{ id: roleId }] = await t.db.query(`INSERT INTO role (code, name_zh, name_en) VALUES ($1, $1, $1) RETURNING id`, [code]);
  if (permissions.length) {
    await t.db.query(`INSERT INTO role_permission (role_id, permission_key) SELECT $1, unnest($2::varchar[])`, [roleId, permissions]);
  }
  const user = await createUser(t, ['ROLE_USER', code]);
  return { id: user.id, token: await tokenOf(t, user.username, user.password) };
}

/** Downloads an export and opens one sheet (the first unless told): the header row and the data rows as text, and the sheets' names. */
export async function readExport(
  t: AppHandle,
  url: string,
  token: string,
  lang = 'zh-CN',
  sheetIndex = 0,
): Promise<{ headers: string[]; rows: string[][]; res: any; sheetNames: string[] }> {
  const res = await t.http
    .get(url)
    .set('X-Platform-Token', token)
    .set('Accept-Language', lang)
    .buffer(true)
    .parse((response, callback) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => callback(null, Buffer.concat(chunks)));
    });
  if (res.status !== 200) throw new Error(`export ${url}: ${res.status} ${String(res.body)}`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.body);
  const sheet = book.worksheets[sheetIndex];
  // Array.from, not map: a streamed workbook leaves empty cells out, and map would keep them as holes.
  const text = (row: ExcelJS.Row) => Array.from((row.values as unknown[]).slice(1), (v) => (v === null || v === undefined ? '' : String(v)));
  const headers = text(sheet.getRow(1));
  const rows: string[][] = [];
  sheet.eachRow((row, n) => {
    // Padded to the header: a streamed row ends at its last non-empty cell.
    if (n > 1) {
      const cells = text(row);
      rows.push(Array.from({ length: Math.max(headers.length, cells.length) }, (_, i) => cells[i] ?? ''));
    }
  });
  return { headers, rows, res, sheetNames: book.worksheets.map((ws) => ws.name) };
}

/** The day in Shanghai (the business's calendar), YYYY-MM-DD, `offsetDays` from today. */
export function shanghaiDay(offsetDays = 0): string {
  const at = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export interface Tokens {
  apost: string;
  admin: string;
  prereview: string;
  bpost: string;
}

/** A new loan driven by the right users to the start of pre-review (awaiting approval). Answers its id and version. */
export async function loanInPreReview(
  t: AppHandle,
  tokens: Tokens,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; version: number; companyId: string }> {
  const loan = (await createLoan(t, tokens.apost, extra)) as unknown as { id: string; companyId: string };
  await sendEvent(t, tokens.apost, loan.id, 'SUBMIT_MATERIALS', 0).expect(200);
  await sendEvent(t, tokens.admin, loan.id, 'CONFIRM_RECEIPT', 1).expect(200);
  await sendEvent(t, tokens.apost, loan.id, 'SUBMIT_TO_PRE_REVIEW', 2).expect(200);
  return { id: loan.id, version: 3, companyId: loan.companyId };
}

const PLACEHOLDER_VOTERS = ['voter-1', 'voter-2', 'voter-3'];
/** Signing in is slow on purpose (argon2): one token per user and app. */
const tokenCache = new WeakMap<AppHandle, Map<string, string>>();

/**
 * Drives a new loan (created by apost, B-post officer bpost) through the machine up to the entry of
 * `stage`, each event sent through the API by the demo user of that post (the sequence is the
 * machine's own `eventsToStage`). Answers the loan id and its version.
 */
export async function loanInStage(
  t: AppHandle,
  stage: Exclude<engine.StageKey, 'discontinued'>,
  companyName?: string,
  /** More fields of the new loan (bank, loanType). */
  loanFields: Record<string, unknown> = {},
): Promise<{ id: string; version: number; companyId: string }> {
  const usernames = ['admin', 'apost', 'bpost', 'prereview', 'leader', 'finance', 'zb1', 'zb2', 'zb3', 'bs1', 'bs2', 'bs3'];
  const users: { id: string; username: string }[] = await t.db.query(`SELECT id, username FROM app_user WHERE username = ANY($1)`, [usernames]);
  const idOf = Object.fromEntries(users.map((u) => [u.username, u.id]));
  const tokens = tokenCache.get(t) ?? new Map<string, string>();
  tokenCache.set(t, tokens);
  const tokenFor = async (userId: string) => {
    if (!tokens.has(userId)) tokens.set(userId, await tokenOf(t, users.find((u) => u.id === userId)!.username));
    return tokens.get(userId)!;
  };
  const company = await createCompany(t, await tokenFor(idOf.apost), companyName ?? `流程测${randomUUID().slice(0, 8)}有限公司`);
  const created = await t.http
    .post('/server/loans')
    .set('X-Platform-Token', await tokenFor(idOf.apost))
    .send({ ...loanFields, companyId: company.id, amount: 2_000_000, termMonths: 12, bPostOfficerId: idOf.bpost });
  if (created.status !== 201) throw new Error(`loan: ${created.status} ${JSON.stringify(created.body)}`);
  const loanId: string = created.body.data.id;
  const actors: engine.PipelineActors = {
    aPost: idOf.apost,
    bPost: idOf.bpost,
    clerk: idOf.admin,
    approver: idOf.prereview,
    leader: idOf.leader,
    finance: idOf.finance,
    voters: PLACEHOLDER_VOTERS,
  };
  const events = engine.eventsToStage({ loanId, amount: 2_000_000, termMonths: 12, aPostOfficerId: idOf.apost, bPostOfficerId: idOf.bpost }, stage, actors);
  let version = 0;
  for (const event of events) {
    // Each meeting has its own attendees: the general office's zb1-3, the review committee's bs1-3.
    const voters = event.type.startsWith('INSURANCE_REVIEW_') ? ['bs1', 'bs2', 'bs3'] : ['zb1', 'zb2', 'zb3'];
    const person = (value: unknown) => {
      const index = typeof value === 'string' ? PLACEHOLDER_VOTERS.indexOf(value) : -1;
      return index >= 0 ? idOf[voters[index]] : value;
    };
    const { type, actorId, at: _at, ...payload } = event as unknown as Record<string, unknown>;
    const mapped = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, Array.isArray(v) ? v.map(person) : person(v)]));
    if (engine.isMeetingLibraryEvent(type as string)) {
      // Meeting-wide events only come from the meeting library: commit them as it does, in-process.
      const repo = new WorkflowRepository(t.db);
      const row = await repo.instance(loanId);
      const event = { ...mapped, type, actorId: person(actorId), at: new Date().toISOString() } as unknown as engine.GuaranteeEvent;
      const outcome = await commitEvent(t.db.manager, repo, row!, event);
      if (!outcome.ok) throw new Error(`${String(type)}: ${JSON.stringify(outcome)}`);
      version = outcome.seq;
      continue;
    }
    const res = await sendEvent(t, await tokenFor(person(actorId) as string), loanId, type as string, version, mapped);
    if (res.status !== 200) throw new Error(`${String(type)}: ${res.status} ${JSON.stringify(res.body)}`);
    version = res.body.data.version;
  }
  return { id: loanId, version, companyId: company.id };
}

/**
 * What a suite walking loans through the pipeline needs: the demo actors' tokens, a pre-reviewer who
 * may pass and confirm the contract steps, and a bank of its own with a loan-contract and a letter template.
 */
export async function pipelineSetup(t: AppHandle, bankName: string): Promise<{ tokens: Record<string, string>; bankId: string; templateId: string }> {
  const tokens: Record<string, string> = {};
  for (const user of ['admin', 'apost', 'bpost', 'finance', 'leader']) tokens[user] = await tokenOf(t, user);
  const checks = ['CONTRACT_REVIEW_PASS', 'CONTRACT_ARCHIVE_CONFIRM', 'LETTER_APPROVE'] as const;
  tokens.prereview = (await userWith(t, ['sys:loan:detail', ...checks.map((type) => engine.EVENT_PERMISSIONS[type])])).token;
  const admin = { 'X-Platform-Token': tokens.admin };
  const bank = await t.http
    .post('/server/banks')
    .set(admin)
    .send({ name: `${bankName}${randomUUID().slice(0, 6)}`, category: 'JOINT_STOCK' })
    .expect(201);
  const bankId: string = bank.body.data.id;
  const upload = (contractType: string, body: string, name: string) =>
    t.http.post(`/server/banks/${bankId}/templates`).set(admin).field('contractType', contractType).attach('file', buildDocx(body), name).expect(201);
  const templateId: string = (await upload('BANK_LOAN', text('借款合同 {companyName}'), '借款合同.docx')).body.data.id;
  await upload('GUARANTEE_LETTER', text('担保函 {companyName}'), '保函.docx');
  return { tokens, bankId, templateId };
}
