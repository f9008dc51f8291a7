import { Injectable } from '@nestjs/common';
import * as engine from '@app/workflow';
import { DataSource } from 'typeorm';
import { authorityList, isAdmin, type AuthUser } from '../auth/auth-user';
import { Clock } from '../common/clock';
import { companyDay } from '../common/company-time';
import { fillLabel, translate, type Lang } from '../common/i18n';
import { messageLang } from '../messages/todo-text';
import { enqueue } from '../outbox/enqueue';
import { runtimeFor } from '../workflow/machine-registry';
import { currentClassification, enabledUsersWithKeys, insertRiskMessage, liveInstalments } from '../visits/visits.repository';
import { OperationsRepository } from './operations.repository';
import type { OPERATIONS_MESSAGES } from './operations.messages';

type Words = keyof typeof OPERATIONS_MESSAGES;

/** A batch item's words in both languages (a message of OPERATIONS_MESSAGES with its parameters). */
export function itemWords(key: Words, params: Record<string, string | number> = {}) {
  return { code: key, zh: translate(key, 'zh-CN', params), en: translate(key, 'en', params) };
}

const PROPOSAL = {
  title: { zh: '风险分类复核：{company}', en: 'Classification review: {company}' },
  content: {
    zh: '运维复核：该笔贷款已逾期 {days} 天，当前风险分类「{from}」优于「次级」。请在下一次保后走访报告中提出「{to}」或写明理由。原因：{reason}',
    en: 'Operations review: the loan is {days} days past due, and its classification "{from}" is better than substandard. Please propose "{to}" in the next visit report, or give a reason. Reason: {reason}',
  },
} as const satisfies Record<string, engine.Label>;

/**
 * The batch actions besides a move and a retry, one loan each, each settling its item: the outcome is
 * written once, with what it does in the same transaction (a rerun finds the item settled and does nothing).
 *
 * - Resend to-dos: the to-dos of the loan's current step queued again (outbox -> the to-do handler) for
 *   whoever can act now; skipped for a loan that has ended (it has none), refused for one that no
 *   account can act on (there is nobody to send to: a move is what it needs).
 * - Reclassify: the loan's risk classification checked again by the visit reports' own rule (days past
 *   due today from its live instalments; past 90 days nothing better than substandard stands without a
 *   reason). Where its classification no longer holds, a proposal goes to its B-post officer and the
 *   leaders who approve visit reports (the classification itself changes only by an approved report);
 *   skipped where it holds; refused for a loan not under after-guarantee management (no visits, no
 *   classification).
 */
@Injectable()
export class OperationsItemActions {
  constructor(
    private readonly db: DataSource,
    private readonly repo: OperationsRepository,
    private readonly clock: Clock,
  ) {}

  async resendTodos(batchId: string, loanId: string, reason: string, user: AuthUser): Promise<void> {
    const instance = await this.repo.instance(loanId);
    if (!instance) return this.repo.settleItem(batchId, loanId, 'REFUSED', itemWords('operationsLoanMissing'));
    const stage = engine.stageOf(instance.snapshot);
    if (stage === 'closed' || stage === 'discontinued' || instance.snapshot.status !== 'active')
      return this.repo.settleItem(batchId, loanId, 'SKIPPED', itemWords('operationsResendEnded'));
    const accounts = (await this.repo.activeAccounts()).filter((a) => !isAdmin(a));
    const machine = runtimeFor(instance.machineVersion).machine;
    const who = engine.actorsWhoCanAct(
      instance.snapshot,
      accounts.map((a) => ({ id: a.id, roles: a.roles, authorityList: authorityList(a), username: a.username })),
      machine,
    );
    if (!who.length) return this.repo.settleItem(batchId, loanId, 'REFUSED', itemWords('operationsResendNobody'));
    const recipients = who.map((a) => a.username);
    await this.repo.settleItem(batchId, loanId, 'APPLIED', { count: recipients.length, recipients }, async (em) => {
      await enqueue(em, 'operations.resendTodos', { loanId, seq: instance.version, batchId });
      await this.repo.trail(em, {
        actorId: user.id,
        action: 'RESEND_TODOS',
        loanId,
        batchId,
        reason,
        before: { state: instance.snapshot.value, version: instance.version },
        after: { recipients },
      });
    });
  }

  async reclassify(batchId: string, loanId: string, reason: string, user: AuthUser): Promise<void> {
    const instance = await this.repo.instance(loanId);
    if (!instance) return this.repo.settleItem(batchId, loanId, 'REFUSED', itemWords('operationsLoanMissing'));
    if (engine.stageOf(instance.snapshot) !== 'afterGuarantee')
      return this.repo.settleItem(batchId, loanId, 'REFUSED', itemWords('operationsReclassifyNotAfter'));
    const em = this.db.manager;
    const [instalments, current] = await Promise.all([liveInstalments(em, loanId), currentClassification(em, loanId)]);
    const days = engine.daysPastDue(instalments, companyDay(this.clock.now()));
    const from = current ?? 'NORMAL';
    const fromLabel = engine.RISK_CLASSIFICATION_LABELS[from];
    if (!engine.classificationNeedsReason(days, from))
      return this.repo.settleItem(batchId, loanId, 'SKIPPED', {
        ...itemWords('operationsClassificationHolds', { days }),
        classification: from,
        daysPastDue: days,
        fromLabel,
      });
    const to: engine.RiskClassification = 'SUBSTANDARD';
    const [loan] = await em.query(
      `SELECT c.name AS company, wi.b_post_officer_id AS "bPostOfficerId" FROM workflow_instance wi JOIN loan l ON l.id = wi.loan_id
         JOIN company c ON c.id = l.company_id WHERE wi.loan_id = $1`,
      [loanId],
    );
    // who classifies: the loan's B-post officer (writes the visit report) and the leaders (approve it)
    const users = (await enabledUsersWithKeys(this.db, user.id)).filter(
      (u) =>
        !engine.isAdminHolder(u) &&
        (u.id === loan?.bPostOfficerId || engine.holdsPermission({ roles: u.roles, authorityList: u.permissions }, 'sys:after-leader:approve')),
    );
    if (!users.length) return this.repo.settleItem(batchId, loanId, 'REFUSED', itemWords('operationsReclassifyNobody'));
    const words = (lang: Lang) => ({
      title: fillLabel(PROPOSAL.title, lang, { company: loan?.company ?? '' }),
      content: fillLabel(PROPOSAL.content, lang, { days, from: fromLabel, to: engine.RISK_CLASSIFICATION_LABELS[to], reason }),
    });
    await this.repo.settleItem(
      batchId,
      loanId,
      'APPLIED',
      { ...itemWords('operationsReclassifyProposed', { days }), classification: from, proposed: to, daysPastDue: days, recipients: users.length },
      async (tx) => {
        for (const u of users)
          await insertRiskMessage(tx, {
            userId: u.id,
            ...words(messageLang(u.language)),
            sourceKey: `reclassify:${batchId}:${loanId}`,
            link: `/company/node/${loanId}`,
          });
        await this.repo.trail(tx, {
          actorId: user.id,
          action: 'RECLASSIFY',
          loanId,
          batchId,
          reason,
          before: { classification: current, daysPastDue: days },
          after: { proposed: to, recipients: users.map((u) => u.id) },
        });
      },
    );
  }
}
