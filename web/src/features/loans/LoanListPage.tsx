import { LoanListView } from './LoanListView';

/** /company/loanList: every loan, with the data-collection actions (return, receipt, submit to pre-review). */
export default function LoanListPage() {
  return <LoanListView name="loanList" />;
}
