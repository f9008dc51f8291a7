import { randomInt, randomUUID } from 'node:crypto';
import { evidenceOf, exampleContent } from '@app/workflow';
import type { Test } from 'supertest';
import { DEMO_TEMPLATE_BANK } from '../../../server/src/basic-data/demo-basic-data';
import { withCheckChar } from '../../../server/src/companies/credit-code';
import { createDemoLoan, type DemoPeople } from '../../../server/src/demo/demo-loans';
import { FileStorage } from '../../../server/src/files/file-storage';
import { AppHandle } from './app';

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** A valid, unused unified social credit code. */
export function randomCreditCode(): string {
  let s = '91310000';
  while (s.length < 17) s += ALPHABET[randomInt(ALPHABET.length)];
  return withCheckChar(s);
}

export async function createCompany(t: AppHandle, token: string, name = '上海测试科技有限公司') {
  const res = await t.http.post('/server/companies').set('X-Platform-Token', token).send({ name, creditCode: randomCreditCode() });
  if (res.status !== 201) throw new Error(`company: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; name: string; creditCode: string };
}

export async function createLoan(t: AppHandle, token: string, extra: Record<string, unknown> = {}) {
  const company = await createCompany(t, token);
  const res = await t.http
    .post('/server/loans')
    .set('X-Platform-Token', token)
    .send({ companyId: company.id, amount: 5_000_000, termMonths: 12, bank: '中国银行', ...extra });
  if (res.status !== 201) throw new Error(`loan: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; workflow: { version: number; stage: string; legalActions: { type: string }[] } };
}

/**
 * Sends one event. Tests that only move loans along get what the step stands on first: for
 * SUBMIT_MATERIALS the saved customer data, for a step with a document (workflow EVENT_EVIDENCE) a
 * small PDF posted to the action's `document.upload` when it is not there. sendEventAsIs sends nothing else.
 */
export function sendEvent(t: AppHandle, token: string, loanId: string, type: string, expectedVersion: number, payload: Record<string, unknown> = {}): Test {
  const test = sendEventAsIs(t, token, loanId, type, expectedVersion, payload);
  const before = type === 'SUBMIT_MATERIALS' ? () => ensureClientData(t, loanId) : evidenceOf(type) ? () => ensureEvidence(t, token, loanId, type) : null;
  if (!before) return test;
  // The request goes out when awaited (superagent's then() calls end()): store the data just before.
  const send = test.end.bind(test);
  test.end = (callback) => {
    before().then(
      () => send(callback),
      (error: Error) => callback?.(error, undefined as never),
    );
    return test;
  };
  return test;
}

/** The event as given, with nothing stored before it (refusal tests). */
export function sendEventAsIs(t: AppHandle, token: string, loanId: string, type: string, expectedVersion: number, payload: Record<string, unknown> = {}): Test {
  return t.http.post(`/server/loans/${loanId}/events`).set('X-Platform-Token', token).send({ type, payload, expectedVersion });
}

export const SMALL_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Uploads the document the step stands on, as its legal action says, unless it is there (or the step is not legal now). */
export async function ensureEvidence(t: AppHandle, token: string, loanId: string, type: string): Promise<void> {
  if (!UUID.test(loanId)) return;
  const view = await t.http.get(`/server/loans/${loanId}/workflow`).set('X-Platform-Token', token);
  if (view.status !== 200) return;
  const action = (view.body.data.legalActions as { type: string; document?: { upload: string; present: boolean } }[]).find((a) => a.type === type);
  if (!action?.document || action.document.present) return;
  const res = await t.http.post(action.document.upload).set('X-Platform-Token', token).attach('file', SMALL_PDF, `${type}.pdf`);
  if (res.status !== 201) throw new Error(`evidence for ${type}: ${res.status} ${JSON.stringify(res.body)}`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * SUBMIT_MATERIALS is judged on the loan's SAVED customer data, which the server reads itself
 * (loan-data feature). Tests that only move loans along get a complete CLIENT set stored first,
 * unless the loan already has CLIENT data of its own (the completeness tests save theirs).
 */
export async function ensureClientData(t: AppHandle, loanId: string): Promise<void> {
  if (!UUID.test(loanId)) return;
  await t.db.query(
    `WITH saved AS (
       INSERT INTO loan_data (loan_id, type, content, version, updated_by)
       SELECT l.id, 'CLIENT', $2, 1, l.a_post_officer_id FROM loan l WHERE l.id = $1
       ON CONFLICT (loan_id, type) DO NOTHING RETURNING loan_id, type, content, version, updated_by
     )
     INSERT INTO loan_data_version (loan_id, type, version, content, saved_by) SELECT loan_id, type, version, content, updated_by FROM saved`,
    [loanId, exampleContent('CLIENT')],
  );
}

/**
 * A loan after guarantee written by the demo seed's machinery (a 12-month loan of 3,600,000 yuan at the
 * demo bank, its history begun `daysAgo` days ago), for a new company named `prefix` and a random tail.
 */
export async function demoLoanAfterGuarantee(t: AppHandle, people: DemoPeople, prefix: string, daysAgo = 90): Promise<{ id: string; company: string }> {
  const company = `${prefix}${randomUUID().slice(0, 8)}有限公司`;
  const storage = new FileStorage(t.db, t.config);
  const row = await t.db.transaction((em) =>
    createDemoLoan(
      em,
      people,
      { stage: 'afterGuarantee', company, amount: 3_600_000, termMonths: 12, bank: DEMO_TEMPLATE_BANK },
      100_000 + randomInt(800_000),
      new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
      storage,
    ),
  );
  return { id: row.loanId, company };
}
