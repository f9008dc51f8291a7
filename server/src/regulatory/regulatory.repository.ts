import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { companyZoneSql } from '../common/company-time';
import type { ClientClassDto } from './regulatory.responses';

/** A version of the settings, its numbers as text (exact), with who changed it. */
export interface SettingsRow {
  id: string;
  netAssetsFen: string;
  leverageLimit: string;
  singleClientLimit: string;
  groupLimit: string;
  changedAt: Date;
  changedByName: string | null;
}

/** A client (company) with its class and related group. */
export interface ClientClassRow {
  companyId: string;
  companyName: string;
  smallMicro: boolean;
  agricultural: boolean;
  groupId: string | null;
  groupName: string | null;
}

/** A client in force: its loans in force and their outstanding balance (fen, as text), the company's share and the whole. */
export interface ClientInForceRow extends ClientClassRow {
  loanCount: number;
  /** The company's share (the banks' risk shares taken out). */
  balanceFen: string;
  /** The whole outstanding balance, before risk sharing. */
  grossFen: string;
}

/** A version of the provision rates, in basis points, valid from a day. */
export interface ProvisionSettingsRow {
  id: string;
  validFrom: string;
  unearnedPremiumRateBp: number;
  compensationReserveRateBp: number;
  compensationReserveCapBp: number;
  changedAt: Date;
  changedByName: string | null;
}

/** A loan whose compensation was paid by a day: what was paid, recovered (before and in the year), written off. */
export interface CompensatedLoanRow {
  loanId: string;
  paidOn: string;
  paidFen: string;
  recoveredBeforeYearFen: string;
  recoveredInYearFen: string;
  /** The company day of RECOVERY_WRITE_OFF_APPROVE; null while not written off. */
  writtenOffOn: string | null;
  writtenOffFen: string;
}

/** A loan's contract as the risk-share route reads it. */
export interface LoanContractRow {
  riskShareBp: number | null;
  contractGenerated: boolean;
  contractSealed: boolean;
}

/** A loan's risk share with the bank it comes from (GET loans/:loanId/risk-share). */
export interface LoanRiskShareRow extends LoanContractRow {
  bankName: string | null;
  bankRiskShareBp: number | null;
}

/** A loan as the live check reads it. */
export interface ImpactLoanRow {
  companyId: string;
  companyName: string;
  amountFen: string;
  disbursed: boolean;
  stage: string;
}

export interface GroupRow {
  id: string;
  name: string;
}

export interface GroupMemberRow {
  groupId: string;
  companyId: string;
  name: string;
  creditCode: string;
}

const PROVISION_SELECT = `SELECT p.id, p.valid_from::text AS "validFrom", p.unearned_premium_rate_bp AS "unearnedPremiumRateBp",
              p.compensation_reserve_rate_bp AS "compensationReserveRateBp", p.compensation_reserve_cap_bp AS "compensationReserveCapBp",
              p.changed_at AS "changedAt", u.nickname AS "changedByName"
         FROM regulatory_provision_settings p LEFT JOIN app_user u ON u.id = p.changed_by`;

/** The end of the company day $n (a timestamptz): events before it were recorded by that day. */
const endOfDay = (n: number) => `(($${n}::date + 1)::timestamp AT TIME ZONE ${companyZoneSql()})`;
/** The start of the company day $n. */
const startOfDay = (n: number) => `(($${n}::date)::timestamp AT TIME ZONE ${companyZoneSql()})`;
/** The company's share of `fen` when the bank carries `bp` basis points, the bank's part rounded half up (shareOfFen). */
const companyShare = (fen: string, bp: string) => `(${fen} - div(${fen} * ${bp} + 5000, 10000))`;

const SETTINGS_SELECT = `SELECT s.id, s.net_assets_fen::text AS "netAssetsFen", s.leverage_limit::text AS "leverageLimit",
              s.single_client_limit::text AS "singleClientLimit", s.group_limit::text AS "groupLimit",
              s.changed_at AS "changedAt", u.nickname AS "changedByName"
         FROM regulatory_settings s LEFT JOIN app_user u ON u.id = s.changed_by`;

