/**
 * The guarantee pipeline as one xstate v5 statechart. Pure: no I/O, no clock, no randomness; time
 * and actor arrive in each event. The server persists its snapshots, the web asks it which buttons
 * to show, the auditor replays histories through it.
 *
 * The configuration below is plain data: guards and actions are named (see guards.ts and UPDATES
 * here), so the definition can be walked, drawn and tested as a graph.
 */

import { assign, setup, type SnapshotFrom } from 'xstate';
import {
  initialContext,
  initialContextV1,
  MAX_VISIT_ROUND,
  type VisitResumePoint,
  type GuaranteeContext,
  type GuaranteeInput,
  type MakerStep,
  type MeetingStage,
  type Region,
  type StageKey,
} from './context';
import { EFFECT_REFS, effectActions } from './effects';
import type { EventType, GuaranteeEvent } from './events';
import { compensationBalanceOf, guardsFromRules, RULES, type GuardName } from './guards';
import { subtractAmounts, toFen, fromFen } from './money';
import { countVotes, DEFAULT_VOTE_RULES, tally, type MeetingType } from './votes';

export const MACHINE_ID = 'guarantee';
/**
 * Bump with every change of states, events, guards or context; ship a migration with it. Effects
 * (effects.ts) are not among them: they change no snapshot and no replay, only what the server does
 * after a commit, so declaring or removing one keeps the version.
 */
export const MACHINE_VERSION = 2;

export const MEETING_TYPE_OF_STAGE: Readonly<Record<MeetingStage, MeetingType>> = {
  generalOffice: 'GENERAL_OFFICE',
  insuranceReview: 'REVIEW_COMMITTEE',
  compensation: 'REVIEW_COMMITTEE',
};

/** What a compensation refused by the review committee's vote keeps as its reason (lastReturn). */
export const COMMITTEE_REFUSAL_REASON = '保审会表决未通过';

// ---------------------------------------------------------------------------------------------
// Context updates: the machine's actions, each a pure function returning the changed fields.
// ---------------------------------------------------------------------------------------------

type Update<P = undefined> = (context: GuaranteeContext, event: GuaranteeEvent, params: P) => Partial<GuaranteeContext>;

