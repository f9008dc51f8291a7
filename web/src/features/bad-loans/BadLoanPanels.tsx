import type { WorkflowView } from '@/features/loan-node/loan-node-api';
import { badLoanPanelsOf } from './bad-loan-figures';
import { BadLoanPanel } from './BadLoanPanel';
import { OverduePanel } from './OverduePanel';

/** The loan page's panels of the bad-loan path, loaded (their own chunk) only for a loan that has one to show. */
export default function BadLoanPanels({ loanId, view }: { loanId: string; view: WorkflowView }) {
  const shown = badLoanPanelsOf(view);
  return (
    <>
      {shown.overdue && <OverduePanel view={view} />}
      {shown.compensation && <BadLoanPanel loanId={loanId} view={view} />}
    </>
  );
}
