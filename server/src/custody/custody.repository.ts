import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { companyZoneSql } from '../common/company-time';
import { PlannedReads } from '../database/planned-reads';
import { REMINDER_HOUR } from '../reminders/reminders.repository';

// The SQL of certificate custody and revaluation: certificates and their append-only moves, the return
// and revaluation reminders, appraised values, the administrator's settings and the loan-to-value alert.
// Writers' statements take the caller's EntityManager (one transaction per move).

export const CERTIFICATE_KINDS = ['OTHER_RIGHTS', 'REAL_ESTATE', 'PLEDGE_REGISTRATION', 'OTHER'] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];
export const CERTIFICATE_STATES = ['AWAITING_DEPOSIT', 'IN_VAULT', 'LENT', 'RELEASED', 'CANCELLED'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];
/** Counts stop past this: the page then says "10,000+" (totalCapped), as the loan lists do. */
export const INVENTORY_COUNT_LIMIT = 10_000;
export const MOVE_KINDS = ['REGISTER', 'DEPOSIT', 'LEND', 'RETURN', 'RELEASE', 'CANCEL'] as const;
export type MoveKind = (typeof MOVE_KINDS)[number];

/** How many days before its due day a revaluation is reminded of. */
export const REVALUATION_LEAD_DAYS = 7;

export interface CertificateRow {
  id: string;
  loanId: string;
  collateralId: string;
  collateralKind: string;
  collateralOwner: string;
  collateralDescription: string | null;
  kind: CertificateKind;
  number: string;
  issuer: string;
  holder: string;
  scanFileId: string | null;
  scanName: string | null;
  state: CertificateState;
  deposited: boolean;
  lentTo: string | null;
  lentToName: string | null;
  lentReason: string | null;
  returnDueOn: string | null;
  releasedTo: string | null;
  stateChangedAt: Date;
  createdAt: Date;
}

export interface InventoryRow extends CertificateRow {
  company: string;
  bank: string | null;
  overdueDays: number;
}

export interface MoveRow {
  id: string;
  certificateId: string;
  number: string;
  kind: MoveKind;
  fromState: string | null;
  toState: string;
  actorId: string;
  actorName: string | null;
  at: Date;
  reason: string | null;
  counterparty: string | null;
  receiverConfirmed: boolean;
  returnDueOn: string | null;
  eventSeq: number | null;
}

export interface MoveInput {
  certificateId: string;
  loanId: string;
  kind: MoveKind;
  fromState: CertificateState | null;
  toState: CertificateState;
  actorId: string;
  at: Date;
  reason?: string | null;
  counterparty?: string | null;
  counterpartyId?: string | null;
  receiverConfirmed?: boolean;
  returnDueOn?: string | null;
  eventSeq?: number | null;
}

export interface InventoryFilter {
  states: CertificateState[] | null;
  overdueOnly: boolean;
  loanId: string | null;
  bank: string | null;
  /** Today in the company's zone (what "overdue" is measured against). */
  today: string;
}

/** The inventory's sorts: (column, id) with the direction; a cursor carries the last row's value of the column. */
/** `nullable`: the column has NULLs (sorted last either way); the others are NOT NULL, ordered as their index is. */
export const INVENTORY_SORTS = {
  stateChangedAt: { column: 'c.state_changed_at', type: 'timestamptz', nullable: false },
  returnDueOn: { column: 'c.return_due_on', type: 'date', nullable: true },
  number: { column: 'c.number', type: 'text', nullable: false },
} as const;
export type InventorySort = keyof typeof INVENTORY_SORTS;

const CERT_SELECT = `
  SELECT c.id, c.loan_id AS "loanId", c.collateral_id AS "collateralId", k.kind AS "collateralKind", k.owner AS "collateralOwner",
         k.description AS "collateralDescription", c.kind, c.number, c.issuer, c.holder, c.scan_file_id AS "scanFileId", f.original_name AS "scanName",
         c.state, c.deposited, c.lent_to AS "lentTo", u.nickname AS "lentToName", c.lent_reason AS "lentReason",
         to_char(c.return_due_on, 'YYYY-MM-DD') AS "returnDueOn", c.released_to AS "releasedTo", c.state_changed_at AS "stateChangedAt", c.created_at AS "createdAt"
    FROM custody_certificate c JOIN collateral k ON k.id = c.collateral_id
         LEFT JOIN app_user u ON u.id = c.lent_to LEFT JOIN uploaded_file f ON f.id = c.scan_file_id`;