// The machine calls an update only on the events its transition lists, so narrowing by field
// presence below never falls through in practice; the fallbacks keep the functions total.
const UPDATES = {
  recordMaker: ((context, event, params: { step: MakerStep }) => ({
    submittedBy: { ...context.submittedBy, [params.step]: event.actorId },
  })) satisfies Update<{ step: MakerStep }>,

  recordReturn: ((_context, event) => ({
    lastReturn: { event: event.type, reason: 'reason' in event ? (event.reason ?? '') : '', actorId: event.actorId, at: event.at },
  })) satisfies Update,

  modifyAmount: ((context, event) => ({ amount: 'amount' in event ? event.amount : context.amount })) satisfies Update,

  assignBPost: ((_context, event) =>
    'bPostOfficerId' in event && event.bPostOfficerId !== undefined ? { bPostOfficerId: event.bPostOfficerId } : {}) satisfies Update,

  transferBPost: ((context, event) => ({
    bPostOfficerId: 'toOfficerId' in event ? event.toOfficerId : context.bPostOfficerId,
  })) satisfies Update,

  allocateMeeting: ((_context, event, params: { stage: MeetingStage }) => {
    if (!('attendees' in event)) return {};
    const meetingType = MEETING_TYPE_OF_STAGE[params.stage];
    return {
      meeting: {
        meetingId: event.meetingId,
        meetingType,
        attendees: [...event.attendees],
        rule: { ...(event.rule ?? DEFAULT_VOTE_RULES[meetingType]) },
        votes: {},
        allocatedAt: event.at,
        startedAt: null,
      },
    };
  }) satisfies Update<{ stage: MeetingStage }>,

  startMeeting: ((context, event) => ({
    meeting: context.meeting && { ...context.meeting, startedAt: event.at },
  })) satisfies Update,

  clearMeeting: (() => ({ meeting: null })) satisfies Update,

  recordVote: ((context, event) => {
    if (!context.meeting || !('opinion' in event)) return {};
    // Only set `comment` when given: the snapshot must survive JSON without undefined fields.
    const vote = event.comment === undefined ? { opinion: event.opinion, at: event.at } : { opinion: event.opinion, comment: event.comment, at: event.at };
    return { meeting: { ...context.meeting, votes: { ...context.meeting.votes, [event.actorId]: vote } } };
  }) satisfies Update,

  recordTally: ((context, event, params: { stage: MeetingStage }) => {
    if (!context.meeting) return {};
    const { meetingId, votes, attendees, rule } = context.meeting;
    return {
      meetingResults: [
        ...context.meetingResults,
        { stage: params.stage, meetingId, result: tally(votes, attendees, rule), decidedBy: 'TALLY', counts: countVotes(votes, attendees), at: event.at },
      ],
    };
  }) satisfies Update<{ stage: MeetingStage }>,

  recordResolution: ((context, event, params: { stage: MeetingStage }) => {
    if (!context.meeting || !('result' in event)) return {};
    const { meetingId, votes, attendees } = context.meeting;
    return {
      meetingResults: [
        ...context.meetingResults,
        { stage: params.stage, meetingId, result: event.result, decidedBy: 'RESOLUTION', counts: countVotes(votes, attendees), at: event.at },
      ],
    };
  }) satisfies Update<{ stage: MeetingStage }>,

  // contractTemplateId stays null when the whole set of the bank was generated
  recordContract: ((_context, event) =>
    event.type === 'CONTRACT_GENERATE' ? { contractBankId: event.bankId, contractTemplateId: event.templateId ?? null } : {}) satisfies Update,

  clearContract: (() => ({ contractBankId: null, contractTemplateId: null })) satisfies Update,

  markContractSealed: (() => ({ contractSealed: true })) satisfies Update,

  markRegionDone: ((context, _event, params: { region: Region }) => ({
    completedRegions: context.completedRegions.includes(params.region) ? context.completedRegions : [...context.completedRegions, params.region],
  })) satisfies Update<{ region: Region }>,

  setPremium: ((context, event) => ({ premiumAmount: 'amount' in event ? event.amount : context.premiumAmount })) satisfies Update,

  setCollateral: ((context, event) => ({
    collateral: 'collateral' in event ? event.collateral.map((item) => ({ id: item.id, kind: item.kind })) : context.collateral,
  })) satisfies Update,

  setLetterBank: ((context, event) => ({ letterBankId: 'bankId' in event ? event.bankId : context.letterBankId })) satisfies Update,

  disburse: ((context, event) => ({
    disbursedAt: event.at,
    disbursedOn: 'disbursedOn' in event ? event.disbursedOn : null,
    disbursedAmountFen: 'disbursedAmountFen' in event ? event.disbursedAmountFen : null,
    outstandingPrincipal: context.amount,
    repaidTotal: 0,
    visitRound: 1,
  })) satisfies Update,

  recordVisitReport: ((context, event) => ({
    visitReport: 'kind' in event ? { round: context.visitRound, kind: event.kind, submittedBy: event.actorId, at: event.at } : null,
  })) satisfies Update,

  approveVisitReport: ((context) => ({
    visitRound: Math.min(context.visitRound + 1, MAX_VISIT_ROUND),
    visitReport: null,
  })) satisfies Update,

  clearVisitReport: (() => ({ visitReport: null })) satisfies Update,

  recordRepayment: ((context, event) => {
    if (!('amount' in event)) return {};
    return {
      outstandingPrincipal: subtractAmounts(context.outstandingPrincipal, event.amount),
      repaidTotal: fromFen(toFen(context.repaidTotal) + toFen(event.amount)),
    };
  }) satisfies Update,

  recordRelease: ((context, event) => ({
    releasedItems: 'itemId' in event ? [...context.releasedItems, event.itemId] : context.releasedItems,
  })) satisfies Update,

  // --- the bad-loan path (version 2) ---

  recordOverdueNotice: ((context, event) =>
    event.type === 'OVERDUE_NOTICE'
      ? {
          overdueNotice: {
            noticedOn: event.noticedOn,
            overduePrincipalFen: event.overduePrincipalFen,
            overdueInterestFen: event.overdueInterestFen,
            actorId: event.actorId,
            at: event.at,
          },
        }
      : { overdueNotice: context.overdueNotice }) satisfies Update,

  requestExtension: ((context, event) =>
    event.type === 'EXTENSION_APPLY'
      ? { extension: { newMaturityOn: event.newMaturityOn, reason: event.reason, appliedBy: event.actorId, at: event.at } }
      : { extension: context.extension }) satisfies Update,

  approveExtension: ((context) => ({ extendedMaturityOn: context.extension?.newMaturityOn ?? context.extendedMaturityOn, extension: null })) satisfies Update,

  clearExtension: (() => ({ extension: null })) satisfies Update,

  applyForCompensation: ((context, event, params: { resumeVisitsAt: VisitResumePoint }) =>
    event.type === 'COMPENSATION_APPLY'
      ? {
          compensation: {
            principalFen: event.principalFen,
            interestFen: event.interestFen,
            penaltyFen: event.penaltyFen,
            reason: event.reason,
            appliedBy: event.actorId,
            appliedAt: event.at,
            resumeVisitsAt: params.resumeVisitsAt,
            approval: null,
            paidOn: null,
            recoveredFen: 0,
            recoveryStage: null,
            writeOff: null,
            outcome: null,
            writtenOffFen: 0,
          },
        }
      : { compensation: context.compensation }) satisfies Update<{ resumeVisitsAt: VisitResumePoint }>,

  approveCompensation: ((context, event) =>
    event.type === 'COMPENSATION_APPROVE' && context.compensation
      ? { compensation: { ...context.compensation, approval: { via: event.via, meetingId: null, actorId: event.actorId, at: event.at } } }
      : {}) satisfies Update,

  // The review committee's pass: the approval names the meeting; its actor ended the meeting or settled the resolution.
  approveByCommittee: ((context, event) =>
    context.compensation && context.meeting
      ? {
          compensation: {
            ...context.compensation,
            approval: { via: 'COMMITTEE' as const, meetingId: context.meeting.meetingId, actorId: event.actorId, at: event.at },
          },
        }
      : {}) satisfies Update,

  // The review committee's refusal, kept as a return with the meeting that refused.
  refuseByCommittee: ((context, event) =>
    context.meeting
      ? { lastReturn: { event: event.type, reason: COMMITTEE_REFUSAL_REASON, meetingId: context.meeting.meetingId, actorId: event.actorId, at: event.at } }
      : {}) satisfies Update,

  clearCompensation: (() => ({ compensation: null })) satisfies Update,

  payCompensation: ((context, event) =>
    event.type === 'COMPENSATION_PAY' && context.compensation ? { compensation: { ...context.compensation, paidOn: event.paidOn } } : {}) satisfies Update,

  recordRecoveryStage: ((context, event) =>
    event.type === 'RECOVERY_STAGE' && context.compensation ? { compensation: { ...context.compensation, recoveryStage: event.stage } } : {}) satisfies Update,

  recordRecovery: ((context, event) =>
    event.type === 'RECOVERY_RECORD' && context.compensation
      ? { compensation: { ...context.compensation, recoveredFen: context.compensation.recoveredFen + event.amountFen } }
      : {}) satisfies Update,

  closeRecovered: ((context) => (context.compensation ? { compensation: { ...context.compensation, outcome: 'RECOVERED' as const } } : {})) satisfies Update,

  requestWriteOff: ((context, event) =>
    event.type === 'RECOVERY_CLOSE' && context.compensation
      ? { compensation: { ...context.compensation, writeOff: { reason: event.reason, requestedBy: event.actorId, at: event.at } } }
      : {}) satisfies Update,

  clearWriteOff: ((context) => (context.compensation ? { compensation: { ...context.compensation, writeOff: null } } : {})) satisfies Update,

  writeOff: ((context) =>
    context.compensation
      ? { compensation: { ...context.compensation, outcome: 'WRITTEN_OFF' as const, writtenOffFen: compensationBalanceOf(context) } }
      : {}) satisfies Update,

  discontinue: ((_context, event, params: { stage: StageKey }) => ({
    discontinued: { stage: params.stage, reason: 'reason' in event ? (event.reason ?? '') : '', actorId: event.actorId, at: event.at },
  })) satisfies Update<{ stage: StageKey }>,
};

