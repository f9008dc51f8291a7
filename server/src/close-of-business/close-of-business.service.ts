import { Injectable } from '@nestjs/common';
import * as engine from '@app/workflow';
import { holds, type AuthUser } from '../auth/auth-user';
import { AppError, CODES } from '../common/errors';
import { HttpStatus } from '@nestjs/common';
import { companyTimeZone } from '../common/company-time';
import { CLOSE_OF_BUSINESS_CRON } from './close-of-business.run';
import { lockSetting, writeSettingsTrail } from '../operations/operator-trail';
import { CloseOfBusinessRepository, latestBuckets } from './close-of-business.repository';
import type { CloseOfBusinessDto, OverdueBucketCountsDto, OverdueBucketDto, OverdueBucketsDto } from './close-of-business.dto';

/** The close of business as administrators see it (runs and step timings) and its overdue buckets. */
@Injectable()
export class CloseOfBusinessService {
  constructor(private readonly repo: CloseOfBusinessRepository) {}

  async runs(limit = 30): Promise<CloseOfBusinessDto> {
    const runs = await this.repo.runs(limit);
    const steps = await this.repo.steps(runs.map((r) => r.day));
    const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
    return {
      schedule: CLOSE_OF_BUSINESS_CRON,
      timeZone: companyTimeZone(),
      runs: runs.map((r) => ({
        day: r.day,
        startedAt: iso(r.startedAt)!,
        finishedAt: iso(r.finishedAt),
        attempts: r.attempts,
        steps: steps
          .filter((s) => s.day === r.day)
          .map((s) => ({
            step: s.step,
            position: s.position,
            startedAt: iso(s.startedAt)!,
            finishedAt: iso(s.finishedAt),
            durationMs: s.durationMs,
            rowsTouched: s.rowsTouched === null ? null : Number(s.rowsTouched),
            attempts: s.attempts,
          })),
      })),
    };
  }

  async buckets(): Promise<OverdueBucketsDto> {
    const row = await this.repo.latestBuckets();
    if (!row)
      return { buckets: engine.DEFAULT_OVERDUE_BUCKETS.map((b) => ({ ...b, label: { ...b.label } })), custom: false, changedByName: null, changedAt: null };
    return { buckets: row.buckets, custom: true, changedByName: row.changedBy, changedAt: new Date(row.changedAt).toISOString() };
  }

  /** The buckets in force for a user of the lists that show them: overdue_list or ledger_list (403 otherwise). */
  bucketsForLists(user: AuthUser): Promise<OverdueBucketsDto> {
    if (!holds(user, 'overdue_list') && !holds(user, 'ledger_list')) throw AppError.forbidden({ required: 'overdue_list' });
    return this.buckets();
  }

  /** Administrators: new buckets, checked by bucketsProblem (400 naming the problem); kept as a history. */
  async setBuckets(input: OverdueBucketDto[], user: AuthUser): Promise<OverdueBucketsDto> {
    const buckets: engine.OverdueBucket[] = input.map((b) => ({
      key: b.key,
      fromDay: b.fromDay,
      toDay: b.toDay ?? null,
      label: { zh: b.label.zh, en: b.label.en },
    }));
    const problem = engine.bucketsProblem(buckets);
    if (problem) throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.overdueBucketsInvalid, 'overdueBucketsInvalid', 'buckets', 'BadRequest', { problem });
    await this.repo.transaction(async (em) => {
      await lockSetting(em, 'overdue_bucket_settings');
      const before = await latestBuckets(em);
      await this.repo.insertBuckets(em, buckets, user.id);
      await writeSettingsTrail(em, user.id, 'overdue-buckets', { buckets: before?.buckets ?? engine.DEFAULT_OVERDUE_BUCKETS }, { buckets });
    });
    return this.buckets();
  }

  /** Loans after guarantee per bucket of the buckets in force (zero for an empty bucket), and the last day closed. */
  async bucketCounts(): Promise<OverdueBucketCountsDto> {
    const [{ buckets }, counts, asOf] = await Promise.all([this.buckets(), this.repo.bucketCounts(), this.repo.lastClosedDay()]);
    const rows = buckets.map((b) => ({ key: b.key, zh: b.label.zh, en: b.label.en, count: counts.find((c) => c.bucket === b.key)?.count ?? 0 }));
    return { buckets: rows, total: counts.reduce((sum, c) => sum + c.count, 0), asOf };
  }
}
