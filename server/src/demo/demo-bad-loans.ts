import * as engine from '@app/workflow';
import { companyDay } from '../common/company-time';

const DAY_MS = 86_400_000;

/** The company day `days` before `now`. */
const dayBefore = (now: Date, days: number) => companyDay(new Date(now.getTime() - days * DAY_MS));

/** The happy path to after guarantee, retimed so that VOUCHER_CONFIRM falls on the afternoon of `disbursedOn`, which it names. */
function lentOn(input: engine.GuaranteeInput, disbursedOn: string): engine.GuaranteeEvent[] {
  const path = engine.eventsToStage(input, 'afterGuarantee', engine.demoActors, { stepMinutes: 90 });
  const shift = Date.parse(`${disbursedOn}T07:00:00Z`) - Date.parse(path[path.length - 1].at);
  return path.map((e) => {
    const at = new Date(Date.parse(e.at) + shift).toISOString();
    return e.type === 'VOUCHER_CONFIRM' ? { ...e, at, disbursedOn } : { ...e, at };
  });
}

/** The day one month before `day` (clamped to the month's end, as the plan's month arithmetic does). */
function monthBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 2, Math.min(d, last))).toISOString().slice(0, 10);
}

/**
 * A loan lent so that its first monthly instalment fell due `overdueDays` ago and was never repaid: the
 * nightly close of business puts it in that bucket of days past due.
 */
export function overdueDemoEvents(input: engine.GuaranteeInput, overdueDays: number, now: Date): engine.GuaranteeEvent[] {
  const disbursedOn = monthBefore(dayBefore(now, overdueDays));
  const path = lentOn(input, disbursedOn);
  const at = Date.parse(path[path.length - 1].at) + DAY_MS;
  return [
    ...path,
    {
      type: 'REPAYMENT_PLAN_EDIT',
      actorId: engine.demoActors.aPost,
      at: new Date(at).toISOString(),
      method: 'EQUAL_PRINCIPAL',
      reason: '企业申请按月等额还本',
    },
  ];
}

/**
 * A loan that went bad, dated back from `now`: lent ten months ago on monthly instalments, none repaid;
 * the bank's overdue notice, then compensation applied for (all the principal, with interest and
 * penalty). To `recovery`: approved by the leader, paid, the claim filed and a fifth recovered by
 * disposing of the collateral.
 */
export function badLoanDemoEvents(input: engine.GuaranteeInput, until: 'compensation' | 'recovery', now: Date): engine.GuaranteeEvent[] {
  const { aPost, leader, finance, clerk } = engine.demoActors;
  const path = overdueDemoEvents(input, 270, now);
  const principalFen = engine.toFen(input.amount);
  const interestFen = Math.round(principalFen * 0.012);
  const penaltyFen = Math.round(principalFen * 0.002);
  const on = (days: number) => dayBefore(now, days);
  const at = (days: number) => `${on(days)}T03:00:00.000Z`;
  const events: engine.GuaranteeEvent[] = [
    ...path,
    {
      type: 'OVERDUE_NOTICE',
      actorId: aPost,
      at: at(120),
      noticedOn: on(120),
      overduePrincipalFen: Math.round(principalFen / 2),
      overdueInterestFen: interestFen,
    },
    { type: 'COMPENSATION_APPLY', actorId: aPost, at: at(100), principalFen, interestFen, penaltyFen, reason: '借款人逾期超过90天，贷款银行要求履行保证责任' },
  ];
  if (until === 'compensation') return events;
  const totalFen = principalFen + interestFen + penaltyFen;
  return [
    ...events,
    { type: 'COMPENSATION_APPROVE', actorId: leader, at: at(95), via: 'LEADER' },
    { type: 'COMPENSATION_PAY', actorId: finance, at: at(90), paidOn: on(90) },
    { type: 'RECOVERY_STAGE', actorId: aPost, at: at(80), stage: 'PRE_LITIGATION', on: on(80), note: '向借款人及反担保人发出催收函' },
    { type: 'RECOVERY_STAGE', actorId: aPost, at: at(60), stage: 'FILED', on: on(60), note: '向上海市嘉定区人民法院起诉，已立案' },
    { type: 'RECOVERY_RECORD', actorId: clerk, at: at(20), amountFen: Math.floor(totalFen / 5), source: 'COLLATERAL_DISPOSAL', receivedOn: on(20) },
  ];
}