/**
 * The SQL of the regulatory figures: settings, the loans in force as of a day, related groups and
 * client classes. How the figures are measured: README.md beside this file.
 */
@Injectable()
export class RegulatoryRepository {
  constructor(private readonly db: DataSource) {}

  // --- settings ---------------------------------------------------------------------------------

  /** The settings in force (the latest version). */
  async latestSettings(em: EntityManager): Promise<SettingsRow> {
    const [row] = await em.query(`${SETTINGS_SELECT}
        ORDER BY s.id DESC LIMIT 1`);
    return row;
  }

  /** Every version of the settings, newest first. */
  settingsHistory(): Promise<SettingsRow[]> {
    return this.db.query(`${SETTINGS_SELECT}
        ORDER BY s.id DESC`);
  }

  /** A new version of the settings. */
  async insertSettings(
    settings: { netAssetsFen: number; leverageLimit: number; singleClientLimit: number; groupLimit: number },
    userId: string,
    em: EntityManager = this.db.manager,
  ): Promise<void> {
    await em.query(
      `INSERT INTO regulatory_settings (net_assets_fen, leverage_limit, single_client_limit, group_limit, changed_by) VALUES ($1, $2, $3, $4, $5)`,
      [settings.netAssetsFen, settings.leverageLimit, settings.singleClientLimit, settings.groupLimit, userId],
    );
  }

  // --- loans in force ---------------------------------------------------------------------------

  /**
   * Clients in force at the end of `asOf` (company day): loans disbursed on or before it, not closed
   * by then, their amount lent less the repayments recorded by then (RECORD_REPAYMENT events).
   */
  clientsInForce(em: EntityManager, asOf: string): Promise<ClientInForceRow[]> {
    const endOfDay = `(($1::date + 1)::timestamp AT TIME ZONE ${companyZoneSql()})`;
    // A loan whose compensation was paid (COMPENSATION_PAY's paidOn on or before the day) is out: its
    // guarantee became a compensation receivable. Each loan counts only the company's share of its risk.
    return em.query(
      // The repayments summed once per loan (the partial repayment index), the closing event probed
      // by its own partial index: no subquery per loan reads the loan's history.
      `WITH repaid AS (
         SELECT e.loan_id, sum(round((e.payload->>'amount')::numeric * 100)) AS fen
           FROM workflow_event e
          WHERE e.type = 'RECORD_REPAYMENT' AND e.at < ${endOfDay}
          GROUP BY e.loan_id
       ),
       in_force AS (
         SELECT l.company_id, wi.disbursed_amount_fen - COALESCE(r.fen, 0) AS outstanding, COALESCE(l.risk_share_bp, 0) AS share_bp
           FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id LEFT JOIN repaid r ON r.loan_id = l.id
          WHERE l.deleted_at IS NULL AND wi.disbursed_on <= $1::date AND wi.disbursed_amount_fen IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM workflow_event e
                             WHERE e.loan_id = l.id AND e.state_to #>> '{}' = 'closed' AND e.at < ${endOfDay})
            AND NOT EXISTS (SELECT 1 FROM workflow_event e
                             WHERE e.type = 'COMPENSATION_PAY' AND e.loan_id = l.id AND (e.payload->>'paidOn')::date <= $1::date))
       SELECT f.company_id AS "companyId", c.name AS "companyName",
              COALESCE(cc.small_micro, false) AS "smallMicro", COALESCE(cc.agricultural, false) AS agricultural,
              g.id AS "groupId", g.name AS "groupName", count(*)::int AS "loanCount",
              sum(${companyShare('f.outstanding', 'f.share_bp')})::text AS "balanceFen", sum(f.outstanding)::text AS "grossFen"
         FROM in_force f JOIN company c ON c.id = f.company_id
         LEFT JOIN regulatory_client_class cc ON cc.company_id = f.company_id
         LEFT JOIN related_group_member m ON m.company_id = f.company_id
         LEFT JOIN related_group g ON g.id = m.group_id
        WHERE f.outstanding > 0
        GROUP BY f.company_id, c.name, cc.small_micro, cc.agricultural, g.id, g.name`,
      [asOf],
    );
  }

