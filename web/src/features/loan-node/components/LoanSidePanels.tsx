import { Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { badLoanPanelsOf } from '@/features/bad-loans/bad-loan-figures';
import { ReleasePanel } from '@/features/after-guarantee/ReleasePanel';
import { RepaymentPlanPanel } from '@/features/after-guarantee/RepaymentPlanPanel';
import { VisitsPanel } from '@/features/after-guarantee/VisitsPanel';
import { CollateralPanel } from '@/features/premium-collateral/CollateralPanel';
import { CustodyPanel } from '@/features/custody/CustodyPanel';
import { PremiumPanel } from '@/features/premium-collateral/PremiumPanel';
import { LoanRiskSharePanel } from '@/features/regulatory/LoanRiskSharePanel';
import { RegulatoryImpactPanel } from '@/features/regulatory/RegulatoryImpactPanel';
import type { WorkflowView } from '../loan-node-api';
import { ActionPanel } from './ActionPanel';
import { DocumentsPanel } from './DocumentsPanel';

// Their own chunk: only a loan that went bad (or has an overdue notice or an extension) needs them.
const BadLoanPanels = lazy(() => import('@/features/bad-loans/BadLoanPanels'));

/** The column beside the tabs: what the user may do now, then each feature's panel of the loan (each hides itself when it has nothing to show). */
export function LoanSidePanels({ loanId, view }: { loanId: string; view: WorkflowView }) {
  return (
    <Stack gap="md">
      <ActionPanel view={view} />
      {/* The bad-loan path: compensation and recovery, the overdue notice and an extension. */}
      {Object.values(badLoanPanelsOf(view)).some(Boolean) && (
        <Suspense fallback={null}>
          <BadLoanPanels loanId={loanId} view={view} />
        </Suspense>
      )}
      {/* The review committee and the withdrawal reviewers: the figures this loan would produce. */}
      <RegulatoryImpactPanel loanId={loanId} version={view.version} state={view.state} />
      {/* The bank's share of the loan's risk: set with the contract, changeable until the seal. */}
      <LoanRiskSharePanel loanId={loanId} version={view.version} />
      {/* Shown from duringGuarantee on, to whoever holds their lists. */}
      <PremiumPanel loanId={loanId} version={view.version} />
      <CollateralPanel loanId={loanId} version={view.version} />
      {/* Once the collateral is confirmed: its certificates in custody, their moves, values and loan-to-value. */}
      <CustodyPanel loanId={loanId} version={view.version} />
      <DocumentsPanel loanId={loanId} version={view.version} state={view.state} />
      {/* After disbursement: visits with their classification history, then the release of each item. */}
      <VisitsPanel loanId={loanId} version={view.version} state={view.state} />
      <RepaymentPlanPanel loanId={loanId} version={view.version} state={view.state} />
      <ReleasePanel loanId={loanId} version={view.version} state={view.state} />
    </Stack>
  );
}