export type ActionName = keyof typeof UPDATES;
type ParamsOf<K extends ActionName> = Parameters<(typeof UPDATES)[K]>[2];

function assignUpdate<P>(update: Update<P>) {
  return assign<GuaranteeContext, GuaranteeEvent, P, GuaranteeEvent, never>(({ context, event }, params) => update(context, event, params));
}

function actionsFromUpdates() {
  const actions = {} as { [K in ActionName]: ReturnType<typeof assignUpdate<ParamsOf<K>>> };
  for (const name of Object.keys(UPDATES) as ActionName[]) {
    (actions as Record<ActionName, unknown>)[name] = assignUpdate(UPDATES[name] as Update<unknown>);
  }
  return actions;
}

// ---------------------------------------------------------------------------------------------
// The configuration, in a small typed subset of xstate's config: event keys, guard names and
// action names (with their params) are checked by the compiler; targets are checked by xstate.
// ---------------------------------------------------------------------------------------------

type ActionRef =
  { [K in ActionName]: ParamsOf<K> extends undefined ? K : { type: K; params: ParamsOf<K> } }[ActionName] | (typeof EFFECT_REFS)[keyof typeof EFFECT_REFS];

interface TransitionSpec {
  target?: string;
  guard?: GuardName;
  actions?: readonly ActionRef[];
}
type TransitionsSpec = Partial<Record<EventType, TransitionSpec | readonly TransitionSpec[]>>;

interface StateSpec {
  type?: 'parallel' | 'final';
  initial?: string;
  entry?: readonly ActionRef[];
  exit?: readonly ActionRef[];
  on?: TransitionsSpec;
  onDone?: TransitionSpec;
  states?: Record<string, StateSpec>;
}

const maker = (step: MakerStep): ActionRef => ({ type: 'recordMaker', params: { step } });
const regionDone = (region: Region): StateSpec => ({ type: 'final', entry: [{ type: 'markRegionDone', params: { region } }] });
const discontinueFrom = (stage: StageKey): TransitionSpec => ({
  target: '#guarantee.discontinued',
  guard: 'reasonGiven',
  actions: [{ type: 'discontinue', params: { stage } }],
});
/** Builds `on` from pairs, so that event types chosen at run time stay checked as EventType. */
const transitions = (pairs: [EventType, TransitionSpec | TransitionSpec[]][]): TransitionsSpec => Object.fromEntries(pairs);

interface MeetingEvents {
  allocate: EventType;
  cancelAllocation: EventType;
  started: EventType;
  cancelled: EventType;
  vote: EventType;
  ended: EventType;
  resolution: EventType;
}

