import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { stageOf } from '@app/workflow';
import { DataSource, type EntityManager } from 'typeorm';
import { AttachmentStore } from '../archives/attachment-store';
import { holds, type AuthUser } from '../auth/auth-user';
import { AppError, CODES } from '../common/errors';
import { LedgerRepository } from './ledger.repository';
import type { LedgerAttachmentDto, LedgerRepaymentDto, LedgerAttachmentsViewDto } from './reminders.responses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    private readonly ledger: LedgerRepository,
    private readonly attachments: AttachmentStore,
  ) {}

  private assertMayRead(user: AuthUser): void {
    if (!holds(user, 'ledger_list') && !holds(user, 'sys:ledger:attachments') && !holds(user, 'attachment_list') && !holds(user, 'sys:loan:detail')) {
      throw AppError.forbidden({ required: 'sys:ledger:attachments' });
    }
  }

  async view(loanId: string, user: AuthUser): Promise<LedgerAttachmentsViewDto> {
    this.assertMayRead(user);
    const loan = UUID.test(loanId) ? await this.ledger.ledgerLoan(loanId) : undefined;
    if (!loan) throw AppError.notFound('loanNotFound');
    const repayments = await this.ledger.repayments(loanId);
    const rows = await this.ledger.attachments(loanId);
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
    const row = await this.ledger.lockSnapshot(em, loanId);
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
      if (!(await this.ledger.lockReport(em, loanId, attachmentId))) throw notFound();
    };
    await this.db.transaction(check);
    const result = await this.attachments.save(file, 'attachment', { loanId }, 'AFTER_GUARANTEE', user.id, async (em) => {
      await check(em);
      await this.ledger.softDeleteAttachment(em, attachmentId, user.id);
    });
    this.logger.log(`ledger report ${attachmentId} of loan ${loanId} re-uploaded as ${result.id} by ${user.username}`);
    return result;
  }

  async download(loanId: string, attachmentId: string, user: AuthUser): Promise<{ name: string; mime: string; content: Buffer }> {
    this.assertMayRead(user);
    const row = UUID.test(loanId) && UUID.test(attachmentId) ? await this.ledger.attachment(loanId, attachmentId) : undefined;
    if (!row) throw notFound();
    return { name: row.name, mime: row.mime, content: await this.attachments.read(row) };
  }
}
