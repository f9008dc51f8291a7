import type { EntityManager } from 'typeorm';
import { companyZoneSql } from '../common/company-time';
import { REMINDER_HOUR } from '../reminders/reminders.repository';

const DAY_MS = 86_400_000;

/** The demo loans whose confirmed collateral has certificates in custody, and which certificate of theirs is lent out (and overdue). */
const CUSTODY_LOANS: { company: string; lentDaysOverdue?: number }[] = [
  // (not the loans the browser scenarios release: a lent certificate would hold their release back)
  { company: '上海金桥建材贸易有限公司', lentDaysOverdue: 4 },
  { company: '上海恒信节能环保有限公司' },
  { company: '上海东方纺织印染有限公司' },
];
const KIND_OF_ITEM: Record<string, { kind: string; prefix: string; issuer: string }> = {
  MORTGAGE: { kind: 'OTHER_RIGHTS', prefix: '沪(2026)浦东新区不动产证明第', issuer: '上海市浦东新区规划和自然资源局' },
  PLEDGE: { kind: 'PLEDGE_REGISTRATION', prefix: '中登质押第', issuer: '中国人民银行征信中心动产融资统一登记公示系统' },
  OTHER: { kind: 'OTHER', prefix: '其他权证第', issuer: '上海市市场监督管理局' },
};

/**
 * Certificates on a few demo loans, so that the vault is not empty: each confirmed collateral item of
 * theirs has one, registered and deposited by finance (the demo's vault keeper) 20 days ago; on the
 * first loan one is lent to the A-post officer and overdue, with its daily return reminder waiting.
 * Written with their moves, as the moves themselves would have written them.
 */
export async function seedDemoCustody(em: EntityManager, people: { apost: string; finance: string }, now = new Date()): Promise<number> {
  let made = 0;
  for (const [n, demo] of CUSTODY_LOANS.entries()) {
    const items: { loan_id: string; id: string; kind: string; owner: string }[] = await em.query(
      `SELECT k.loan_id, k.id, k.kind, k.owner FROM collateral k JOIN loan l ON l.id = k.loan_id JOIN company c ON c.id = l.company_id
         JOIN workflow_instance i ON i.loan_id = l.id
        WHERE c.name = $1 AND i.snapshot->'context'->'collateral' @> jsonb_build_array(jsonb_build_object('id', k.id::text))
        ORDER BY k.created_at, k.id`,
      [demo.company],
    );
    for (const [m, item] of items.entries()) {
      const words = KIND_OF_ITEM[item.kind] ?? KIND_OF_ITEM.OTHER;
      const at = new Date(now.getTime() - 20 * DAY_MS);
      const [{ id }] = await em.query(
        `INSERT INTO custody_certificate (loan_id, collateral_id, kind, number, issuer, holder, state, deposited, created_by, created_at, state_changed_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'IN_VAULT', true, $7, $8, $8) RETURNING id`,
        [
          item.loan_id,
          item.id,
          words.kind,
          `${words.prefix}${String(1000 + n * 10 + m).padStart(7, '0')}号`,
          words.issuer,
          '上海市融资担保有限公司',
          people.finance,
          at,
        ],
      );
      await em.query(
        `INSERT INTO custody_move (certificate_id, loan_id, kind, from_state, to_state, actor_id, at) VALUES
           ($1, $2, 'REGISTER', NULL, 'AWAITING_DEPOSIT', $3, $4), ($1, $2, 'DEPOSIT', 'AWAITING_DEPOSIT', 'IN_VAULT', $3, $4 + interval '1 hour')`,
        [id, item.loan_id, people.finance, at],
      );
      made++;
      if (demo.lentDaysOverdue && m === 0) {
        const lentAt = new Date(now.getTime() - (demo.lentDaysOverdue + 7) * DAY_MS);
        const dueOn = new Date(now.getTime() - demo.lentDaysOverdue * DAY_MS).toISOString().slice(0, 10);
        await em.query(
          `UPDATE custody_certificate SET state = 'LENT', lent_to = $2, lent_reason = $3, return_due_on = $4, state_changed_at = $5 WHERE id = $1`,
          [id, people.apost, '送不动产登记中心办理抵押变更', dueOn, lentAt],
        );
        await em.query(
          `INSERT INTO custody_move (certificate_id, loan_id, kind, from_state, to_state, actor_id, at, reason, counterparty, counterparty_id, receiver_confirmed, return_due_on)
           SELECT $1, $2, 'LEND', 'IN_VAULT', 'LENT', $3, $4, $5, u.nickname, u.id, true, $6 FROM app_user u WHERE u.id = $7`,
          [id, item.loan_id, people.finance, lentAt, '送不动产登记中心办理抵押变更', dueOn, people.apost],
        );
        // the next daily return reminder (the earlier ones count as sent)
        const zone = companyZoneSql();
        await em.query(
          `INSERT INTO reminder (id, loan_id, kind, certificate_id, due_at, fire_at, job_id)
           SELECT x.id, $1, 'CERT_RETURN', $2, (($3::date + time '${REMINDER_HOUR}') AT TIME ZONE ${zone}),
                  ((($4::date + 1) + time '${REMINDER_HOUR}') AT TIME ZONE ${zone}), 'reminder-' || x.id
             FROM (SELECT gen_random_uuid() AS id) x`,
          [item.loan_id, id, dueOn, now.toISOString().slice(0, 10)],
        );
      }
    }
  }
  return made;
}