/** The meeting events of the review committee (保审会), whichever stage its meeting decides. */
const REVIEW_COMMITTEE_EVENTS: MeetingEvents = {
  allocate: 'INSURANCE_REVIEW_ALLOCATE',
  cancelAllocation: 'INSURANCE_REVIEW_CANCEL_ALLOCATION',
  started: 'INSURANCE_REVIEW_MEETING_STARTED',
  cancelled: 'INSURANCE_REVIEW_MEETING_CANCELLED',
  vote: 'INSURANCE_REVIEW_CAST_VOTE',
  ended: 'INSURANCE_REVIEW_MEETING_ENDED',
  resolution: 'INSURANCE_REVIEW_UPDATE_RESOLUTION',
};

/**
 * Where a decided vote leads when the stage does not wait in passed or failed: the tally's guard (on
 * MEETING_ENDED), the resolution's guard (on UPDATE_RESOLUTION), and what the decision does besides
 * recording the result.
 */
interface MeetingDecision {
  target: string;
  tally: GuardName;
  resolution: GuardName;
  actions: readonly ActionRef[];
}

/**
 * The meeting sub-chart shared by the general-office meeting and the review committee:
 * awaitingMeeting -> allocated -> voting -> passed | failed | pendingResolution. With `decisions`,
 * the result moves the loan on at once (out of the sub-chart) instead of waiting in passed or failed.
 */
function meetingStage(
  stage: MeetingStage,
  events: MeetingEvents & { resubmit?: EventType; discontinue?: EventType },
  extra: { awaitingMeeting?: TransitionsSpec; failed?: TransitionsSpec; passed?: TransitionsSpec; vote?: GuardName; decisions?: readonly MeetingDecision[] },
): StateSpec {
  const decisions = extra.decisions ?? [
    { target: 'passed', tally: 'tallyPassed', resolution: 'resolvedPassed', actions: [] },
    { target: 'failed', tally: 'tallyFailed', resolution: 'resolvedFailed', actions: [] },
  ];
  // A decision that leaves the sub-chart clears the meeting itself, after recording the result: an exit
  // action would run before the transition's own actions and clear it too early.
  const leaving: readonly ActionRef[] = extra.decisions ? ['clearMeeting'] : [];
  const tallied = (guard: GuardName, target: string, actions: readonly ActionRef[] = []): TransitionSpec => ({
    target,
    guard,
    actions: [{ type: 'recordTally', params: { stage } }, ...actions],
  });
  const resolved = (guard: GuardName, target: string, actions: readonly ActionRef[] = []): TransitionSpec => ({
    target,
    guard,
    actions: [{ type: 'recordResolution', params: { stage } }, ...actions],
  });
  const backToAwaiting: TransitionSpec = { target: 'awaitingMeeting', guard: 'sameMeeting', actions: ['clearMeeting'] };
  const outcomes: Record<string, StateSpec> = extra.decisions
    ? {}
    : {
        passed: { on: extra.passed ?? {} },
        failed: {
          on: {
            ...(events.resubmit && transitions([[events.resubmit, { target: 'awaitingMeeting', actions: ['clearMeeting'] }]])),
            ...extra.failed,
          },
        },
      };
  return {
    initial: 'awaitingMeeting',
    // The current meeting belongs to this stage; its outcome stays in meetingResults.
    ...(!extra.decisions && { exit: ['clearMeeting'] as const }),
    ...(events.discontinue && { on: transitions([[events.discontinue, discontinueFrom(stage)]]) }),
    states: {
      awaitingMeeting: {
        on: {
          ...transitions([[events.allocate, { target: 'allocated', guard: 'allocationValid', actions: [{ type: 'allocateMeeting', params: { stage } }] }]]),
          ...extra.awaitingMeeting,
        },
      },
      allocated: {
        on: transitions([
          [events.cancelAllocation, backToAwaiting],
          [events.started, { target: 'voting', guard: 'sameMeeting', actions: ['startMeeting'] }],
          [events.cancelled, backToAwaiting],
        ]),
      },
      voting: {
        on: transitions([
          [events.vote, { guard: extra.vote ?? 'voteAllowed', actions: ['recordVote'] }],
          [events.cancelled, backToAwaiting],
          [events.ended, [...decisions.map((d) => tallied(d.tally, d.target, [...d.actions, ...leaving])), tallied('tallyPending', 'pendingResolution')]],
        ]),
      },
      pendingResolution: {
        on: transitions([[events.resolution, decisions.map((d) => resolved(d.resolution, d.target, [...d.actions, ...leaving]))]]),
      },
      ...outcomes,
    },
  };
}

const generalOfficeModifyAmount: TransitionsSpec = {
  GENERAL_OFFICE_MODIFY_AMOUNT: { guard: 'amountChange', actions: ['modifyAmount'] },
};

const toInsuranceReview: TransitionSpec = {
  target: '#guarantee.insuranceReview',
  guard: 'bPostAssignable',
  actions: ['assignBPost'],
};