  /** A company's class and group, whether or not it has loans in force. */
  async clientClass(em: EntityManager, companyId: string): Promise<ClientClassRow> {
    const [row] = await em.query(
      `SELECT c.id AS "companyId", c.name AS "companyName", COALESCE(cc.small_micro, false) AS "smallMicro",
              COALESCE(cc.agricultural, false) AS agricultural, g.id AS "groupId", g.name AS "groupName"
         FROM company c LEFT JOIN regulatory_client_class cc ON cc.company_id = c.id
         LEFT JOIN related_group_member m ON m.company_id = c.id LEFT JOIN related_group g ON g.id = m.group_id
        WHERE c.id = $1`,
      [companyId],
    );
    return row;
  }

  /** The live loan with its company, amount, whether it was disbursed and its stage; null when there is none. */
  async impactLoan(em: EntityManager, loanId: string): Promise<ImpactLoanRow | null> {
    const [loan] = await em.query(
      `SELECT l.company_id AS "companyId", c.name AS "companyName", wi.amount_fen::text AS "amountFen", wi.disbursed_on IS NOT NULL AS disbursed,
              wi.stage
         FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id JOIN company c ON c.id = l.company_id
        WHERE l.id = $1 AND l.deleted_at IS NULL`,
      [loanId],
    );
    return loan ?? null;
  }

  /** The id of the company's related group, or null. */
  async groupIdOf(em: EntityManager, companyId: string): Promise<string | null> {
    const [membership] = await em.query(`SELECT group_id AS "groupId" FROM related_group_member WHERE company_id = $1`, [companyId]);
    return membership?.groupId ?? null;
  }

  /** The loan's latest REGULATORY_OVERRIDE with its reason, or null when none was recorded. */
  async lastOverride(em: EntityManager, loanId: string): Promise<{ reason: string | null } | null> {
    const [override] = await em.query(
      `SELECT payload->>'reason' AS reason FROM workflow_event WHERE loan_id = $1 AND type = 'REGULATORY_OVERRIDE' ORDER BY seq DESC LIMIT 1`,
      [loanId],
    );
    return override ?? null;
  }

  // --- loans that went bad, premium, provisions -------------------------------------------------

  /**
   * The loans whose compensation was paid on or before `asOf` (COMPENSATION_PAY's paidOn): the amount
   * paid (the snapshot's compensation: principal + interest + penalty), the recoveries
   * (RECOVERY_RECORD's amountFen by receivedOn) before `yearStart` and from it to `asOf`, and the write-off
   * (RECOVERY_WRITE_OFF_APPROVE's company day; the amount is the snapshot's writtenOffFen).
   */
  compensatedLoans(em: EntityManager, asOf: string, yearStart: string): Promise<CompensatedLoanRow[]> {
    const k = `wi.snapshot->'context'->'compensation'`;
    return em.query(
      `SELECT e.loan_id AS "loanId", e.payload->>'paidOn' AS "paidOn",
              (COALESCE((${k}->>'principalFen')::bigint, 0) + COALESCE((${k}->>'interestFen')::bigint, 0)
                 + COALESCE((${k}->>'penaltyFen')::bigint, 0))::text AS "paidFen",
              COALESCE((SELECT sum((r.payload->>'amountFen')::bigint) FROM workflow_event r
                         WHERE r.type = 'RECOVERY_RECORD' AND r.loan_id = e.loan_id AND (r.payload->>'receivedOn')::date < $2::date), 0)::text
                AS "recoveredBeforeYearFen",
              COALESCE((SELECT sum((r.payload->>'amountFen')::bigint) FROM workflow_event r
                         WHERE r.type = 'RECOVERY_RECORD' AND r.loan_id = e.loan_id
                           AND (r.payload->>'receivedOn')::date BETWEEN $2::date AND $1::date), 0)::text AS "recoveredInYearFen",
              (SELECT (w.at AT TIME ZONE ${companyZoneSql()})::date::text FROM workflow_event w
                WHERE w.type = 'RECOVERY_WRITE_OFF_APPROVE' AND w.loan_id = e.loan_id ORDER BY w.seq DESC LIMIT 1) AS "writtenOffOn",
              COALESCE((${k}->>'writtenOffFen')::bigint, 0)::text AS "writtenOffFen"
         FROM workflow_event e JOIN workflow_instance wi ON wi.loan_id = e.loan_id JOIN loan l ON l.id = e.loan_id
        WHERE e.type = 'COMPENSATION_PAY' AND l.deleted_at IS NULL AND (e.payload->>'paidOn')::date <= $1::date`,
      [asOf, yearStart],
    );
  }

