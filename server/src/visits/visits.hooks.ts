import type { FeatureHooks } from '../workflow/hooks';
import { writeVisitDecision, writeVisitReport } from './visit-writers';
import type { VisitsService } from './visits.service';

export function visitsHooks(visits: VisitsService): FeatureHooks {
  return {
    preparers: {
      // classification and reason checked (a reason for better than substandard past 90 days due); a seventh round refused
      VISIT_SUBMIT_REPORT: (em, loanId, payload) => visits.checkReport(em, loanId, payload),
    },
    writers: {
      // the visit record, with the next visit's due day it sets
      VISIT_SUBMIT_REPORT: ({ em, loanId, event, snapshot }) => writeVisitReport(em, loanId, event, snapshot),
      // the leader's answer marks the record; an approved round that changes the classification is kept (classification_change)
      VISIT_APPROVE: ({ em, loanId, event }) => writeVisitDecision(em, loanId, event),
      VISIT_RETURN: ({ em, loanId, event }) => writeVisitDecision(em, loanId, event),
    },
  };
}