@Injectable()
export class CustodyRepository {
  constructor(
    private readonly db: DataSource,
    private readonly planned: PlannedReads,
  ) {}

  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  get manager(): EntityManager {
    return this.db.manager;
  }

  /** The live loan's company, bank, amount (fen), officers and snapshot; undefined for no live loan. */
  async loan(
    loanId: string,
    em: EntityManager = this.db.manager,
  ): Promise<
    { company: string; bank: string | null; amountFen: string; aPostOfficerId: string | null; bPostOfficerId: string | null; snapshot: any } | undefined
  > {
    const [row] = await em.query(
      `SELECT c.name AS company, l.bank, i.amount_fen::text AS "amountFen", l.a_post_officer_id AS "aPostOfficerId",
              COALESCE(NULLIF(i.snapshot->'context'->>'bPostOfficerId', '')::uuid, l.b_post_officer_id) AS "bPostOfficerId", i.snapshot
         FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance i ON i.loan_id = l.id
        WHERE l.id = $1 AND l.deleted_at IS NULL`,
      [loanId],
    );
    return row;
  }

  /** The loan's register rows (the items), with each one's latest appraised value and day (a revaluation, else the register's). */
  async items(
    loanId: string,
    em: EntityManager = this.db.manager,
  ): Promise<
    {
      id: string;
      kind: string;
      owner: string;
      description: string | null;
      registerValueFen: string | null;
      latestValueFen: string | null;
      valuedOn: string | null;
    }[]
  > {
    return em.query(
      `SELECT k.id, k.kind, k.owner, k.description, k.appraised_value_fen::text AS "registerValueFen",
              COALESCE(v.appraised_value_fen, k.appraised_value_fen)::text AS "latestValueFen", to_char(v.valued_on, 'YYYY-MM-DD') AS "valuedOn"
         FROM collateral k
         LEFT JOIN LATERAL (SELECT appraised_value_fen, valued_on FROM collateral_valuation WHERE collateral_id = k.id ORDER BY valued_on DESC, id DESC LIMIT 1) v ON true
        WHERE k.loan_id = $1 ORDER BY k.created_at, k.id`,
      [loanId],
    );
  }

  /** The item's register row and loan, locked (revaluation of one item is serialised). */
  async lockItem(em: EntityManager, collateralId: string): Promise<{ id: string; loanId: string; kind: string } | undefined> {
    const [row] = await em.query(`SELECT id, loan_id AS "loanId", kind FROM collateral WHERE id = $1 FOR UPDATE`, [collateralId]);
    return row;
  }

  async certificatesOfLoan(loanId: string): Promise<CertificateRow[]> {
    return this.db.query(`${CERT_SELECT} WHERE c.loan_id = $1 ORDER BY c.created_at, c.id`, [loanId]);
  }

  async certificate(id: string, em: EntityManager = this.db.manager): Promise<CertificateRow | undefined> {
    const [row] = await em.query(`${CERT_SELECT} WHERE c.id = $1`, [id]);
    return row;
  }

  async insertCertificate(
    em: EntityManager,
    c: { loanId: string; collateralId: string; kind: CertificateKind; number: string; issuer: string; holder: string; userId: string; at: Date },
  ): Promise<string> {
    const [row] = await em.query(
      `INSERT INTO custody_certificate (loan_id, collateral_id, kind, number, issuer, holder, created_by, created_at, state_changed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`,
      [c.loanId, c.collateralId, c.kind, c.number, c.issuer, c.holder, c.userId, c.at],
    );
    return row.id;
  }

  /**
   * Moves a certificate from one of `from` to `to` with what the move sets, guarded by its state: a
   * move raced by another (or out of order) changes nothing. Answers the state it left, or null.
   */
  async moveState(
    em: EntityManager,
    id: string,
    from: readonly CertificateState[],
    to: CertificateState,
    at: Date,
    set: { lentTo?: string | null; lentReason?: string | null; returnDueOn?: string | null; releasedTo?: string | null } = {},
  ): Promise<CertificateState | null> {
    const rows: { from_state: CertificateState }[] = await em.query(
      // (a SELECT around the UPDATE: TypeORM answers an UPDATE with [rows, count])
      `WITH old AS (SELECT id, state FROM custody_certificate WHERE id = $1 AND state = ANY($2::text[]) FOR UPDATE),
       moved AS (
         UPDATE custody_certificate c SET state = $3::varchar, state_changed_at = $4,
                deposited = c.deposited OR $3::varchar = 'IN_VAULT',
                lent_to = $5, lent_reason = $6, return_due_on = $7, released_to = COALESCE($8, c.released_to)
           FROM old WHERE c.id = old.id
         RETURNING old.state AS from_state
       ) SELECT from_state FROM moved`,
      [id, from, to, at, set.lentTo ?? null, set.lentReason ?? null, set.returnDueOn ?? null, set.releasedTo ?? null],
    );
    return rows[0]?.from_state ?? null;
  }