/** Version 1's stages: every stage but the bad-loan path's. */
const statesV1 = {
  collection: {
    initial: 'toBeImproved',
    on: { COLLECTION_DISCONTINUE: discontinueFrom('collection') },
    states: {
      toBeImproved: {
        on: { SUBMIT_MATERIALS: { target: 'submitted', guard: 'materialsSubmittable', actions: [maker('materials')] } },
      },
      /** Sent back (RETURN_MATERIALS or PRE_REVIEW_RETURN): shown as REJECT until resubmitted. */
      returned: {
        on: { SUBMIT_MATERIALS: { target: 'submitted', guard: 'materialsSubmittable', actions: [maker('materials')] } },
      },
      submitted: {
        on: {
          CONFIRM_RECEIPT: { target: 'received', guard: 'materialsReceivable' },
          RETURN_MATERIALS: { target: 'returned', guard: 'materialsReturnable', actions: ['recordReturn'] },
        },
      },
      received: {
        on: {
          SUBMIT_TO_PRE_REVIEW: { target: '#guarantee.preReview', guard: 'isAPostOfficer', actions: [maker('preReview')] },
        },
      },
    },
  },

  preReview: {
    initial: 'awaitingApproval',
    on: { PRE_REVIEW_DISCONTINUE: discontinueFrom('preReview') },
    states: {
      awaitingApproval: {
        on: {
          PRE_REVIEW_APPROVE: { target: 'approved', guard: 'preReviewCheckable' },
          PRE_REVIEW_REJECT: { target: 'rejected', guard: 'preReviewRefusable', actions: ['recordReturn'] },
          PRE_REVIEW_RETURN: { target: '#guarantee.collection.returned', guard: 'preReviewRefusable', actions: ['recordReturn'] },
          PRE_REVIEW_MODIFY_AMOUNT: { guard: 'amountChange', actions: ['modifyAmount'] },
        },
      },
      approved: {
        on: { SUBMIT_TO_GENERAL_OFFICE: { target: '#guarantee.generalOffice' } },
      },
      rejected: {
        on: {
          PRE_REVIEW_RESUBMIT: { target: 'awaitingApproval', guard: 'isAPostOfficer', actions: [maker('preReview')] },
          PRE_REVIEW_MODIFY_AMOUNT: { guard: 'amountChange', actions: ['modifyAmount'] },
        },
      },
    },
  },

  generalOffice: meetingStage(
    'generalOffice',
    {
      allocate: 'GENERAL_OFFICE_ALLOCATE',
      cancelAllocation: 'GENERAL_OFFICE_CANCEL_ALLOCATION',
      started: 'GENERAL_OFFICE_MEETING_STARTED',
      cancelled: 'GENERAL_OFFICE_MEETING_CANCELLED',
      vote: 'GENERAL_OFFICE_CAST_VOTE',
      ended: 'GENERAL_OFFICE_MEETING_ENDED',
      resolution: 'GENERAL_OFFICE_UPDATE_RESOLUTION',
      resubmit: 'GENERAL_OFFICE_RESUBMIT',
      discontinue: 'GENERAL_OFFICE_DISCONTINUE',
    },
    {
      awaitingMeeting: generalOfficeModifyAmount,
      failed: generalOfficeModifyAmount,
      passed: {
        SUBMIT_TO_RISK_CONTROL: { target: '#guarantee.riskControl', guard: 'bPostAssignable', actions: ['assignBPost'] },
        SUBMIT_TO_INSURANCE_REVIEW: toInsuranceReview,
      },
    },
  ),

  riskControl: {
    initial: 'inProgress',
    on: { RISK_CONTROL_DISCONTINUE: discontinueFrom('riskControl') },
    states: {
      inProgress: {
        on: {
          CONFIRM_COMPLETE: { target: 'completed', guard: 'isBPostOfficer', actions: [maker('riskControl')] },
          TRANSFER_DATA: { guard: 'transferTarget', actions: ['transferBPost'] },
        },
      },
      completed: {
        on: {
          REVOKE_CONFIRMATION: { target: 'inProgress', guard: 'riskControlRevocable' },
          SUBMIT_TO_INSURANCE_REVIEW: toInsuranceReview,
        },
      },
    },
  },

  insuranceReview: meetingStage(
    'insuranceReview',
    { ...REVIEW_COMMITTEE_EVENTS, resubmit: 'INSURANCE_REVIEW_RESUBMIT', discontinue: 'INSURANCE_REVIEW_DISCONTINUE' },
    {
      passed: { INITIATE_WITHDRAWAL: { target: '#guarantee.withdrawal', actions: [maker('withdrawal')] } },
    },
  ),

  withdrawal: {
    initial: 'bPostRecheck',
    on: { WITHDRAWAL_DISCONTINUE: discontinueFrom('withdrawal') },
    states: {
      bPostRecheck: {
        on: {
          RECHECK_PASS: { target: 'leaderReview', guard: 'recheckable', actions: [maker('recheck')] },
          // Back to the committee's decision: the A-post side fixes and initiates again.
          RECHECK_RETURN: { target: '#guarantee.insuranceReview.passed', guard: 'recheckRefusable', actions: ['recordReturn'] },
        },
      },
      leaderReview: {
        on: {
          LEADER_APPROVE: { target: '#guarantee.duringGuarantee', guard: 'leaderCheckable' },
          LEADER_RETURN: { target: 'bPostRecheck', guard: 'leaderRefusable', actions: ['recordReturn'] },
          // An administrator lets the approval pass a regulatory limit the loan would break; the server
          // reads this event (and its reason) from the history when the leader approves.
          REGULATORY_OVERRIDE: { guard: 'reasonGiven' },
        },
      },
    },
  },

  duringGuarantee: {
    type: 'parallel',
    on: { DURING_GUARANTEE_DISCONTINUE: discontinueFrom('duringGuarantee') },
    // Every region reached its final state.
    onDone: { target: '#guarantee.disbursement' },
    states: {
      contract: {
        initial: 'toGenerate',
        states: {
          toGenerate: {
            on: { CONTRACT_GENERATE: { target: 'generated', guard: 'contractGeneration', actions: ['recordContract'] } },
          },
          generated: {
            on: {
              CONTRACT_DELETE: { target: 'toGenerate', actions: ['clearContract'] },
              CONTRACT_SUBMIT_REVIEW: { target: 'submitted', actions: [maker('contract')] },
            },
          },
          submitted: {
            on: {
              CONTRACT_MUTUAL_REVIEW_PASS: { target: 'mutuallyReviewed', guard: 'contractMutualReviewable', actions: [maker('mutualReview')] },
              CONTRACT_MUTUAL_REVIEW_RETURN: { target: 'generated', guard: 'contractMutualRefusable', actions: ['recordReturn'] },
            },
          },
          mutuallyReviewed: {
            on: {
              CONTRACT_REVIEW_PASS: { target: 'reviewed', guard: 'contractReviewable' },
              CONTRACT_REVIEW_RETURN: { target: 'generated', guard: 'contractRefusable', actions: ['recordReturn'] },
            },
          },
          reviewed: { on: { CONTRACT_SEAL_CONFIRM: { target: 'sealing' } } },
          sealing: { on: { CONTRACT_SEAL_COMPLETE: { target: 'sealed', actions: ['markContractSealed'] } } },
          sealed: { on: { CONTRACT_ARCHIVE_UPLOAD: { target: 'archiveUploaded', actions: [maker('contractArchive')] } } },
          archiveUploaded: {
            on: {
              // A wrong file is replaced by uploading again; the new uploader becomes the maker.
              CONTRACT_ARCHIVE_UPLOAD: { actions: [maker('contractArchive')] },
              CONTRACT_ARCHIVE_CONFIRM: { target: 'done', guard: 'contractArchiveCheckable' },
            },
          },
          done: regionDone('contract'),
        },
      },
      premium: {
        initial: 'toUpload',
        states: {
          toUpload: { on: { PREMIUM_ADD: { target: 'uploaded', guard: 'validAmount', actions: ['setPremium'] } } },
          uploaded: {
            on: {
              PREMIUM_EDIT: { guard: 'validAmount', actions: ['setPremium'] },
              PREMIUM_SUBMIT: { target: 'submitted', actions: [maker('premium')] },
            },
          },
          submitted: {
            on: {
              PREMIUM_REVOKE: { target: 'uploaded', guard: 'premiumRevocable' },
              PREMIUM_CONFIRM: { target: 'done', guard: 'premiumCheckable' },
            },
          },
          done: regionDone('premium'),
        },
      },
      counterGuarantee: {
        initial: 'pending',
        states: {
          pending: {
            on: { COUNTER_GUARANTEE_CONFIRM: { target: 'confirmed', guard: 'counterGuaranteeConfirmable', actions: ['setCollateral'] } },
          },
          confirmed: { on: { COUNTER_GUARANTEE_UPLOAD: { target: 'done' } } },
          done: regionDone('counterGuarantee'),
        },
      },
      letter: {
        initial: 'toGenerate',
        states: {
          toGenerate: { on: { LETTER_GENERATE: { target: 'generated', guard: 'letterGeneration', actions: ['setLetterBank'] } } },
          generated: { on: { LETTER_SUBMIT: { target: 'inReview', actions: [maker('letter')] } } },
          inReview: {
            on: {
              LETTER_APPROVE: { target: 'approved', guard: 'letterCheckable' },
              LETTER_RETURN: { target: 'generated', guard: 'letterRefusable', actions: ['recordReturn'] },
            },
          },
          approved: { on: { LETTER_SEAL_CONFIRM: { target: 'sealing' } } },
          sealing: { on: { LETTER_SEAL_COMPLETE: { target: 'sealed' } } },
          sealed: { on: { LETTER_UPLOAD_SEALED: { target: 'done' } } },
          done: regionDone('letter'),
        },
      },
    },
  },

  disbursement: {
    initial: 'awaitingVoucher',
    states: {
      awaitingVoucher: { on: { VOUCHER_UPLOAD: { target: 'voucherUploaded', actions: [maker('voucher')] } } },
      voucherUploaded: {
        on: {
          VOUCHER_UPLOAD: { actions: [maker('voucher')] },
          VOUCHER_CONFIRM: { target: '#guarantee.afterGuarantee', guard: 'voucherCheckable', actions: ['disburse'] },
        },
      },
    },
  },

  afterGuarantee: {
    initial: 'awaitingVisitReport',
    // Repayments are recorded whatever the visits are doing; the last one releases.
    on: {
      RECORD_REPAYMENT: [
        { target: '#guarantee.release', guard: 'repaymentSettles', actions: ['recordRepayment'] },
        { guard: 'repaymentPartial', actions: ['recordRepayment'] },
      ],
      // The plan itself lives in the server's tables; the event keeps the change and its reason.
      REPAYMENT_PLAN_EDIT: {},
    },
    states: {
      awaitingVisitReport: {
        on: {
          VISIT_SUBMIT_REPORT: {
            target: 'visitReportSubmitted',
            guard: 'visitReportSubmittable',
            actions: ['recordVisitReport', maker('visitReport'), EFFECT_REFS.notifyRiskDowngrade],
          },
        },
      },
      visitReportSubmitted: {
        on: {
          VISIT_APPROVE: [
            { target: 'awaitingVisitReport', guard: 'visitApprovedNextRound', actions: ['approveVisitReport'] },
            { target: 'visitsCompleted', guard: 'visitApprovedLastRound', actions: ['approveVisitReport'] },
          ],
          VISIT_RETURN: { target: 'awaitingVisitReport', guard: 'visitRefusable', actions: ['recordReturn', 'clearVisitReport'] },
        },
      },
      visitsCompleted: {},
    },
  },

  release: {
    initial: 'unresolved',
    states: {
      unresolved: {
        on: {
          CONFIRM_RELEASE: [
            { target: '#guarantee.closed', guard: 'releaseLast', actions: ['recordRelease'] },
            { guard: 'releaseNotLast', actions: ['recordRelease'] },
          ],
        },
      },
    },
  },

  closed: { type: 'final' },
  discontinued: { type: 'final' },
} satisfies Record<Exclude<StageKey, 'compensation' | 'recovery'>, StateSpec>;

