/**
 * The bad-loan calls of the loan page: `GET /server/loans/{id}/bad-loan`, the case with the litigation
 * fees and the seized assets of a loan in recovery. A refusal (403 to someone without the lists' keys)
 * hides the tables quietly: the panel still shows what the loan's own snapshot holds.
 */
import { ApiError, http, type RouteAnswer } from '@/api/http';

export type BadLoanCase = RouteAnswer<'GET', '/loans/{id}/bad-loan'>;
/** A litigation fee (lawyer, court acceptance, preservation, appraisal, enforcement, announcement): a ledger row. */
export type BadLoanFee = BadLoanCase['fees'][number];
/** An asset seized by a court (first or subsequent seizure) and the day the seizure lapses. */
export type BadLoanSeizure = BadLoanCase['seizures'][number];

export interface BadLoanRecords {
  fees: BadLoanFee[];
  seizures: BadLoanSeizure[];
}

/** The loan's fees and seizures, or null when the server refuses them (no toast either way). */
export async function fetchBadLoanRecords(loanId: string): Promise<BadLoanRecords | null> {
  try {
    const { data } = await http.get('/loans/{id}/bad-loan', { path: { id: loanId }, passErrors: true });
    return { fees: data.fees, seizures: data.seizures };
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
