import { Injectable } from '@nestjs/common';
import type { OverdueBucket } from '@app/workflow';
import { DataSource, type EntityManager } from 'typeorm';

type Db = DataSource | EntityManager;

/** A step's row as the queue page's API shows it. */
export interface StepRow {
  day: string;
  step: string;
  position: number;
  startedAt: Date;
  finishedAt: Date | null;
  durationMs: number | null;
  rowsTouched: string | null;
  attempts: number;
}

export interface RunRow {
  day: string;
  startedAt: Date;
  finishedAt: Date | null;
  attempts: number;
}

// --- the run and its steps ----------------------------------------------------------------------

/** Makes the day's run row if there is none (its own short transaction: the key decides between workers). */
export async function ensureRun(db: Db, day: string): Promise<void> {
  await db.query(`INSERT INTO close_of_business_run (day) VALUES ($1) ON CONFLICT (day) DO NOTHING`, [day]);
}

/**
 * Claims the day's unfinished run for the caller's transaction (held for the whole run): null when it is
 * finished or another worker holds it. NO KEY UPDATE: the step rows' foreign key (KEY SHARE) still passes.
 */
export async function claimRun(em: EntityManager, day: string): Promise<{ attempts: number } | null> {
  const [row] = await em.query(`SELECT attempts FROM close_of_business_run WHERE day = $1 AND finished_at IS NULL FOR NO KEY UPDATE SKIP LOCKED`, [day]);
  return row ?? null;
}

/** Counts one more start of a run that had begun before (it is resumed). */
export async function noteRunResumed(em: EntityManager, day: string): Promise<void> {
  await em.query(
    `UPDATE close_of_business_run SET attempts = attempts + 1
      WHERE day = $1 AND EXISTS (SELECT 1 FROM close_of_business_step s WHERE s.day = $1)`,
    [day],
  );
}

export async function finishRun(em: EntityManager, day: string, at: Date): Promise<void> {
  await em.query(`UPDATE close_of_business_run SET finished_at = $2 WHERE day = $1`, [day, at]);
}

/**
 * Marks a step started (committed at once, so a crash leaves it started and not finished): a new row,
 * or a row started before and never finished (its attempts counted). Null when the step has finished.
 */
export async function startStep(db: Db, day: string, step: string, position: number, at: Date): Promise<{ attempts: number } | null> {
  const [row] = await db.query(
    `INSERT INTO close_of_business_step (day, step, position, started_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (day, step) DO UPDATE SET started_at = EXCLUDED.started_at, attempts = close_of_business_step.attempts + 1
      WHERE close_of_business_step.finished_at IS NULL
     RETURNING attempts`,
    [day, step, position, at],
  );
  return row ?? null;
}

export async function finishStep(em: EntityManager, day: string, step: string, at: Date, durationMs: number, rows: number): Promise<void> {
  await em.query(`UPDATE close_of_business_step SET finished_at = $3, duration_ms = $4, rows_touched = $5 WHERE day = $1 AND step = $2`, [
    day,
    step,
    at,
    durationMs,
    rows,
  ]);
}