// --- Version 2: the loan that goes bad ---------------------------------------------------------------

/** COMPENSATION_APPLY from a visit state, remembering it so that a refusal returns there. */
const applyForCompensationFrom = (resumeVisitsAt: VisitResumePoint): TransitionSpec => ({
  target: '#guarantee.compensation',
  guard: 'compensationApplicable',
  actions: [{ type: 'applyForCompensation', params: { resumeVisitsAt } }, maker('compensation')],
});

const afterGuaranteeV1 = statesV1.afterGuarantee;

const states = {
  ...statesV1,
  afterGuarantee: {
    ...afterGuaranteeV1,
    on: {
      ...afterGuaranteeV1.on,
      OVERDUE_NOTICE: { guard: 'overdueNoticeValid', actions: ['recordOverdueNotice'] },
      // An extension (展期) is a request and its approval, while the visits go on.
      EXTENSION_APPLY: { guard: 'extensionApplicable', actions: ['requestExtension', maker('extension')] },
      EXTENSION_APPROVE: { guard: 'extensionCheckable', actions: ['approveExtension'] },
      EXTENSION_RETURN: { guard: 'extensionRefusable', actions: ['recordReturn', 'clearExtension'] },
    },
    states: {
      ...afterGuaranteeV1.states,
      // Not while a visit report waits for the leader: that decision comes first.
      awaitingVisitReport: {
        on: { ...afterGuaranteeV1.states.awaitingVisitReport.on, COMPENSATION_APPLY: applyForCompensationFrom('awaitingVisitReport') },
      },
      visitsCompleted: { on: { COMPENSATION_APPLY: applyForCompensationFrom('visitsCompleted') } },
    },
  },

  compensation: {
    initial: 'awaitingDecision',
    states: {
      // The decision: the leader's (below the administrator's threshold, checked by the server), or the
      // review committee's vote with the compensation on one of its meetings (the same meeting events
      // as the loans it reviews). A pass approves; a fail returns the loan to its visits, as a refusal does.
      awaitingDecision: meetingStage('compensation', REVIEW_COMMITTEE_EVENTS, {
        awaitingMeeting: {
          COMPENSATION_APPROVE: { target: '#guarantee.compensation.approved', guard: 'compensationApprovable', actions: ['approveCompensation'] },
          COMPENSATION_REFUSE: [
            { target: '#guarantee.afterGuarantee.awaitingVisitReport', guard: 'compensationRefusedToVisits', actions: ['recordReturn', 'clearCompensation'] },
            { target: '#guarantee.afterGuarantee.visitsCompleted', guard: 'compensationRefusedToCompleted', actions: ['recordReturn', 'clearCompensation'] },
          ],
        },
        vote: 'compensationVoteAllowed',
        decisions: [
          { target: '#guarantee.compensation.approved', tally: 'tallyPassed', resolution: 'compensationResolvedPassed', actions: ['approveByCommittee'] },
          {
            target: '#guarantee.afterGuarantee.awaitingVisitReport',
            tally: 'compensationTallyFailedToVisits',
            resolution: 'compensationResolvedFailedToVisits',
            actions: ['refuseByCommittee', 'clearCompensation'],
          },
          {
            target: '#guarantee.afterGuarantee.visitsCompleted',
            tally: 'compensationTallyFailedToCompleted',
            resolution: 'compensationResolvedFailedToCompleted',
            actions: ['refuseByCommittee', 'clearCompensation'],
          },
        ],
      }),
      // Finance pays the bank on the payment voucher; from then on the amount is a receivable.
      approved: {
        on: { COMPENSATION_PAY: { target: '#guarantee.recovery', guard: 'compensationPayable', actions: ['payCompensation'] } },
      },
    },
  },

  recovery: {
    initial: 'underWay',
    states: {
      underWay: {
        on: {
          RECOVERY_STAGE: { actions: ['recordRecoveryStage'] },
          RECOVERY_RECORD: { guard: 'recoveryRecordable', actions: ['recordRecovery'] },
          RECOVERY_CLOSE: [
            { target: '#guarantee.closed', guard: 'closedRecovered', actions: ['closeRecovered'] },
            { target: 'writeOffPending', guard: 'writeOffRequested', actions: ['requestWriteOff', maker('writeOff')] },
          ],
        },
      },
      // A loss is written off only with someone else's approval (the leader's, on the judgment or ruling).
      writeOffPending: {
        on: {
          RECOVERY_WRITE_OFF_APPROVE: { target: '#guarantee.closed', guard: 'writeOffCheckable', actions: ['writeOff'] },
          RECOVERY_WRITE_OFF_RETURN: { target: 'underWay', guard: 'writeOffRefusable', actions: ['recordReturn', 'clearWriteOff'] },
        },
      },
    },
  },
} satisfies Record<StageKey, StateSpec>;

