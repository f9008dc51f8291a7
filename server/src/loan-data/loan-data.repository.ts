import { Injectable } from '@nestjs/common';
import { completeDataTypes, type DataType, type GuaranteeContext } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';

type Db = DataSource | EntityManager;

export interface LoanRow {
  loanId: string;
  companyId: string;
  companyName: string;
  creditCode: string;
  bank: string | null;
  loanType: string | null;
  termMonths: number;
  aPostOfficerId: string;
  createdAt: string;
  snapshot: { value: any; context: GuaranteeContext };
  version: number;
}

export interface DataRow {
  content: Record<string, any>;
  version: number;
  updatedAt: string;
  updatedBy: string;
  updatedByName: string | null;
}

export interface DraftRow {
  content: Record<string, unknown>;
  baseVersion: number;
  savedAt: string;
}

/** The SQL of the loan-data tables (loan_data, loan_data_version, loan_data_draft). */
@Injectable()
export class LoanDataRepository {
  constructor(private readonly db: DataSource) {}

  /** The loan (not deleted) with its workflow instance; `lock` holds the instance still until the transaction ends. */
  async loan(loanId: string, em: Db = this.db, lock = false): Promise<LoanRow | null> {
    const [row] = await em.query(
      `SELECT l.id AS "loanId", l.company_id AS "companyId", c.name AS "companyName", c.credit_code AS "creditCode", l.bank,
              l.loan_type AS "loanType", l.term_months AS "termMonths", l.a_post_officer_id AS "aPostOfficerId", l.created_at AS "createdAt",
              wi.snapshot, wi.version
         FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance wi ON wi.loan_id = l.id
        WHERE l.id = $1 AND l.deleted_at IS NULL${lock ? ' FOR SHARE OF wi' : ''}`,
      [loanId],
    );
    return row ?? null;
  }

  async data(loanId: string, type: DataType, em: Db = this.db, lock = false): Promise<DataRow | null> {
    const [row] = await em.query(
      `SELECT d.content, d.version, d.updated_at AS "updatedAt", d.updated_by AS "updatedBy", u.nickname AS "updatedByName"
         FROM loan_data d LEFT JOIN app_user u ON u.id = d.updated_by
        WHERE d.loan_id = $1 AND d.type = $2${lock ? ' FOR UPDATE OF d' : ''}`,
      [loanId, type],
    );
    return row ?? null;
  }

  async allData(loanId: string, em: Db = this.db): Promise<Partial<Record<DataType, DataRow>>> {
    const rows = await em.query(
      `SELECT d.type, d.content, d.version, d.updated_at AS "updatedAt", d.updated_by AS "updatedBy", u.nickname AS "updatedByName"
         FROM loan_data d LEFT JOIN app_user u ON u.id = d.updated_by WHERE d.loan_id = $1`,
      [loanId],
    );
    return Object.fromEntries(rows.map((r: DataRow & { type: DataType }) => [r.type, r]));
  }

  /**
   * Writes a new saved version if the stored one is still `expectedVersion` (0: none yet), keeps the
   * version in the history and drops the saver's draft. False when someone saved in between.
   */
  async save(em: EntityManager, row: { loanId: string; type: DataType; content: unknown; expectedVersion: number; userId: string }): Promise<boolean> {
    const params = [row.loanId, row.type, row.content, row.userId];
    // TypeORM answers an UPDATE on PostgreSQL with [rows, count], an INSERT with the rows.
    const [saved] =
      row.expectedVersion === 0
        ? await em.query(
            `INSERT INTO loan_data (loan_id, type, content, version, updated_by) VALUES ($1, $2, $3, 1, $4)
             ON CONFLICT (loan_id, type) DO NOTHING RETURNING version`,
            params,
          )
        : (
            await em.query(
              `UPDATE loan_data SET content = $3, version = version + 1, updated_by = $4, updated_at = now()
                WHERE loan_id = $1 AND type = $2 AND version = $5 RETURNING version`,
              [...params, row.expectedVersion],
            )
          )[0];
    if (!saved) return false;
    await em.query(`INSERT INTO loan_data_version (loan_id, type, version, content, saved_by) VALUES ($1, $2, $3, $4, $5)`, [
      row.loanId,
      row.type,
      saved.version,
      row.content,
      row.userId,
    ]);
    await em.query(`DELETE FROM loan_data_draft WHERE loan_id = $1 AND type = $2 AND user_id = $3`, [row.loanId, row.type, row.userId]);
    return true;
  }

  async draft(loanId: string, type: DataType, userId: string): Promise<DraftRow | null> {
    const [row] = await this.db.query(
      `SELECT content, base_version AS "baseVersion", saved_at AS "savedAt" FROM loan_data_draft WHERE loan_id = $1 AND type = $2 AND user_id = $3`,
      [loanId, type, userId],
    );
    return row ?? null;
  }