/** An unfinished run (the oldest), for a worker that starts. */
export async function unfinishedRunDay(db: Db): Promise<string | null> {
  const [row] = await db.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM close_of_business_run WHERE finished_at IS NULL ORDER BY day LIMIT 1`);
  return row?.day ?? null;
}

// --- step 1: overdue ----------------------------------------------------------------------------

/**
 * Days past due of every loan after guarantee on `day`, set-based (daysPastDue of @app/workflow in
 * SQL: the oldest live instalment with principal, due before the day and not fully repaid), with its
 * bucket (bucketOf); then the changes against loan_overdue become loan_overdue_day rows (a loan that
 * became overdue or was cured, changed bucket, or whose days did not just run on), and loan_overdue is
 * brought to the day. Answers the loans whose status changed. Run twice for one day, the second run
 * finds nothing changed and writes nothing.
 */
export async function closeOverdue(em: EntityManager, day: string, buckets: readonly OverdueBucket[]): Promise<number> {
  const params = [day, buckets.map((b) => b.key), buckets.map((b) => b.fromDay), buckets.map((b) => b.toDay)];
  await em.query(`DROP TABLE IF EXISTS cob_overdue`);
  await em.query(
    `CREATE TEMP TABLE cob_overdue ON COMMIT DROP AS
     WITH due AS (
       SELECT i.loan_id, min(i.due_on) AS oldest
         FROM repayment_instalment i
         JOIN workflow_instance w ON w.loan_id = i.loan_id AND w.stage = 'afterGuarantee'
        WHERE i.superseded_at IS NULL AND i.principal_fen > 0 AND i.repaid_fen < i.principal_fen AND i.due_on < $1::date
        GROUP BY i.loan_id
     ), b AS (
       SELECT * FROM unnest($2::text[], $3::int[], $4::int[]) AS b(key, from_day, to_day)
     )
     SELECT d.loan_id, d.oldest, ($1::date - d.oldest) AS dpd,
            (SELECT b.key FROM b WHERE ($1::date - d.oldest) >= b.from_day AND (b.to_day IS NULL OR ($1::date - d.oldest) <= b.to_day)
              ORDER BY b.from_day LIMIT 1) AS bucket
       FROM due d`,
    params.slice(0, 4),
  );
  await em.query(`CREATE UNIQUE INDEX ON cob_overdue (loan_id)`);
  await em.query(`ANALYZE cob_overdue`);
  const changed: { n: number }[] = await em.query(
    `WITH changes AS (
       SELECT COALESCE(c.loan_id, p.loan_id) AS loan_id, COALESCE(c.dpd, 0) AS dpd, c.bucket, p.bucket AS previous_bucket
         FROM cob_overdue c FULL JOIN loan_overdue p ON p.loan_id = c.loan_id
        WHERE (p.loan_id IS NULL OR p.as_of < $1::date)
          AND (c.bucket IS DISTINCT FROM p.bucket
               OR COALESCE(c.dpd, 0) <> COALESCE(p.days_past_due + ($1::date - p.as_of), 0))
     ), ins AS (
       INSERT INTO loan_overdue_day (loan_id, day, days_past_due, bucket, previous_bucket)
       SELECT loan_id, $1::date, dpd, bucket, previous_bucket FROM changes
       ON CONFLICT (loan_id, day) DO NOTHING
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM ins`,
    [day],
  );
  // Cured loans and loans no longer after guarantee leave the table; the others are brought to the day.
  await em.query(`DELETE FROM loan_overdue p WHERE p.as_of <= $1::date AND NOT EXISTS (SELECT 1 FROM cob_overdue c WHERE c.loan_id = p.loan_id)`, [day]);
  await em.query(
    `INSERT INTO loan_overdue (loan_id, as_of, days_past_due, bucket, oldest_due_on)
     SELECT loan_id, $1::date, dpd, bucket, oldest FROM cob_overdue
     ON CONFLICT (loan_id) DO UPDATE SET as_of = EXCLUDED.as_of, days_past_due = EXCLUDED.days_past_due, bucket = EXCLUDED.bucket,
                                         oldest_due_on = EXCLUDED.oldest_due_on
      WHERE loan_overdue.as_of < EXCLUDED.as_of`,
    [day],
  );
  return changed[0].n;
}

// --- step 2: notify -----------------------------------------------------------------------------

/** The enabled users with their roles and permission keys (the leaders are chosen from them). */
export async function enabledUsersWithKeys(db: Db): Promise<{ id: string; roles: string[]; permissions: string[] }[]> {
  return db.query(
    `SELECT u.id,
            COALESCE((SELECT array_agg(r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
            COALESCE((SELECT array_agg(DISTINCT rp.permission_key) FROM user_role ur JOIN role_permission rp ON rp.role_id = ur.role_id
                      WHERE ur.user_id = u.id), '{}') AS permissions
       FROM app_user u WHERE NOT u.disabled`,
  );
}

/**
 * One message per recipient and loan whose bucket changed on `day` (loan_overdue_day): to a bucket, or
 * back to none while the loan is still after guarantee (cured: repaid what was due; a loan that left for
 * compensation hears of it there). To the loan's officers (A-post, B-post) and `leaderIds`, in each
 * one's language, set-based. The source key (loan and day) makes a second run add nothing. Answers the
 * messages inserted.
 */
export async function insertOverdueMessages(em: EntityManager, day: string, leaderIds: string[], buckets: readonly OverdueBucket[]): Promise<number> {
  const [row] = await em.query(
    `WITH b AS (SELECT * FROM unnest($3::text[], $4::text[], $5::text[]) AS b(key, zh, en)),
     changed AS (
       SELECT d.loan_id, d.days_past_due, d.bucket, d.previous_bucket, c.name AS company, l.a_post_officer_id,
              COALESCE(NULLIF(w.snapshot->'context'->>'bPostOfficerId', '')::uuid, l.b_post_officer_id) AS b_post_officer_id
         FROM loan_overdue_day d
         JOIN loan l ON l.id = d.loan_id
         JOIN company c ON c.id = l.company_id
         JOIN workflow_instance w ON w.loan_id = d.loan_id
        WHERE d.day = $1::date AND d.bucket IS DISTINCT FROM d.previous_bucket
          AND (d.bucket IS NOT NULL OR w.stage = 'afterGuarantee')
     ), recipients AS (
       SELECT ch.*, r.user_id FROM changed ch
         CROSS JOIN LATERAL (SELECT DISTINCT x AS user_id FROM unnest(ARRAY[ch.a_post_officer_id, ch.b_post_officer_id] || $2::uuid[]) AS x
                              WHERE x IS NOT NULL) r
     ), ins AS (
       INSERT INTO message (user_id, title, content, type, source_key, link)
       SELECT u.id,
              CASE WHEN r.bucket IS NULL AND u.language = 'en' THEN 'Overdue cleared: ' || r.company
                   WHEN r.bucket IS NULL THEN '逾期已结清：' || r.company
                   WHEN u.language = 'en' THEN 'Overdue: ' || r.company ELSE '逾期提醒：' || r.company END,
              CASE WHEN r.bucket IS NULL AND u.language = 'en'
                   THEN 'On ' || to_char($1::date, 'YYYY-MM-DD') || ' the loan has nothing past due any more'
                        || COALESCE(' (before: "' || pb.en || '")', '') || '.'
                   WHEN r.bucket IS NULL
                   THEN '贷款截至 ' || to_char($1::date, 'YYYY-MM-DD') || ' 已无逾期' || COALESCE('（此前：「' || pb.zh || '」）', '') || '。'
                   WHEN u.language = 'en'
                   THEN 'The loan is ' || r.days_past_due || ' days past due (' || to_char($1::date, 'YYYY-MM-DD') || '): now "' || nb.en || '"'
                        || COALESCE(', before "' || pb.en || '"', '') || '.'
                   ELSE '贷款截至 ' || to_char($1::date, 'YYYY-MM-DD') || ' 已逾期 ' || r.days_past_due || ' 天，进入「' || nb.zh || '」'
                        || COALESCE('（此前：「' || pb.zh || '」）', '') || '。' END,
              'RISK', 'overdue:' || r.loan_id || ':' || to_char($1::date, 'YYYY-MM-DD'), '/company/node/' || r.loan_id
         FROM recipients r
         JOIN app_user u ON u.id = r.user_id AND NOT u.disabled
         LEFT JOIN b nb ON nb.key = r.bucket
         LEFT JOIN b pb ON pb.key = r.previous_bucket
       ON CONFLICT (user_id, source_key) WHERE source_key IS NOT NULL DO NOTHING
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM ins`,
    [day, leaderIds, buckets.map((b) => b.key), buckets.map((b) => b.label.zh), buckets.map((b) => b.label.en)],
  );
  return row.n;
}

// --- step 3: snapshot ---------------------------------------------------------------------------

export async function insertSnapshot(em: EntityManager, day: string, figures: unknown): Promise<number> {
  const rows = await em.query(`INSERT INTO regulatory_snapshot (day, figures) VALUES ($1, $2::jsonb) ON CONFLICT (day) DO NOTHING RETURNING 1`, [
    day,
    JSON.stringify(figures),
  ]);
  return rows.length;
}

// --- settings -----------------------------------------------------------------------------------

/** The buckets in force (the newest settings row), or null when the administrator never set them. */
export async function latestBuckets(db: Db): Promise<{ buckets: OverdueBucket[]; changedAt: Date; changedBy: string | null } | null> {
  const [row] = await db.query(
    `SELECT s.buckets, s.changed_at AS "changedAt", u.nickname AS "changedBy"
       FROM overdue_bucket_settings s LEFT JOIN app_user u ON u.id = s.changed_by ORDER BY s.id DESC LIMIT 1`,
  );
  return row ?? null;
}

/** The SQL of the close of business's reads and settings for the API (the steps' statements are the functions above). */
@Injectable()
export class CloseOfBusinessRepository {
  constructor(private readonly db: DataSource) {}

  latestBuckets() {
    return latestBuckets(this.db);
  }

  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async insertBuckets(em: EntityManager, buckets: readonly OverdueBucket[], userId: string): Promise<void> {
    await em.query(`INSERT INTO overdue_bucket_settings (buckets, changed_by) VALUES ($1::jsonb, $2)`, [JSON.stringify(buckets), userId]);
  }

  /** The latest runs, newest first. */
  runs(limit: number): Promise<RunRow[]> {
    return this.db.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, started_at AS "startedAt", finished_at AS "finishedAt", attempts
         FROM close_of_business_run ORDER BY day DESC LIMIT $1`,
      [limit],
    );
  }

  steps(days: string[]): Promise<StepRow[]> {
    return this.db.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, step, position, started_at AS "startedAt", finished_at AS "finishedAt",
              duration_ms AS "durationMs", rows_touched::text AS "rowsTouched", attempts
         FROM close_of_business_step WHERE day = ANY($1::date[]) ORDER BY day DESC, position`,
      [days],
    );
  }

  /** The last company day whose overdue step finished (null: never). */
  async lastClosedDay(): Promise<string | null> {
    const [row] = await this.db.query(
      `SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM close_of_business_step WHERE step = 'overdue' AND finished_at IS NOT NULL`,
    );
    return row?.day ?? null;
  }

  /** Loans after guarantee per bucket (what the close of business last found). */
  bucketCounts(): Promise<{ bucket: string | null; count: number }[]> {
    return this.db.query(
      `SELECT o.bucket, count(*)::int AS count FROM loan_overdue o JOIN workflow_instance w ON w.loan_id = o.loan_id AND w.stage = 'afterGuarantee'
        GROUP BY o.bucket`,
    );
  }
}
