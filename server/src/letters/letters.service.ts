import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { toFen, type GuaranteeContext } from '@app/workflow';
import type { AuthUser } from '../auth/auth-user';
import { companyDay } from '../common/company-time';
import { AppError, CODES } from '../common/errors';
import { ContractsService } from '../contracts/contracts.service';
import type { LoanDocumentDto } from '../contracts/contracts.responses';
import type { IncomingFile } from '../files/file-storage';
import type { EventWriteContext } from '../workflow/hooks';
import { LettersRepository } from './letters.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Guarantee letters and the disbursement voucher: LETTER_GENERATE fills the bank's enabled letter
 * template (the contracts' filler); the uploads LETTER_UPLOAD_SEALED and VOUCHER_UPLOAD stand on are
 * checked by the workflow's one evidence check (EVENT_EVIDENCE); VOUCHER_CONFIRM's day and amount are checked against the company calendar and the loan.
 */
@Injectable()
export class LettersService {
  private readonly logger = new Logger(LettersService.name);

  constructor(
    private readonly letters: LettersRepository,
    private readonly contracts: ContractsService,
  ) {}

  /** LETTER_GENERATE's writer (letters.hooks.ts). */
  async generate(ctx: EventWriteContext): Promise<void> {
    const { em, loanId, event, user } = ctx;
    if (event.type !== 'LETTER_GENERATE') return;
    // the newest enabled letter template of the bank; the share lock keeps it enabled until this commits
    const template = UUID.test(event.bankId) ? await this.letters.shareLetterTemplate(em, event.bankId) : undefined;
    if (!template) {
      throw new AppError(HttpStatus.CONFLICT, CODES.letterTemplateMissing, 'letterTemplateMissing', {}, { bankId: event.bankId }, 'LetterTemplateMissing');
    }
    await this.contracts.fillDocument(
      ctx,
      { id: template.id, version: template.version, bankName: template.bank_name, type: 'GUARANTEE_LETTER' },
      'GUARANTEE_LETTER',
    );
    this.logger.log(`guarantee letter generated for loan ${loanId} from template ${template.id} v${template.version} by ${user.username}`);
  }

  /** The day must have come in the company's calendar, and the bank cannot lend more than is guaranteed. */
  async checkDisbursement({ event, snapshot }: EventWriteContext): Promise<void> {
    if (event.type !== 'VOUCHER_CONFIRM') return;
    const today = companyDay(new Date(event.at));
    if (event.disbursedOn > today) throw new AppError(HttpStatus.BAD_REQUEST, CODES.disbursementInvalid, 'disbursedOnFuture', { today });
    const guaranteedFen = toFen((snapshot as { context: GuaranteeContext }).context.amount);
    if (event.disbursedAmountFen > guaranteedFen) {
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.disbursementInvalid, 'disbursedAmountTooLarge', { guaranteed: (guaranteedFen / 100).toFixed(2) });
    }
  }

  uploadSealed(loanId: string, incoming: IncomingFile | undefined, user: AuthUser): Promise<LoanDocumentDto> {
    return this.contracts.uploadDocument(loanId, incoming, user, 'SEALED_LETTER', 'SEALED_LETTER_UPLOAD', () => {
      throw new AppError(HttpStatus.CONFLICT, CODES.sealedLetterNotNow, 'sealedLetterNotNow', {}, null, 'SealedLetterNotNow');
    });
  }

  uploadVoucher(loanId: string, incoming: IncomingFile | undefined, user: AuthUser): Promise<LoanDocumentDto> {
    return this.contracts.uploadDocument(loanId, incoming, user, 'DISBURSEMENT_VOUCHER', 'DISBURSEMENT_VOUCHER_UPLOAD', () => {
      throw new AppError(HttpStatus.CONFLICT, CODES.voucherNotNow, 'voucherNotNow', {}, null, 'VoucherNotNow');
    });
  }
}