  /**
   * The guarantees released from `from` to `to` (company days), each the company's share of the amount
   * lent: a loan closed without compensation on the day of its closing event, a compensated loan on its
   * paidOn (its guarantee ended when the company paid; its later closing is not counted again).
   */
  async releasedFen(em: EntityManager, from: string, to: string): Promise<bigint> {
    const [row] = await em.query(
      `WITH closed AS (
         SELECT e.loan_id, min(e.at) AS at FROM workflow_event e WHERE e.state_to #>> '{}' = 'closed' AND e.at < ${endOfDay(2)} GROUP BY e.loan_id
       ),
       released AS (
         SELECT wi.disbursed_amount_fen AS fen, COALESCE(l.risk_share_bp, 0) AS bp
           FROM closed c JOIN loan l ON l.id = c.loan_id JOIN workflow_instance wi ON wi.loan_id = l.id
          WHERE c.at >= ${startOfDay(1)} AND l.deleted_at IS NULL AND wi.disbursed_amount_fen IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM workflow_event p WHERE p.type = 'COMPENSATION_PAY' AND p.loan_id = l.id)
         UNION ALL
         SELECT wi.disbursed_amount_fen, COALESCE(l.risk_share_bp, 0)
           FROM workflow_event e JOIN loan l ON l.id = e.loan_id JOIN workflow_instance wi ON wi.loan_id = l.id
          WHERE e.type = 'COMPENSATION_PAY' AND l.deleted_at IS NULL AND wi.disbursed_amount_fen IS NOT NULL
            AND (e.payload->>'paidOn')::date BETWEEN $1::date AND $2::date
       )
       SELECT COALESCE(sum(${companyShare('fen', 'bp')}), 0)::text AS fen FROM released`,
      [from, to],
    );
    return BigInt(row.fen);
  }

  /** The premium income from `from` to `to`: the premiums finance confirmed (PREMIUM_CONFIRM) on those company days, fen. */
  async premiumIncomeFen(em: EntityManager, from: string, to: string): Promise<bigint> {
    const [row] = await em.query(
      `SELECT COALESCE(sum(round((wi.snapshot->'context'->>'premiumAmount')::numeric * 100)), 0)::bigint::text AS fen
         FROM workflow_event e JOIN workflow_instance wi ON wi.loan_id = e.loan_id JOIN loan l ON l.id = e.loan_id
        WHERE e.type = 'PREMIUM_CONFIRM' AND l.deleted_at IS NULL AND e.at >= ${startOfDay(1)} AND e.at < ${endOfDay(2)}`,
      [from, to],
    );
    return BigInt(row.fen);
  }

  /** The first day any loan was lent (null when none was): the first year whose end counts for the reserve. */
  async firstDisbursedOn(em: EntityManager): Promise<string | null> {
    const [row] = await em.query(`SELECT min(disbursed_on)::text AS day FROM workflow_instance`);
    return row?.day ?? null;
  }

  /** The provision rates in force on `asOf`: the latest valid_from on or before it, the newest row of that day. */
  async provisionSettingsAt(em: EntityManager, asOf: string): Promise<ProvisionSettingsRow> {
    const [row] = await em.query(`${PROVISION_SELECT} WHERE p.valid_from <= $1::date ORDER BY p.valid_from DESC, p.id DESC LIMIT 1`, [asOf]);
    return row;
  }