  async insertMove(em: EntityManager, m: MoveInput): Promise<void> {
    await em.query(
      `INSERT INTO custody_move (certificate_id, loan_id, kind, from_state, to_state, actor_id, at, reason, counterparty, counterparty_id, receiver_confirmed, return_due_on, event_seq)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        m.certificateId,
        m.loanId,
        m.kind,
        m.fromState,
        m.toState,
        m.actorId,
        m.at,
        m.reason ?? null,
        m.counterparty ?? null,
        m.counterpartyId ?? null,
        m.receiverConfirmed ?? false,
        m.returnDueOn ?? null,
        m.eventSeq ?? null,
      ],
    );
  }

  async setScan(em: EntityManager, id: string, fileId: string): Promise<void> {
    await em.query(`UPDATE custody_certificate SET scan_file_id = $2 WHERE id = $1`, [id, fileId]);
  }

  async scanFileId(id: string): Promise<string | null> {
    const [row] = await this.db.query(`SELECT scan_file_id AS "fileId" FROM custody_certificate WHERE id = $1`, [id]);
    return row?.fileId ?? null;
  }

  /** The item's certificates still held (not out at release, not cancelled), locked: what a release of the item hands out. */
  async heldOfItem(em: EntityManager, collateralId: string, lock: boolean): Promise<{ id: string; loanId: string; number: string; state: CertificateState }[]> {
    return em.query(
      `SELECT id, loan_id AS "loanId", number, state FROM custody_certificate
        WHERE collateral_id = $1 AND state NOT IN ('RELEASED', 'CANCELLED') ORDER BY created_at, id ${lock ? 'FOR UPDATE' : ''}`,
      [collateralId],
    );
  }

  async userName(userId: string, em: EntityManager = this.db.manager): Promise<{ id: string; nickname: string } | undefined> {
    const [row] = await em.query(`SELECT id, nickname FROM app_user WHERE id = $1 AND NOT disabled AND deleted_at IS NULL`, [userId]);
    return row;
  }

  /** The active users a certificate may be lent to. */
  async borrowers(): Promise<{ id: string; username: string; nickname: string }[]> {
    return this.db.query(`SELECT id, username, nickname FROM app_user WHERE NOT disabled AND deleted_at IS NULL ORDER BY username`);
  }

  /** The certificate's moves, oldest first, with their actors' names. */
  async moves(certificateId: string | null, loanId: string | null, limit: number, offset: number): Promise<MoveRow[]> {
    return this.db.query(
      `SELECT m.id::text, m.certificate_id AS "certificateId", c.number, m.kind, m.from_state AS "fromState", m.to_state AS "toState",
              m.actor_id AS "actorId", u.nickname AS "actorName", m.at, m.reason, m.counterparty, m.receiver_confirmed AS "receiverConfirmed",
              to_char(m.return_due_on, 'YYYY-MM-DD') AS "returnDueOn", m.event_seq AS "eventSeq"
         FROM custody_move m JOIN custody_certificate c ON c.id = m.certificate_id LEFT JOIN app_user u ON u.id = m.actor_id
        WHERE ($1::uuid IS NULL OR m.certificate_id = $1) AND ($2::uuid IS NULL OR m.loan_id = $2)
        ORDER BY m.id LIMIT ${limit} OFFSET ${offset}`,
      [certificateId, loanId],
    );
  }

  // --- the inventory ------------------------------------------------------------------------------

  private inventoryWhere(f: InventoryFilter, params: unknown[]): string[] {
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const where: string[] = [];
    if (f.overdueOnly) where.push(`c.state = 'LENT' AND c.return_due_on < ${p(f.today)}::date`);
    else if (f.states) where.push(`c.state = ANY(${p(f.states)}::text[])`);
    if (f.loanId) where.push(`c.loan_id = ${p(f.loanId)}::uuid`);
    if (f.bank) where.push(`l.bank = ${p(f.bank)}`);
    return where;
  }

  /**
   * One page of the inventory in (sort column, id) order, after the cursor's row when one is given
   * (a keyset read on the sort's index), else from `offset`. `raw`: the same page's ids alone (the bench's baseline).
   */
  async inventoryPage(
    f: InventoryFilter,
    sort: InventorySort,
    desc: boolean,
    page: { limit: number; offset: number; after: { value: string | null; id: string } | null },
  ): Promise<(InventoryRow & { sortValue: string | null })[]> {
    const params: unknown[] = [f.today];
    const where = this.inventoryWhere(f, params);
    const { column, type, nullable } = INVENTORY_SORTS[sort];
    const dir = desc ? 'DESC' : 'ASC';
    if (page.after) {
      const cmp = desc ? '<' : '>';
      params.push(page.after.value, page.after.id);
      const v = `$${params.length - 1}::${type}`;
      const id = `$${params.length}::uuid`;
      // NULLs (return day of one not lent) sort last in either direction
      if (page.after.value === null) where.push(`(${column} IS NULL AND c.id ${cmp} ${id})`);
      else where.push(nullable ? `((${column}, c.id) ${cmp} (${v}, ${id}) OR ${column} IS NULL)` : `(${column}, c.id) ${cmp} (${v}, ${id})`);
    }
    const sql = `
      ${CERT_SELECT.replace(
        'FROM custody_certificate c',
        'FROM custody_certificate c JOIN loan l ON l.id = c.loan_id JOIN company co ON co.id = l.company_id',
      ).replace(
        'SELECT c.id,',
        `SELECT co.name AS company, l.bank, CASE WHEN c.state = 'LENT' AND c.return_due_on < $1::date THEN $1::date - c.return_due_on ELSE 0 END AS "overdueDays",
                ${column}::text AS "sortValue", c.id,`,
      )}
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${column} ${dir}${nullable ? ' NULLS LAST' : ''}, c.id ${dir} LIMIT ${Number(page.limit)}`;
    // A first page or a page by cursor is the same index walk whatever the values: planned once (planned-reads.ts).
    // A page by number (OFFSET) is rare and planned each time.
    const offset = page.after ? 0 : Number(page.offset);
    return offset === 0 ? this.planned.query(sql, params) : this.db.query(`${sql} OFFSET ${offset}`, params);
  }

  /** The raw keyset query of the inventory's first page by last move (ids only): the bench's baseline. */
  static readonly RAW_FIRST_PAGE_SQL = `SELECT id FROM custody_certificate ORDER BY state_changed_at DESC, id DESC LIMIT $1`;

  /** The matches, counted up to INVENTORY_COUNT_LIMIT + 1 and no further (a million certificates are not counted on each page). */
  async inventoryCount(f: InventoryFilter): Promise<number> {
    const params: unknown[] = [f.today];
    const where = this.inventoryWhere(f, params);
    const join = f.bank ? 'JOIN loan l ON l.id = c.loan_id' : '';
    const [row] = await this.db.query(
      `SELECT count(*)::int AS n FROM (
         SELECT 1 FROM custody_certificate c ${join} WHERE $1::date IS NOT NULL ${where.length ? `AND ${where.join(' AND ')}` : ''}
          LIMIT ${INVENTORY_COUNT_LIMIT + 1}) bounded`,
      params,
    );
    return row.n;
  }

  /**
   * Per state, how many certificates (the inventory's tabs), and the lent ones overdue today: read from
   * the counts the certificates' triggers keep (migration 1764280000000), not counted on each page.
   */
  async stateCounts(today: string): Promise<{ state: string; n: number }[]> {
    return this.planned.query(
      `SELECT s.state, COALESCE(c.n, 0)::int AS n FROM unnest($2::text[]) WITH ORDINALITY AS s(state, ord) LEFT JOIN custody_state_count c ON c.state = s.state
       UNION ALL SELECT 'OVERDUE', COALESCE((SELECT sum(n) FROM custody_lent_due_count WHERE due_on < $1::date), 0)::int`,
      [today, [...CERTIFICATE_STATES]],
    );
  }

  // --- reminders ----------------------------------------------------------------------------------

  /**
   * The return reminder of a lent certificate: one day before its return day at REMINDER_HOUR company
   * time (at once when that has passed); the worker adds the daily ones while it is overdue.
   */
  async insertReturnReminder(
    em: EntityManager,
    loanId: string,
    certificateId: string,
    dueOn: string,
    now: Date,
  ): Promise<{ id: string; jobId: string; fireAt: Date }> {
    const zone = companyZoneSql();
    const [row] = await em.query(
      `WITH p AS (
         SELECT gen_random_uuid() AS id,
                (($3::date + time '${REMINDER_HOUR}') AT TIME ZONE ${zone}) AS due_at,
                greatest((($3::date - 1) + time '${REMINDER_HOUR}') AT TIME ZONE ${zone}, $4::timestamptz) AS fire_at
       )
       INSERT INTO reminder (id, loan_id, kind, certificate_id, due_at, fire_at, job_id)
       SELECT id, $1, 'CERT_RETURN', $2, due_at, fire_at, 'reminder-' || id FROM p
       RETURNING id, job_id AS "jobId", fire_at AS "fireAt"`,
      [loanId, certificateId, dueOn, now],
    );
    return row;
  }

  /** Cancels the certificate's scheduled return reminders; answers their job ids. */
  async cancelReturnReminders(em: EntityManager, certificateId: string, now: Date): Promise<string[]> {
    const rows: { job_id: string }[] = await em.query(
      `WITH c AS (UPDATE reminder SET state = 'CANCELLED', cancelled_at = $2 WHERE certificate_id = $1 AND state = 'SCHEDULED' RETURNING job_id)
       SELECT job_id FROM c`,
      [certificateId, now],
    );
    return rows.map((r) => r.job_id);
  }

  /** The item's revaluation reminder for `dueOn` (REVALUATION_LEAD_DAYS before it), replacing its scheduled one; answers the old job ids and the new row. */
  async replaceRevaluationReminder(
    em: EntityManager,
    loanId: string,
    collateralId: string,
    dueOn: string,
    now: Date,
  ): Promise<{ cancelled: string[]; made: { id: string; jobId: string; fireAt: Date } | null }> {
    const old: { job_id: string }[] = await em.query(
      `WITH c AS (UPDATE reminder SET state = 'CANCELLED', cancelled_at = $2 WHERE collateral_id = $1 AND state = 'SCHEDULED' RETURNING job_id)
       SELECT job_id FROM c`,
      [collateralId, now],
    );
    const zone = companyZoneSql();
    const [made] = await em.query(
      `WITH p AS (
         SELECT gen_random_uuid() AS id,
                (($3::date + time '${REMINDER_HOUR}') AT TIME ZONE ${zone}) AS due_at,
                greatest((($3::date - ${REVALUATION_LEAD_DAYS}) + time '${REMINDER_HOUR}') AT TIME ZONE ${zone}, $4::timestamptz) AS fire_at
       )
       INSERT INTO reminder (id, loan_id, kind, collateral_id, due_at, fire_at, job_id)
       SELECT id, $1, 'REVALUATION', $2, due_at, fire_at, 'reminder-' || id FROM p WHERE due_at > $4
       RETURNING id, job_id AS "jobId", fire_at AS "fireAt"`,
      [loanId, collateralId, dueOn, now],
    );
    return { cancelled: old.map((r) => r.job_id), made: made ?? null };
  }

  /** The scheduled revaluation day of each of the loan's items. */
  async nextRevaluations(loanId: string, em: EntityManager = this.db.manager): Promise<{ collateralId: string; dueOn: string }[]> {
    const zone = companyZoneSql();
    return em.query(
      `SELECT collateral_id AS "collateralId", to_char(min(due_at AT TIME ZONE ${zone}), 'YYYY-MM-DD') AS "dueOn"
         FROM reminder WHERE loan_id = $1 AND kind = 'REVALUATION' AND state IN ('SCHEDULED', 'SENT')
          AND NOT EXISTS (SELECT 1 FROM reminder n WHERE n.collateral_id = reminder.collateral_id AND n.state = 'SCHEDULED' AND n.id <> reminder.id AND reminder.state = 'SENT')
        GROUP BY collateral_id`,
      [loanId],
    );
  }

  // --- revaluation, settings, the loan-to-value alert ---------------------------------------------

  async insertValuation(
    em: EntityManager,
    v: { collateralId: string; loanId: string; valueFen: number; valuedOn: string; note: string | null; userId: string },
  ): Promise<void> {
    await em.query(
      `INSERT INTO collateral_valuation (collateral_id, loan_id, appraised_value_fen, valued_on, note, recorded_by) VALUES ($1, $2, $3, $4, $5, $6)`,
      [v.collateralId, v.loanId, v.valueFen, v.valuedOn, v.note, v.userId],
    );
  }

  async valuations(
    collateralId: string,
  ): Promise<{ valueFen: string; valuedOn: string; note: string | null; recordedByName: string | null; recordedAt: Date }[]> {
    return this.db.query(
      `SELECT v.appraised_value_fen::text AS "valueFen", to_char(v.valued_on, 'YYYY-MM-DD') AS "valuedOn", v.note, u.nickname AS "recordedByName", v.recorded_at AS "recordedAt"
         FROM collateral_valuation v LEFT JOIN app_user u ON u.id = v.recorded_by WHERE v.collateral_id = $1 ORDER BY v.valued_on DESC, v.id DESC`,
      [collateralId],
    );
  }

  /** What the loan still owes on its live repayment plan (fen), or null without a plan. */
  async outstandingFen(em: EntityManager, loanId: string): Promise<number | null> {
    const [row] = await em.query(`SELECT sum(principal_fen - repaid_fen)::text AS v FROM repayment_instalment WHERE loan_id = $1 AND superseded_at IS NULL`, [
      loanId,
    ]);
    return row?.v === null || row?.v === undefined ? null : Number(row.v);
  }

  async settings(
    em: EntityManager = this.db.manager,
  ): Promise<{ ltvThresholdBp: number; intervalMonths: Record<string, number>; changedByName: string | null; changedAt: Date }> {
    const [row] = await em.query(
      `SELECT s.ltv_threshold_bp AS "ltvThresholdBp", s.interval_months AS "intervalMonths", u.nickname AS "changedByName", s.changed_at AS "changedAt"
         FROM custody_setting s LEFT JOIN app_user u ON u.id = s.changed_by ORDER BY s.id DESC LIMIT 1`,
    );
    return row;
  }

  async insertSetting(em: EntityManager, ltvThresholdBp: number, intervalMonths: Record<string, number>, userId: string): Promise<void> {
    await em.query(`INSERT INTO custody_setting (ltv_threshold_bp, interval_months, changed_by) VALUES ($1, $2, $3)`, [
      ltvThresholdBp,
      JSON.stringify(intervalMonths),
      userId,
    ]);
  }

  async ltvAlert(loanId: string): Promise<{ ltvBp: number; thresholdBp: number; notifiedAt: Date } | undefined> {
    const [row] = await this.db.query(
      `SELECT ltv_bp AS "ltvBp", threshold_bp AS "thresholdBp", notified_at AS "notifiedAt" FROM custody_ltv_alert WHERE loan_id = $1`,
      [loanId],
    );
    return row;
  }

  /** Notes the loan's alert once: answers true when this call made it (the first time it rose above). */
  async insertLtvAlert(em: EntityManager, loanId: string, ltvBp: number, thresholdBp: number, at: Date): Promise<boolean> {
    const rows = await em.query(
      `INSERT INTO custody_ltv_alert (loan_id, ltv_bp, threshold_bp, notified_at) VALUES ($1, $2, $3, $4) ON CONFLICT (loan_id) DO NOTHING RETURNING loan_id`,
      [loanId, ltvBp, thresholdBp, at],
    );
    return rows.length > 0;
  }

  /** Enabled users with their language, roles and keys (who hears of an alert is decided by the keys). */
  async usersWithKeys(em: EntityManager): Promise<{ id: string; language: string; roles: string[]; permissions: string[] }[]> {
    return em.query(
      `SELECT u.id, u.language,
              COALESCE((SELECT array_agg(r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
              COALESCE((SELECT array_agg(DISTINCT rp.permission_key) FROM user_role ur JOIN role_permission rp ON rp.role_id = ur.role_id
                        WHERE ur.user_id = u.id), '{}') AS permissions
         FROM app_user u WHERE NOT u.disabled AND u.deleted_at IS NULL`,
    );
  }

  async insertMessage(em: EntityManager, m: { userId: string; title: string; content: string; sourceKey: string; link: string }): Promise<void> {
    await em.query(
      `INSERT INTO message (user_id, title, content, type, source_key, link) VALUES ($1, $2, $3, 'RISK', $4, $5)
         ON CONFLICT (user_id, source_key) WHERE source_key IS NOT NULL DO NOTHING`,
      [m.userId, m.title, m.content, m.sourceKey, m.link],
    );
  }
}
