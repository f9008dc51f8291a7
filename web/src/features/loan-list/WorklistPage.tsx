import { isWorklistName } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import NotFoundPage from '@/ui/NotFoundPage';
import { useCurrentRoute } from '@/navigation/current-route';
import { LedgerLoanPicker } from '@/features/after-guarantee/LedgerLoanPicker';
import { ReleaseLedgerPanel } from '@/features/after-guarantee/ReleaseLedgerPanel';
import { LoanListView } from './LoanListView';

/**
 * The one page of every worklist of the registry (/process, /protectMiddle, /protectAfter and the
 * statistics drill-downs): the route it is rendered for names the list.
 */
export default function WorklistPage() {
  const route = useCurrentRoute();
  const { t } = useTranslation();
  if (!route || !isWorklistName(route.name)) return <NotFoundPage />;
  const list = <LoanListView key={route.name} name={route.name} title={t(`routes.pages.${route.name}`)} />;
  // The release ledger (relieve): the loans released or being released, then every confirmed release with its export.
  if (route.name === 'relieve') {
    return (
      <>
        {list}
        <ReleaseLedgerPanel />
      </>
    );
  }
  // The ledger: 选择贷款 opens a loan's ledger page (balance, plan, repayments, attachments).
  if (route.name === 'ledgerList') {
    return (
      <>
        <LedgerLoanPicker />
        {list}
      </>
    );
  }
  return list;
}
