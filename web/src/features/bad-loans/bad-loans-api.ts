/**
 * The bad-loan calls of the loan page. `GET /server/loans/{id}/bad-loan` (the litigation fees and the
 * seized assets of a loan in recovery) is not in the generated document yet: it is called raw against
 * the shape below, and any refusal or absence (404 before the route exists, 403) hides its tables quietly.
 * Once the route is in the document, this becomes `http.get('/loans/{id}/bad-loan', …)` typed by it.
 */
import { ApiError, fillRoute, http } from '@/api/http';

/** A litigation fee (lawyer, court acceptance, preservation, appraisal, enforcement, announcement): a ledger row. */
export interface BadLoanFee {
  id: string;
  type: string;
  amountFen: number;
  paidOn: string;
  note: string | null;
}

/** An asset seized by a court (first or subsequent seizure) and the day the seizure lapses. */
export interface BadLoanSeizure {
  id: string;
  court: string;
  asset: string;
  kind: string;
  seizedOn: string;
  expiresOn: string;
  note: string | null;
}

export interface BadLoanRecords {
  fees: BadLoanFee[];
  seizures: BadLoanSeizure[];
}

/** The loan's fees and seizures, or null when the server does not answer them (no toast either way). */
export async function fetchBadLoanRecords(loanId: string): Promise<BadLoanRecords | null> {
  let answer: Awaited<ReturnType<typeof http.raw>>;
  try {
    answer = await http.raw('GET', fillRoute('/loans/{id}/bad-loan', { id: loanId }), { passErrors: true });
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
  if (answer instanceof Blob) return null;
  const data = answer.data as Partial<BadLoanRecords> | null | undefined;
  if (!data || !Array.isArray(data.fees) || !Array.isArray(data.seizures)) return null;
  return { fees: data.fees, seizures: data.seizures };
}
