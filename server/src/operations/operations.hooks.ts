import type { FeatureHooks } from '../workflow/hooks';
import type { OperationsRepository } from './operations.repository';

/**
 * OPERATOR_MOVE's row in the operator trail, written in the event's own transaction: who, why, and
 * the states before and after as the event log has them (the step the writer runs with).
 */
export function operationsHooks(repo: Pick<OperationsRepository, 'trail' | 'lastStep'>): FeatureHooks {
  return {
    writers: {
      OPERATOR_MOVE: async ({ em, loanId, event, user }) => {
        const step = await repo.lastStep(em, loanId);
        await repo.trail(em, {
          actorId: user.id,
          action: 'MOVE',
          loanId,
          reason: event.type === 'OPERATOR_MOVE' ? event.reason : '',
          before: step?.from ?? null,
          after: step?.to ?? null,
          detail: { seq: step?.seq ?? null },
        });
      },
    },
  };
}
