import { randomInt } from 'node:crypto';
import { withCheckChar } from '../../../server/src/companies/credit-code';
import { TestApp } from './app';

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** A valid, unused unified social credit code. */
export function randomCreditCode(): string {
  let s = '91310000';
  while (s.length < 17) s += ALPHABET[randomInt(ALPHABET.length)];
  return withCheckChar(s);
}

export async function createCompany(t: TestApp, token: string, name = '上海测试科技有限公司') {
  const res = await t.http.post('/server/companies').set('X-Platform-Token', token).send({ name, creditCode: randomCreditCode() });
  if (res.status !== 201) throw new Error(`company: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; name: string; creditCode: string };
}

export async function createLoan(t: TestApp, token: string, extra: Record<string, unknown> = {}) {
  const company = await createCompany(t, token);
  const res = await t.http
    .post('/server/loans')
    .set('X-Platform-Token', token)
    .send({ companyId: company.id, amount: 5_000_000, termMonths: 12, bank: '中国银行', ...extra });
  if (res.status !== 201) throw new Error(`loan: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; workflow: { version: number; stage: string; legalActions: { type: string }[] } };
}

export function sendEvent(t: TestApp, token: string, loanId: string, type: string, expectedVersion: number, payload: Record<string, unknown> = {}) {
  return t.http.post(`/server/loans/${loanId}/events`).set('X-Platform-Token', token).send({ type, payload, expectedVersion });
}
