import { HttpStatus, Injectable } from '@nestjs/common';
import { classificationNeedsReason, daysPastDue, RISK_CLASSIFICATION_LABELS, type RiskClassification } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import { AttachmentStore } from '../archives/attachment-store';
import { AuthUser, holds } from '../auth/auth-user';
import { Clock } from '../common/clock';
import { companyDay } from '../common/company-time';
import { AppError, CODES } from '../common/errors';
import { latestClassification, liveInstalments, VisitsRepository } from './visits.repository';
import { VisitRecordDto, VisitsViewDto } from './visits.responses';
import { hasText, isClassification, isDowngrade, NEXT_VISIT_INTERVAL, writeVisitDecision, writeVisitReport } from './visit-writers';

export { isDowngrade, NEXT_VISIT_INTERVAL, writeVisitDecision, writeVisitReport };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * After-guarantee visits: each report's five-level risk classification and reason are
 * checked before the machine sees VISIT_SUBMIT_REPORT, kept in `visit_record` in the event's
 * transaction with the next visit's due day they set; the leader's answer marks the record.
 */
@Injectable()
export class VisitsService {
  constructor(
    private readonly db: DataSource,
    private readonly visits: VisitsRepository,
    private readonly attachments: AttachmentStore,
    private readonly clock: Clock,
  ) {}

  private async snapshotOf(em: EntityManager, loanId: string): Promise<any> {
    const row = UUID.test(loanId) ? await this.visits.snapshot(em, loanId) : undefined;
    if (!row) throw AppError.notFound('loanNotFound');
    return row.snapshot;
  }

  /**
   * Every new report names its classification; a reason is needed unless it is NORMAL and unchanged
   * from the previous report. A loan over 90 days past due today (its oldest live instalment due and
   * not repaid) needs a reason for anything better than SUBSTANDARD. Six approved rounds refuse a
   * seventh with a message of its own.
   */
  async checkReport(em: EntityManager, loanId: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    const snapshot = await this.snapshotOf(em, loanId);
    if (snapshot?.value?.afterGuarantee === 'visitsCompleted') {
      throw new AppError(HttpStatus.CONFLICT, CODES.visitRoundsExhausted, 'visitRoundsExhausted', {}, { round: snapshot.context?.visitRound ?? null });
    }
    const classification = payload.classification;
    if (classification === undefined || classification === null || classification === '') {
      throw AppError.ofField(
        HttpStatus.BAD_REQUEST,
        CODES.visitClassificationRequired,
        'visitClassificationRequired',
        'classification',
        'VisitClassificationRequired',
      );
    }
    if (!isClassification(classification)) return {}; // the shape check names the field and its values
    const word = (c: RiskClassification | null) =>
      c ? { zh: RISK_CLASSIFICATION_LABELS[c].zh, en: RISK_CLASSIFICATION_LABELS[c].en } : { zh: '无', en: 'none' };
    if (!hasText(payload.reason)) {
      const days = daysPastDue(await liveInstalments(em, loanId), companyDay(this.clock.now()));
      if (classificationNeedsReason(days, classification)) {
        throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.visitClassificationFloor, 'visitClassificationFloor', 'reason', 'VisitClassificationFloor', {
          days,
          classification: word(classification),
        });
      }
    }
    const previous = await latestClassification(em, loanId);
    const needsReason = classification !== 'NORMAL' || (previous !== null && previous !== classification);
    if (needsReason && !hasText(payload.reason)) {
      throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.visitReasonRequired, 'visitReasonRequired', 'reason', 'VisitReasonRequired', {
        classification: word(classification),
        previous: word(previous),
      });
    }
    return {};
  }

  private assertMayRead(user: AuthUser) {
    if (!holds(user, 'sys:loan:detail') && !holds(user, 'b_post_list') && !holds(user, 'leader_review_list')) {
      throw AppError.forbidden({ required: 'sys:loan:detail' });
    }
  }

  async view(loanId: string, user: AuthUser): Promise<VisitsViewDto> {
    this.assertMayRead(user);
    const snapshot = await this.snapshotOf(this.db.manager, loanId);
    const rows = await this.visits.records(loanId);
    const records: VisitRecordDto[] = rows.map((r) => ({
      ...r,
      submittedAt: new Date(r.submittedAt).toISOString(),
      decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
    })) as VisitRecordDto[];
    const attachments = await this.visits.attachments(loanId);
    const last = records[records.length - 1];
    const region = snapshot?.value?.afterGuarantee;
    return {
      loanId,
      round: snapshot?.context?.visitRound ?? 0,
      state: typeof region === 'string' ? region : null,
      currentClassification: last?.classification ?? null,
      nextVisitDueOn: last?.nextVisitDueOn ?? null,
      records,
      attachments: attachments.map((a) => ({ ...a, size: Number(a.size), uploadedAt: new Date(a.uploadedAt).toISOString() })),
    };
  }

  /** A visit report's attachment (kind AFTER_GUARANTEE), by the B-post officer while the loan is under after-guarantee management. */
  async upload(loanId: string, file: Express.Multer.File | undefined, user: AuthUser): Promise<{ id: string }> {
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    return this.attachments.save(file, 'attachment', { loanId }, 'AFTER_GUARANTEE', user.id, async (em) => {
      await this.visits.lockInstance(em, loanId);
      const snapshot = await this.snapshotOf(em, loanId);
      if (typeof snapshot?.value?.afterGuarantee !== 'string') {
        throw new AppError(HttpStatus.CONFLICT, CODES.visitAttachmentNotNow, 'visitAttachmentNotNow');
      }
    });
  }

  /** A visit attachment's bytes, for the B-post officers and the leaders who review the reports (the list's own keys). */
  async attachment(loanId: string, attachmentId: string, user: AuthUser): Promise<{ name: string; mime: string; content: Buffer }> {
    if (!holds(user, 'sys:after-leader:attachments') && !holds(user, 'sys:after-b:upload') && !holds(user, 'sys:loan:detail')) {
      throw AppError.forbidden({ required: 'sys:after-leader:attachments' });
    }
    const row = UUID.test(loanId) && UUID.test(attachmentId) ? await this.visits.attachment(loanId, attachmentId) : undefined;
    if (!row) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    return { name: row.name, mime: row.mime, content: await this.attachments.read(row) };
  }
}
