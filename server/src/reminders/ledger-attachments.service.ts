import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { stageOf } from '@app/workflow';
import { DataSource, type EntityManager } from 'typeorm';
import { ATTACHMENT_SELECT, AttachmentStore } from '../archives/attachment-store';
import { holds, type AuthUser } from '../auth/auth-user';
import { AppError, CODES } from '../common/errors';
import type { LedgerAttachmentDto, LedgerRepaymentDto, LedgerAttachmentsViewDto } from './reminders.responses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The attachments the ledger shows: the after-guarantee reports and the instalments' repayment vouchers. */
const LEDGER_KINDS = ['AFTER_GUARANTEE', 'REPAYMENT_VOUCHER'];

const notFound = () => new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');

/**
 * The ledger's attachment pages (ledgerList/:id/:flag, ledgerListNew/:id/:flag): a loan's balance,
 * repayments and attachments; a report added (kind AFTER_GUARANTEE) or an attachment re-uploaded (the
 * old one marked deleted and the new one stored in one transaction) while the loan is after guarantee
 * or awaiting release. Repayment vouchers are replaced through their instalment, not here.
 */
@Injectable()
export class LedgerAttachmentsService {
  private readonly logger = new Logger(LedgerAttachmentsService.name);

  constructor(
    private readonly db: DataSource,
    private readonly attachments: AttachmentStore,
  ) {}

  private assertMayRead(user: AuthUser): void {
    if (!holds(user, 'ledger_list') && !holds(user, 'sys:ledger:attachments') && !holds(user, 'attachment_list') && !holds(user, 'sys:loan:detail')) {
      throw AppError.forbidden({ required: 'sys:ledger:attachments' });
    }
  }

  async view(loanId: string, user: AuthUser): Promise<LedgerAttachmentsViewDto> {
    this.assertMayRead(user);
    const [loan] = UUID.test(loanId)
      ? await this.db.query(
          `SELECT l.id, c.name AS company, l.amount::text AS amount, l.term_months AS "termMonths", l.bank, wi.snapshot,
                  p.principal_fen::text AS principal, p.repaid_fen::text AS repaid
             FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance wi ON wi.loan_id = l.id
             LEFT JOIN repayment_plan p ON p.loan_id = l.id
            WHERE l.id = $1 AND l.deleted_at IS NULL`,
          [loanId],
        )
      : [];
    if (!loan) throw AppError.notFound('loanNotFound');
    // the event's amount is yuan with at most two decimals: whole fen computed exactly in numeric
    const repayments: { seq: number; amountFen: string; at: Date; actorName: string | null }[] = await this.db.query(
      `SELECT e.seq, round((e.payload->>'amount')::numeric * 100)::bigint::text AS "amountFen", e.at, u.nickname AS "actorName"
         FROM workflow_event e LEFT JOIN app_user u ON u.id = e.actor_id
        WHERE e.loan_id = $1 AND e.type = 'RECORD_REPAYMENT' ORDER BY e.seq`,
      [loanId],
    );
    const rows: Record<string, any>[] = await this.db.query(
      `SELECT a.id, a.kind, f.original_name AS name, f.size, u.nickname AS "uploadedByName", a.created_at AS "uploadedAt", i.seq AS "instalmentSeq"
         FROM attachment a JOIN uploaded_file f ON f.id = a.file_id LEFT JOIN app_user u ON u.id = a.created_by
         LEFT JOIN repayment_instalment i ON i.voucher_attachment_id = a.id AND i.superseded_at IS NULL
        WHERE a.loan_id = $1 AND a.kind = ANY($2) AND a.deleted_at IS NULL
        ORDER BY a.created_at, a.id`,
      [loanId, LEDGER_KINDS],
    );
    const stage = stageOf(loan.snapshot);
    const principalFen = loan.principal === null ? null : Number(loan.principal);
    return {
      loanId,
      company: loan.company,
      amount: Number(loan.amount),
      termMonths: loan.termMonths,
      bank: loan.bank,
      stage,
      principalFen,
      repaidFen: loan.repaid === null ? null : Number(loan.repaid),
      balanceFen: principalFen === null ? null : principalFen - Number(loan.repaid),
      editable: stage === 'afterGuarantee' || stage === 'release',
      repayments: repayments.map((r): LedgerRepaymentDto => ({
        seq: Number(r.seq),
        amountFen: Number(r.amountFen),
        at: new Date(r.at).toISOString(),
        actorName: r.actorName,
      })),
      attachments: rows.map((r): LedgerAttachmentDto => ({
        id: r.id,
        kind: r.kind,
        name: r.name,
        size: Number(r.size),
        uploadedByName: r.uploadedByName ?? null,
        uploadedAt: new Date(r.uploadedAt).toISOString(),
        instalmentSeq: r.instalmentSeq === null ? null : Number(r.instalmentSeq),
      })),
    };
  }