  async saveDraft(row: { loanId: string; type: DataType; userId: string; content: unknown; baseVersion: number }): Promise<DraftRow> {
    const [saved] = await this.db.query(
      `INSERT INTO loan_data_draft (loan_id, type, user_id, content, base_version) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (loan_id, type, user_id) DO UPDATE SET content = EXCLUDED.content, base_version = EXCLUDED.base_version, saved_at = now()
       RETURNING content, base_version AS "baseVersion", saved_at AS "savedAt"`,
      [row.loanId, row.type, row.userId, row.content, row.baseVersion],
    );
    return saved;
  }

  async deleteDraft(loanId: string, type: DataType, userId: string): Promise<void> {
    await this.db.query(`DELETE FROM loan_data_draft WHERE loan_id = $1 AND type = $2 AND user_id = $3`, [loanId, type, userId]);
  }

  async versions(loanId: string, type: DataType): Promise<{ version: number; savedAt: string; savedBy: string; savedByName: string | null }[]> {
    return this.db.query(
      `SELECT v.version, v.saved_at AS "savedAt", v.saved_by AS "savedBy", u.nickname AS "savedByName"
         FROM loan_data_version v LEFT JOIN app_user u ON u.id = v.saved_by
        WHERE v.loan_id = $1 AND v.type = $2 ORDER BY v.version DESC`,
      [loanId, type],
    );
  }

  async nicknames(ids: (string | null | undefined)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    if (!wanted.length) return new Map();
    const rows = await this.db.query(`SELECT id, nickname FROM app_user WHERE id = ANY($1::uuid[])`, [wanted]);
    return new Map(rows.map((r: { id: string; nickname: string }) => [r.id, r.nickname]));
  }

  /** The live company exists, held FOR SHARE until the transaction ends (a deletion at the same moment waits). */
  async shareCompany(em: EntityManager, companyId: string): Promise<boolean> {
    const [company] = await em.query(`SELECT id FROM company WHERE id = $1 AND deleted_at IS NULL FOR SHARE`, [companyId]);
    return !!company;
  }

  /** The active user holds the role. */
  async holdsActiveRole(em: EntityManager, userId: string, role: string): Promise<boolean> {
    const [row] = await em.query(
      `SELECT 1 FROM app_user u JOIN user_role ur ON ur.user_id = u.id JOIN role r ON r.id = ur.role_id WHERE u.id = $1 AND NOT u.disabled AND r.code = $2`,
      [userId, role],
    );
    return !!row;
  }

  /** A new loan (the copy of another's figures); its id. */
  async insertLoan(
    em: EntityManager,
    l: {
      companyId: string;
      amount: number;
      termMonths: number;
      bank: string | null;
      loanType: string | null;
      aPost: string;
      bPost: string | null;
      userId: string;
    },
  ): Promise<{ id: string }> {
    const [loan] = await em.query(
      `INSERT INTO loan (company_id, amount, term_months, bank, loan_type, a_post_officer_id, b_post_officer_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [l.companyId, l.amount, l.termMonths, l.bank, l.loanType, l.aPost, l.bPost, l.userId],
    );
    return loan;
  }

  /** The company record as stored (whatever columns it has), to prefill a loan's first customer data. */
  async companyRecord(companyId: string): Promise<Record<string, unknown> | null> {
    const [row] = await this.db.query(`SELECT to_jsonb(c) AS record FROM company c WHERE c.id = $1`, [companyId]);
    return row?.record ?? null;
  }
}

/**
 * The data types whose stored (saved, not draft) content is complete: what SUBMIT_MATERIALS carries
 * to the machine's guard. A plain function so that the workflow service can call it without a module
 * dependency on this feature.
 */
export async function storedCompleteDataTypes(db: Db, loanId: string): Promise<DataType[]> {
  const rows = await db.query(`SELECT type, content FROM loan_data WHERE loan_id = $1`, [loanId]);
  return completeDataTypes(Object.fromEntries(rows.map((r: { type: DataType; content: unknown }) => [r.type, r.content])));
}

/** The complete data types with the stored version of each saved type, so a commit can check nothing was saved since. */
export interface StoredCompleteness {
  types: DataType[];
  /** Type -> loan_data.version at the read (rows are never deleted; versions only grow). */
  versions: Record<string, number>;
}

export async function storedCompleteness(db: Db, loanId: string): Promise<StoredCompleteness> {
  const rows: { type: DataType; content: unknown; version: number }[] = await db.query(`SELECT type, content, version FROM loan_data WHERE loan_id = $1`, [
    loanId,
  ]);
  return {
    types: completeDataTypes(Object.fromEntries(rows.map((r) => [r.type, r.content]))),
    versions: Object.fromEntries(rows.map((r) => [r.type, r.version])),
  };
}
