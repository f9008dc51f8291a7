import { lazy, Suspense } from 'react';
import type { OpenAction } from '@/features/loan-node/components/ActionFormModal';
import type { OfficerEventTarget } from '@/features/loans/OfficerEventModal';
import type { LoanRow } from './loan-list-api';

// The forms and drawers open on a click: their code (the action form carries the state machine) is
// fetched then, not with the list's first paint.
const ActionFormModal = lazy(() => import('@/features/loan-node/components/ActionFormModal').then((m) => ({ default: m.ActionFormModal })));
const OfficerEventModal = lazy(() => import('@/features/loans/OfficerEventModal').then((m) => ({ default: m.OfficerEventModal })));
const LoanDetailDrawer = lazy(() => import('@/features/loans/LoanDetailDrawer').then((m) => ({ default: m.LoanDetailDrawer })));
const ResolutionDrawer = lazy(() => import('@/features/loans/ResolutionDrawer').then((m) => ({ default: m.ResolutionDrawer })));

/** What a loan list has open over it: one action's form, and the drawers; null: closed. */
export interface LoanListOpen {
  action: { row: LoanRow; open: OpenAction } | null;
  officerEvent: OfficerEventTarget | null;
  detailId: string | null;
  resolutionOf: LoanRow | null;
}

export const NOTHING_OPEN: LoanListOpen = { action: null, officerEvent: null, detailId: null, resolutionOf: null };

/** The forms and drawers of a loan list; closing a form reloads the lists (the event may have moved the loan). */
export function LoanListDialogs({ open, onClose, reload }: { open: LoanListOpen; onClose: (part: keyof LoanListOpen) => void; reload: () => unknown }) {
  const { action, officerEvent, detailId, resolutionOf } = open;
  return (
    <Suspense fallback={null}>
      {action && (
        <ActionFormModal
          loanId={action.row.id}
          open={action.open}
          onClose={() => {
            onClose('action');
            void reload();
          }}
        />
      )}
      {officerEvent && (
        <OfficerEventModal
          target={officerEvent}
          onClose={() => {
            onClose('officerEvent');
            void reload();
          }}
        />
      )}
      {detailId && <LoanDetailDrawer loanId={detailId} onClose={() => onClose('detailId')} />}
      {resolutionOf && <ResolutionDrawer row={resolutionOf} onClose={() => onClose('resolutionOf')} />}
    </Suspense>
  );
}