  /** 404 for an unknown loan, 409 unless after guarantee or awaiting release; the instance row stays locked. */
  private async lockOpen(em: EntityManager, loanId: string): Promise<void> {
    const [row] = await em.query(
      `SELECT wi.snapshot FROM workflow_instance wi JOIN loan l ON l.id = wi.loan_id WHERE wi.loan_id = $1 AND l.deleted_at IS NULL FOR UPDATE OF wi`,
      [loanId],
    );
    if (!row) throw AppError.notFound('loanNotFound');
    const stage = stageOf(row.snapshot);
    if (stage !== 'afterGuarantee' && stage !== 'release') {
      throw new AppError(HttpStatus.CONFLICT, CODES.ledgerAttachmentsClosed, 'ledgerAttachmentsClosed', {}, null, 'LedgerAttachmentsClosed');
    }
  }

  /** 新增报告: a report (kind AFTER_GUARANTEE) on the loan. */
  async addReport(loanId: string, file: Express.Multer.File | undefined, user: AuthUser): Promise<{ id: string }> {
    if (!holds(user, 'sys:attachment:add-report') && !holds(user, 'sys:after-b:upload')) throw AppError.forbidden({ required: 'sys:attachment:add-report' });
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    await this.db.transaction((em) => this.lockOpen(em, loanId));
    const result = await this.attachments.save(file, 'attachment', { loanId }, 'AFTER_GUARANTEE', user.id, async (em) => {
      await this.lockOpen(em, loanId);
    });
    this.logger.log(`ledger report ${result.id} on loan ${loanId} by ${user.username}`);
    return result;
  }

  /** 重新上传: the report replaced by a new file; the old one is marked deleted in the same transaction. */
  async reupload(loanId: string, attachmentId: string, file: Express.Multer.File | undefined, user: AuthUser): Promise<{ id: string }> {
    if (!holds(user, 'sys:attachment:reupload')) throw AppError.forbidden({ required: 'sys:attachment:reupload' });
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    if (!UUID.test(attachmentId)) throw notFound();
    const check = async (em: EntityManager) => {
      await this.lockOpen(em, loanId);
      const [old] = await em.query(`SELECT id FROM attachment WHERE id = $1 AND loan_id = $2 AND kind = 'AFTER_GUARANTEE' AND deleted_at IS NULL FOR UPDATE`, [
        attachmentId,
        loanId,
      ]);
      if (!old) throw notFound();
    };
    await this.db.transaction(check);
    const result = await this.attachments.save(file, 'attachment', { loanId }, 'AFTER_GUARANTEE', user.id, async (em) => {
      await check(em);
      await em.query(`UPDATE attachment SET deleted_at = now(), deleted_by = $2 WHERE id = $1`, [attachmentId, user.id]);
    });
    this.logger.log(`ledger report ${attachmentId} of loan ${loanId} re-uploaded as ${result.id} by ${user.username}`);
    return result;
  }

  async download(loanId: string, attachmentId: string, user: AuthUser): Promise<{ name: string; mime: string; content: Buffer }> {
    this.assertMayRead(user);
    const [row] =
      UUID.test(loanId) && UUID.test(attachmentId)
        ? await this.db.query(
            `${ATTACHMENT_SELECT} JOIN loan l ON l.id = a.loan_id AND l.deleted_at IS NULL
              WHERE a.id = $1 AND a.loan_id = $2 AND a.kind = ANY($3) AND a.deleted_at IS NULL`,
            [attachmentId, loanId, LEDGER_KINDS],
          )
        : [];
    if (!row) throw notFound();
    return { name: row.name, mime: row.mime, content: await this.attachments.read(row) };
  }
}
