import { HttpStatus, Injectable } from '@nestjs/common';
import { formatFen, isValidAmount, MAX_AMOUNT, premiumFen, premiumNeedsReason, toFen, windowOpen } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import { AppError, CODES } from '../common/errors';
import { AuthUser, holds } from '../auth/auth-user';
import { LoanTypesService } from '../basic-data/loan-types.service';
import { PremiumRepository } from './premium.repository';
import { PREMIUM_STATES, PremiumViewDto } from './premium.responses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface LoanFigures {
  loanType: string | null;
  feeRateBp: number | null;
  termMonths: number;
  amountFen: number;
  suggestedFen: number | null;
  snapshot: any;
}

/**
 * The premium region: the suggestion from the loan type (premiumFen), the reason rule on
 * PREMIUM_ADD/EDIT (checked before the machine sees the event), and the panel's view.
 */
@Injectable()
export class PremiumService {
  constructor(
    private readonly db: DataSource,
    private readonly premium: PremiumRepository,
    private readonly loanTypes: LoanTypesService,
  ) {}

  /** The guaranteed amount (as the machine holds it now), the term and the loan type's suggestion. */
  private async figures(em: EntityManager, loanId: string): Promise<LoanFigures> {
    const row = UUID.test(loanId) ? await this.premium.loan(em, loanId) : undefined;
    if (!row) throw AppError.notFound('loanNotFound');
    const loanType = await this.loanTypes.byName(row.loanType);
    const amountFen = Number(row.amountFen);
    const feeRateBp = loanType?.feeRateBp ?? null;
    return {
      loanType: row.loanType,
      feeRateBp,
      termMonths: row.termMonths,
      amountFen,
      suggestedFen: feeRateBp === null ? null : premiumFen(amountFen, feeRateBp, row.termMonths),
      snapshot: row.snapshot,
    };
  }

  /** A premium other than the computed one needs a reason; none may exceed the guaranteed amount (PREMIUM_ADD/EDIT's preparer). */
  async checkEntered(em: EntityManager, loanId: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    // A malformed amount is the shape check's to refuse (400 with the field named).
    if (!isValidAmount(payload.amount) || payload.amount > MAX_AMOUNT) return {};
    const { amountFen, suggestedFen } = await this.figures(em, loanId);
    const enteredFen = toFen(payload.amount);
    if (enteredFen > amountFen) {
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.premiumTooLarge, 'premiumTooLarge', { amount: formatFen(enteredFen), limit: formatFen(amountFen) });
    }
    const reason = payload.reason;
    if (premiumNeedsReason(suggestedFen, enteredFen) && !(typeof reason === 'string' && reason.trim())) {
      const suggested = suggestedFen === null ? { zh: '（无贷款类型，无法测算）', en: '(none: the loan names no known loan type)' } : formatFen(suggestedFen);
      throw new AppError(
        HttpStatus.BAD_REQUEST,
        CODES.premiumReasonRequired,
        'premiumReasonRequired',
        { amount: formatFen(enteredFen), suggested },
        { suggestedFen },
      );
    }
    return {};
  }

  async view(loanId: string, user: AuthUser): Promise<PremiumViewDto> {
    // Premium makers and finance both read the panel; the route is open to either list's key.
    if (!holds(user, 'premium_upload_list') && !holds(user, 'premium_confirmation_list')) throw AppError.forbidden({ required: 'premium_upload_list' });
    const f = await this.figures(this.db.manager, loanId);
    const context = f.snapshot?.context ?? {};
    const last = await this.premium.lastPremiumEvent(loanId);
    const vouchers = await this.premium.vouchers(loanId);
    const enteredFen = typeof context.premiumAmount === 'number' ? toFen(context.premiumAmount) : null;
    const region = f.snapshot?.value?.duringGuarantee?.premium;
    const state = (PREMIUM_STATES as readonly string[]).includes(region) ? region : enteredFen !== null ? 'done' : null;
    return {
      loanId,
      loanType: f.loanType,
      feeRateBp: f.feeRateBp,
      termMonths: f.termMonths,
      amountFen: f.amountFen,
      suggestedFen: f.suggestedFen,
      enteredFen,
      reason: typeof last?.payload?.reason === 'string' ? last.payload.reason : null,
      state,
      voucherUploadable: windowOpen('PREMIUM_VOUCHER_UPLOAD', f.snapshot),
      vouchers: vouchers.map((v) => ({ ...v, size: Number(v.size), uploadedAt: new Date(v.uploadedAt).toISOString() })),
    };
  }
}
