import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { formatFen, toFen, windowOpen, type Label } from '@app/workflow';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { Clock } from '../common/clock';
import { companyDay } from '../common/company-time';
import { AppError, CODES } from '../common/errors';
import { fillLabel, type Lang } from '../common/i18n';
import { assertMaySee } from '../files/file-access';
import { messageLang } from '../messages/todo-text';
import { LettersRepository } from './letters.repository';
import type { DisbursementReminderDto } from './letters.responses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TEXT = {
  title: { zh: '放款提醒：{company}', en: 'Disbursement reminder: {company}' },
  content: {
    zh: '该笔贷款（担保金额 {amount} 元）正在等待放款，请尽快联系{bank}催促放款，并在放款后上传放款凭证。',
    en: 'The loan (guaranteed amount {amount} yuan) awaits disbursement: please chase {bank} to lend, and upload the disbursement voucher once it has.',
  },
  /** The bank when the loan names none. */
  anyBank: { zh: '贷款银行', en: 'the bank' },
} as const satisfies Record<string, Label>;

/** The reminder's words, in the recipient's language. */
export function reminderText(lang: Lang, company: string, amountFen: number, bank: string | null): { title: string; content: string } {
  return {
    title: fillLabel(TEXT.title, lang, { company }),
    content: fillLabel(TEXT.content, lang, { amount: formatFen(amountFen), bank: bank ?? TEXT.anyBank }),
  };
}

/**
 * The disbursement reminder of voucherList: a message on the dashboard of the loan's A-post officer,
 * saying the bank should be chased for disbursement. Only while the loan awaits disbursement (the
 * DISBURSEMENT_REMINDER state window); one per loan and company day, however often (and however
 * concurrently) it is asked for: the message's source key is unique per recipient.
 */
@Injectable()
export class DisbursementReminderService {
  private readonly logger = new Logger(DisbursementReminderService.name);

  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly repo: LettersRepository,
  ) {}

  async send(loanId: string, user: AuthUser): Promise<DisbursementReminderDto> {
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    assertMaySee(user, { loanId });
    const day = companyDay(this.clock.now());
    const result = await this.db.transaction(async (em) => {
      // the share lock keeps the loan where it stands (VOUCHER_CONFIRM waits) until the message is written
      const loan = await this.repo.shareLoanToRemind(em, loanId);
      if (!loan) throw AppError.notFound('loanNotFound');
      if (!windowOpen('DISBURSEMENT_REMINDER', loan.snapshot)) {
        throw new AppError(HttpStatus.CONFLICT, CODES.reminderNotNow, 'disbursementReminderNotNow', {}, null, 'ReminderNotNow');
      }
      if (!loan.officerId) throw new AppError(HttpStatus.CONFLICT, CODES.reminderNoOfficer, 'disbursementReminderNoOfficer', {}, null, 'ReminderNoOfficer');
      const lang = messageLang(loan.language);
      const text = reminderText(lang, loan.company, toFen(loan.snapshot.context.amount), loan.bank);
      const key = `disbursement-reminder:${loanId}:${day}`;
      const inserted = await this.repo.insertReminderMessage(em, {
        userId: loan.officerId,
        title: text.title,
        content: text.content,
        sourceKey: key,
        link: `/company/node/${loanId}`,
      });
      // Already sent today (perhaps by a request running beside this one): answer with that message.
      const [message] = inserted.length
        ? inserted.map((m) => ({ ...m, title: text.title, content: text.content }))
        : await this.repo.messagesBySourceKey(em, loan.officerId, key);
      return {
        messageId: message.id as string,
        created: inserted.length > 0,
        day,
        recipient: { id: loan.officerId as string, name: (loan.officerName as string | null) ?? '' },
        language: lang,
        title: message.title as string,
        content: message.content as string,
        sentAt: new Date(message.createdAt).toISOString(),
      };
    });
    if (result.created) this.logger.log(`disbursement reminder for loan ${loanId} sent to ${result.recipient.id} by ${user.username}`);
    return result;
  }
}