  /** Every version of the provision rates, the latest valid first. */
  provisionSettingsHistory(): Promise<ProvisionSettingsRow[]> {
    return this.db.query(`${PROVISION_SELECT} ORDER BY p.valid_from DESC, p.id DESC`);
  }

  async insertProvisionSettings(
    s: { validFrom: string; unearnedPremiumRateBp: number; compensationReserveRateBp: number; compensationReserveCapBp: number },
    userId: string,
    em: EntityManager = this.db.manager,
  ): Promise<string> {
    const [row] = await em.query(
      `INSERT INTO regulatory_provision_settings (valid_from, unearned_premium_rate_bp, compensation_reserve_rate_bp, compensation_reserve_cap_bp, changed_by)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [s.validFrom, s.unearnedPremiumRateBp, s.compensationReserveRateBp, s.compensationReserveCapBp, userId],
    );
    return row.id;
  }

  /** The daily snapshots of the figures from `from` to `to`, by day. */
  snapshots(from: string, to: string): Promise<{ day: string; figures: Record<string, unknown> }[]> {
    return this.db.query(`SELECT day::text AS day, figures FROM regulatory_snapshot WHERE day BETWEEN $1::date AND $2::date ORDER BY day`, [from, to]);
  }

  // --- risk sharing -----------------------------------------------------------------------------

  /** The loan's risk share and contract flags, its instance locked until the transaction ends; null when there is no such loan. */
  async lockLoanContract(em: EntityManager, loanId: string): Promise<LoanContractRow | null> {
    const [row] = await em.query(
      `SELECT l.risk_share_bp AS "riskShareBp", (wi.snapshot->'context'->>'contractBankId') IS NOT NULL AS "contractGenerated",
              COALESCE((wi.snapshot->'context'->>'contractSealed')::boolean, false) AS "contractSealed"
         FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id
        WHERE l.id = $1 AND l.deleted_at IS NULL FOR UPDATE OF wi`,
      [loanId],
    );
    return row ?? null;
  }

  /**
   * A loan's risk share as its page shows it: the loan's own (null before CONTRACT_GENERATE), the bank
   * whose default it took or would take (the contract's bank, else the bank named on the loan), and
   * the contract flags; null when there is no such loan.
   */
  async loanRiskShare(loanId: string): Promise<LoanRiskShareRow | null> {
    const [row] = await this.db.query(
      `SELECT l.risk_share_bp AS "riskShareBp", b.name AS "bankName", b.risk_share_bp AS "bankRiskShareBp",
              (wi.snapshot->'context'->>'contractBankId') IS NOT NULL AS "contractGenerated",
              COALESCE((wi.snapshot->'context'->>'contractSealed')::boolean, false) AS "contractSealed"
         FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id
         LEFT JOIN LATERAL (
           SELECT bk.name, bk.risk_share_bp FROM bank bk
            WHERE bk.id::text = wi.snapshot->'context'->>'contractBankId'
               OR ((wi.snapshot->'context'->>'contractBankId') IS NULL AND bk.name = l.bank AND bk.deleted_at IS NULL)
            ORDER BY bk.created_at LIMIT 1
         ) b ON true
        WHERE l.id = $1 AND l.deleted_at IS NULL`,
      [loanId],
    );
    return row ?? null;
  }

  async setLoanRiskShare(em: EntityManager, loanId: string, riskShareBp: number): Promise<void> {
    await em.query(`UPDATE loan SET risk_share_bp = $2 WHERE id = $1`, [loanId, riskShareBp]);
  }

  /** CONTRACT_GENERATE: the loan takes its contract bank's default share. */
  async copyBankRiskShare(em: EntityManager, loanId: string, bankId: string): Promise<void> {
    await em.query(`UPDATE loan SET risk_share_bp = COALESCE((SELECT risk_share_bp FROM bank WHERE id = $2), 0) WHERE id = $1`, [loanId, bankId]);
  }

  // --- related groups and client classes ------------------------------------------------------

  /** Every related group, by name. */
  groups(): Promise<GroupRow[]> {
    return this.db.query(`SELECT id, name FROM related_group ORDER BY name, id`);
  }

  /** Every member of every group, by company name. */
  groupMembers(): Promise<GroupMemberRow[]> {
    return this.db.query(
      `SELECT m.group_id AS "groupId", c.id AS "companyId", c.name, c.credit_code AS "creditCode"
         FROM related_group_member m JOIN company c ON c.id = m.company_id ORDER BY c.name`,
    );
  }

  /** Whether a group has the name, in any case. */
  async groupNameTaken(name: string): Promise<boolean> {
    const [taken] = await this.db.query(`SELECT 1 FROM related_group WHERE lower(name) = lower($1)`, [name]);
    return !!taken;
  }

  /** A new group; its id, or null when the unique index found the name taken meanwhile. */
  async insertGroup(name: string, userId: string): Promise<string | null> {
    const [row] = await this.db.query(`INSERT INTO related_group (name, created_by) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`, [name, userId]);
    return row ? row.id : null;
  }

  /** Deletes the group's members, then the group. */
  async deleteGroup(em: EntityManager, groupId: string): Promise<void> {
    await em.query(`DELETE FROM related_group_member WHERE group_id = $1`, [groupId]);
    await em.query(`DELETE FROM related_group WHERE id = $1`, [groupId]);
  }

  /** Locks the group until the transaction ends; false when there is none. */
  async lockGroup(em: EntityManager, groupId: string): Promise<boolean> {
    const [row] = await em.query(`SELECT 1 FROM related_group WHERE id = $1 FOR UPDATE`, [groupId]);
    return !!row;
  }

  async companyExists(em: EntityManager, companyId: string): Promise<boolean> {
    const [row] = await em.query(`SELECT 1 FROM company WHERE id = $1 AND deleted_at IS NULL`, [companyId]);
    return !!row;
  }

  /** The group the company is a member of, or null. */
  async groupOfCompany(em: EntityManager, companyId: string): Promise<GroupRow | null> {
    const [group] = await em.query(`SELECT g.id, g.name FROM related_group_member m JOIN related_group g ON g.id = m.group_id WHERE m.company_id = $1`, [
      companyId,
    ]);
    return group ?? null;
  }

  /** Adds the company to the group; false when it was in a group already (a parallel add kept the first). */
  async addMember(em: EntityManager, groupId: string, companyId: string, userId: string): Promise<boolean> {
    const added = await em.query(
      `INSERT INTO related_group_member (company_id, group_id, added_by) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING group_id`,
      [companyId, groupId, userId],
    );
    return added.length > 0;
  }

  async isMember(em: EntityManager, groupId: string, companyId: string): Promise<boolean> {
    const [member] = await em.query(`SELECT 1 FROM related_group_member WHERE group_id = $1 AND company_id = $2`, [groupId, companyId]);
    return !!member;
  }

  async removeMember(em: EntityManager, groupId: string, companyId: string): Promise<void> {
    await em.query(`DELETE FROM related_group_member WHERE group_id = $1 AND company_id = $2`, [groupId, companyId]);
  }

  /** The companies classed small/micro or agricultural, by name. */
  clientClasses(): Promise<ClientClassDto[]> {
    return this.db.query(
      `SELECT c.id AS "companyId", c.name, cc.small_micro AS "smallMicro", cc.agricultural
         FROM regulatory_client_class cc JOIN company c ON c.id = cc.company_id
        WHERE cc.small_micro OR cc.agricultural ORDER BY c.name`,
    );
  }

  async saveClientClass(companyId: string, smallMicro: boolean, agricultural: boolean, userId: string): Promise<void> {
    await this.db.query(
      `INSERT INTO regulatory_client_class (company_id, small_micro, agricultural, updated_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (company_id) DO UPDATE SET small_micro = $2, agricultural = $3, updated_by = $4, updated_at = now()`,
      [companyId, smallMicro, agricultural, userId],
    );
  }

  async companyName(companyId: string): Promise<string> {
    const [row] = await this.db.query(`SELECT name FROM company WHERE id = $1`, [companyId]);
    return row.name;
  }
}
