import type { GuaranteeContext } from '@app/workflow';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { ApiError } from '@/api/http';
import { pick, useLang } from '@/i18n/use-lang';
import type { ServerLegalAction } from '@/features/loan-node/loan-node-api';
import type { OfficerEvent } from '@/features/loans/OfficerEventModal';
import type { LoanRow } from './loan-list-api';
import type { LoanListOpen } from './LoanListDialogs';
import { useFetchWorkflowView } from './loan-list-queries';

/**
 * Opening a row's action: `opening` names the action whose workflow view is being fetched
 * (`${loanId}:${event}`), then its form opens (or the officer choice, for events that name one).
 */
export function useOpenAction(setOpen: Dispatch<SetStateAction<LoanListOpen>>) {
  const lang = useLang();
  const [opening, setOpening] = useState<string | null>(null);
  const fetchWorkflowView = useFetchWorkflowView();

  // Rows carry no snapshot: the action's form reads the loan's context from its workflow view,
  // fetched when the action is opened (and with it the version the event is sent against).
  const openAction = async (row: LoanRow, legal: ServerLegalAction) => {
    setOpening(`${row.id}:${legal.type}`);
    try {
      const view = await fetchWorkflowView(row.id);
      const context: GuaranteeContext | null = view.snapshot.context ?? null;
      // Events that name a B-post officer pick one from the users holding the post.
      const needsOfficer =
        legal.type === 'TRANSFER_DATA' ||
        ((legal.type === 'SUBMIT_TO_RISK_CONTROL' || legal.type === 'SUBMIT_TO_INSURANCE_REVIEW') && !context?.bPostOfficerId);
      if (needsOfficer)
        setOpen((o) => ({ ...o, officerEvent: { row, type: legal.type as OfficerEvent, label: pick(legal.label, lang), version: view.version, context } }));
      else setOpen((o) => ({ ...o, action: { row, open: { action: legal, version: view.version, context } } }));
    } catch (error) {
      // The HTTP client has already told the user (toast); the row stays as it was.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setOpening(null);
    }
  };
  return { opening, openAction };
}
