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

/** A client in force: its loans in force and their outstanding balance (fen, as text). */
export interface ClientInForceRow extends ClientClassRow {
  loanCount: number;
  balanceFen: string;
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
  ): Promise<void> {
    await this.db.query(
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
         SELECT l.company_id, wi.disbursed_amount_fen - COALESCE(r.fen, 0) AS outstanding
           FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id LEFT JOIN repaid r ON r.loan_id = l.id
          WHERE l.deleted_at IS NULL AND wi.disbursed_on <= $1::date AND wi.disbursed_amount_fen IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM workflow_event e
                             WHERE e.loan_id = l.id AND e.state_to #>> '{}' = 'closed' AND e.at < ${endOfDay}))
       SELECT f.company_id AS "companyId", c.name AS "companyName",
              COALESCE(cc.small_micro, false) AS "smallMicro", COALESCE(cc.agricultural, false) AS agricultural,
              g.id AS "groupId", g.name AS "groupName", count(*)::int AS "loanCount", sum(f.outstanding)::text AS "balanceFen"
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