/**
 * Effects declared on every event transition (not on `onDone`, which always follows an event's own
 * transition in the same step): after any accepted event, the loan's next actors hear of it.
 */
function withEffects<T extends Record<string, StateSpec>>(specs: T): T {
  const withNotify = (t: TransitionSpec): TransitionSpec => ({ ...t, actions: [...(t.actions ?? []), EFFECT_REFS.notifyNextActors] });
  const visit = (spec: StateSpec): StateSpec => ({
    ...spec,
    ...(spec.on && {
      on: Object.fromEntries(
        Object.entries(spec.on).map(([type, t]) => [type, Array.isArray(t) ? t.map(withNotify) : withNotify(t as TransitionSpec)]),
      ) as TransitionsSpec,
    }),
    ...(spec.states && { states: Object.fromEntries(Object.entries(spec.states).map(([key, child]) => [key, visit(child)])) }),
  });
  return Object.fromEntries(Object.entries(specs).map(([key, spec]) => [key, visit(spec)])) as T;
}

/** The setup (types, guards, actions) the machine is made from; a later version reuses it. */
export const guaranteeSetup = setup({
  types: {
    context: {} as GuaranteeContext,
    events: {} as GuaranteeEvent,
    input: {} as GuaranteeInput,
  },
  guards: guardsFromRules(RULES),
  actions: { ...actionsFromUpdates(), ...effectActions() },
});

