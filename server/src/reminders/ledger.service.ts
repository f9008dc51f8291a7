import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { stageOf } from '@app/workflow';
import { DataSource, type EntityManager } from 'typeorm';
import { AttachmentStore } from '../archives/attachment-store';
import { holds, type AuthUser } from '../auth/auth-user';
import { Clock } from '../common/clock';
import { companyDay } from '../common/company-time';
import { AppError, CODES } from '../common/errors';
import { translate } from '../common/i18n';
import { assertMaySee } from '../files/file-access';
import { FileStorage } from '../files/file-storage';
import { messageLang } from '../messages/todo-text';
import { LedgerRepository, type LedgerLoanRow } from './ledger.repository';
import type { RepaymentReminderSentDto } from './reminders.responses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notNow = () => new AppError(HttpStatus.CONFLICT, CODES.ledgerNotNow, 'ledgerNotNow', {}, null, 'LedgerNotNow');
const noInstalment = () => new AppError(HttpStatus.NOT_FOUND, CODES.instalmentNotFound, 'instalmentNotFound');

/**
 * The ledger's actions on an instalment: its repayment voucher (a REPAYMENT_VOUCHER attachment
 * through the file storage, referenced by the instalment) and the manual repayment reminder to the
 * A-post officer, one per loan and company day however often (and concurrently) it is asked for.
 * Both only while the loan is after guarantee; the workflow row is locked so that no event moves the
 * loan on while they are written.
 */
@Injectable()
export class LedgerService {
  private readonly logger = new Logger(LedgerService.name);

  constructor(
    private readonly db: DataSource,
    private readonly ledger: LedgerRepository,
    private readonly files: FileStorage,
    private readonly attachments: AttachmentStore,
    private readonly clock: Clock,
  ) {}

  /** 404 for an unknown loan, 409 when it is not after guarantee; the instance row stays share-locked. */
  private async lockAfterGuarantee(em: EntityManager, loanId: string): Promise<LedgerLoanRow> {
    const loan = await this.ledger.shareLoan(em, loanId);
    if (!loan) throw AppError.notFound('loanNotFound');
    return loan;
  }

  private assertMayUpload(user: AuthUser): void {
    if (!holds(user, 'sys:ledger:upload-repayment') && !holds(user, 'repayment_list')) {
      throw AppError.forbidden({ required: 'sys:ledger:upload-repayment' });
    }
  }

  async uploadVoucher(loanId: string, instalmentId: string, file: Express.Multer.File | undefined, user: AuthUser): Promise<{ id: string }> {
    this.assertMayUpload(user);
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    assertMaySee(user, { loanId });
    if (!UUID.test(instalmentId)) throw noInstalment();
    // the state checks answer before the file is looked at; they are made again in the write's transaction
    await this.db.transaction((em) => this.checkInstalment(em, loanId, instalmentId));
    const prepared = await this.files.prepare('attachment', file);
    const { result } = await this.files.put(prepared, user.id, async (em, stored) => {
      await this.checkInstalment(em, loanId, instalmentId);
      return { id: await this.ledger.attachVoucher(em, loanId, instalmentId, stored.id, user.id) };
    });
    this.logger.log(`repayment voucher ${result.id} for instalment ${instalmentId} of loan ${loanId} by ${user.username}`);
    return result;
  }

  private async checkInstalment(em: EntityManager, loanId: string, instalmentId: string): Promise<void> {
    const loan = await this.lockAfterGuarantee(em, loanId);
    const instalment = await this.ledger.lockInstalment(em, loanId, instalmentId);
    if (!instalment) throw noInstalment();
    if (stageOf(loan.snapshot) !== 'afterGuarantee') throw notNow();
    if (instalment.state === 'REPAID') throw new AppError(HttpStatus.CONFLICT, CODES.instalmentRepaid, 'instalmentRepaid', {}, null, 'InstalmentRepaid');
  }

  /** The voucher of an instalment, for whoever may see the loan's files and work the ledger. */
  async voucher(loanId: string, instalmentId: string, user: AuthUser): Promise<{ name: string; mime: string; content: Buffer }> {
    if (!holds(user, 'sys:ledger:attachments') && !holds(user, 'ledger_list') && !holds(user, 'repayment_list') && !holds(user, 'sys:loan:detail')) {
      throw AppError.forbidden({ required: 'sys:ledger:attachments' });
    }
    const row = UUID.test(loanId) && UUID.test(instalmentId) ? await this.ledger.voucher(loanId, instalmentId) : undefined;
    if (!row) throw new AppError(HttpStatus.NOT_FOUND, CODES.attachmentNotFound, 'attachmentNotFound');
    return this.attachments.download(row, user);
  }

  /** The manual repayment reminder: one message a company day to the A-post officer, naming the next open instalment. */
  async remind(loanId: string, user: AuthUser): Promise<RepaymentReminderSentDto> {
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    assertMaySee(user, { loanId });
    const day = companyDay(this.clock.now());
    const result = await this.db.transaction(async (em) => {
      const loan = await this.lockAfterGuarantee(em, loanId);
      if (stageOf(loan.snapshot) !== 'afterGuarantee') throw notNow();
      const next = await this.ledger.nextOpenInstalment(em, loanId);
      if (!next) throw new AppError(HttpStatus.CONFLICT, CODES.noOpenInstalment, 'noOpenInstalment', {}, null, 'NoOpenInstalment');
      if (!loan.officerId) {
        throw new AppError(HttpStatus.CONFLICT, CODES.reminderNoOfficer, 'repaymentReminderNoOfficer', {}, null, 'ReminderNoOfficer');
      }
      const lang = messageLang(loan.language);
      const openFen = Number(next.principal) - Number(next.repaid);
      const title = translate('reminderTitleRepayment', lang, { company: loan.company });
      const content = translate('reminderContentRepayment', lang, { seq: Number(next.seq), amount: (openFen / 100).toFixed(2), day: next.dueOn });
      const key = `repayment-reminder:${loanId}:${day}`;
      const inserted = await this.ledger.insertReminderMessage(em, { userId: loan.officerId, title, content, key, link: `/company/node/${loanId}` });
      // Already sent today (perhaps by a request running beside this one): answer with that message.
      const [message] = inserted.length ? inserted.map((m) => ({ ...m, title, content })) : await this.ledger.messageByKey(em, loan.officerId, key);
      return {
        messageId: message.id as string,
        created: inserted.length > 0,
        day,
        recipient: { id: loan.officerId as string, name: (loan.officerName as string | null) ?? '' },
        language: lang,
        title: message.title as string,
        content: message.content as string,
        sentAt: new Date(message.createdAt).toISOString(),
        instalment: { id: next.id as string, seq: Number(next.seq), dueOn: next.dueOn as string, openFen },
      };
    });
    if (result.created) this.logger.log(`repayment reminder for loan ${loanId} sent to ${result.recipient.id} by ${user.username}`);
    return result;
  }
}
