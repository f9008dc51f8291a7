/**
 * The bad-loan calls of the loan page: `GET /server/loans/{id}/bad-loan`, the case with the litigation
 * fees and the seized assets of a loan in recovery. A refusal (403 to someone without the lists' keys)
 * hides the tables quietly: the panel still shows what the loan's own snapshot holds. The fees and
 * seizures are recorded and deleted (kept, marked deleted) while the loan is in recovery, by holders of
 * sys:recovery:record.
 */
import { ApiError, http, type RouteAnswer } from '@/api/http';
import type { LitigationFeeInputDto, SeizureInputDto } from '@/api/schema.gen';

export type BadLoanCase = RouteAnswer<'GET', '/loans/{id}/bad-loan'>;
/** A litigation fee (lawyer, court acceptance, preservation, appraisal, enforcement, announcement): a ledger row. */
export type BadLoanFee = BadLoanCase['fees'][number];
/** An asset seized by a court (first or subsequent seizure) and the day the seizure lapses. */
export type BadLoanSeizure = BadLoanCase['seizures'][number];

export interface BadLoanRecords {
  fees: BadLoanFee[];
  seizures: BadLoanSeizure[];
  /** Whether fees and seizures may be recorded now (the loan is in recovery). */
  editable: boolean;
}

/** The loan's fees and seizures, or null when the server refuses them (no toast either way). */
export async function fetchBadLoanRecords(loanId: string): Promise<BadLoanRecords | null> {
  try {
    const { data } = await http.get('/loans/{id}/bad-loan', { path: { id: loanId }, passErrors: true });
    return { fees: data.fees, seizures: data.seizures, editable: data.editable === true };
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/** Records a litigation fee; a refusal (400 with field errors, 409 outside recovery) is shown by the form. */
export async function addLitigationFee(loanId: string, body: LitigationFeeInputDto): Promise<void> {
  await http.post('/loans/{id}/litigation-fees', body, { path: { id: loanId }, passErrors: true });
}

export async function deleteLitigationFee(loanId: string, feeId: string): Promise<void> {
  await http.delete('/loans/{id}/litigation-fees/{feeId}', { path: { id: loanId, feeId } });
}

/** Records a seizure (the server plans its expiry reminders). */
export async function addSeizure(loanId: string, body: SeizureInputDto): Promise<void> {
  await http.post('/loans/{id}/seizures', body, { path: { id: loanId }, passErrors: true });
}

export async function deleteSeizure(loanId: string, seizureId: string): Promise<void> {
  await http.delete('/loans/{id}/seizures/{seizureId}', { path: { id: loanId, seizureId } });
}