/**
 * Accepted in every state the loan stands in: an administrator's move (the operations console). The
 * transition names no target: the engine puts the loan where the event's `target` says, once it has
 * checked that target against this machine's own state tree (operator-move.ts), and keeps the context.
 * Its effect is every event's: the next actors of the state it lands in hear of it. Not a version
 * change: no history recorded before it holds the event, so each replays as it did.
 */
export const OPERATOR_MOVE_TRANSITION = {
  OPERATOR_MOVE: { guard: 'reasonGiven', actions: [EFFECT_REFS.notifyNextActors] },
} as const satisfies TransitionsSpec;

/** The machine's configuration as data (for walking, drawing and deriving later versions). */
export const guaranteeMachineConfig = {
  id: MACHINE_ID,
  version: String(MACHINE_VERSION),
  initial: 'collection',
  on: OPERATOR_MOVE_TRANSITION,
  states: withEffects(states),
} as const;

export const guaranteeMachine = guaranteeSetup.createMachine({
  ...guaranteeMachineConfig,
  context: ({ input }) => initialContext(input),
  // The typed subset above is checked by our own types; xstate's config types are stricter about
  // literal targets than this data-driven definition can be.
  states: guaranteeMachineConfig.states as Record<string, object>,
});

/**
 * Version 1, kept for the histories that ran on it: replay and verify fold them through the machine
 * they ran on, with its own initial context (see migrations.ts for how its instances move on).
 */
export const guaranteeMachineConfigV1 = {
  id: MACHINE_ID,
  version: '1',
  initial: 'collection',
  states: withEffects(statesV1),
} as const;

export const guaranteeMachineV1 = guaranteeSetup.createMachine({
  ...guaranteeMachineConfigV1,
  context: ({ input }) => initialContextV1(input),
  states: guaranteeMachineConfigV1.states as Record<string, object>,
});

export type GuaranteeMachine = typeof guaranteeMachine;
export type GuaranteeSnapshot = SnapshotFrom<GuaranteeMachine>;
