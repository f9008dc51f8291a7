import { useTranslation } from 'react-i18next';
import { LoanListView } from './LoanListView';

/** /company/loanList: every loan, with the data-collection actions (return, receipt, submit to pre-review). */
export default function LoanListPage() {
  const { t } = useTranslation();
  return <LoanListView name="loanList" title={t('routes.pages.loanList')} />;
}
