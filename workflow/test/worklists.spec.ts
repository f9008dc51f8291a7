/**
 * The worklist registry against the machine and the permission tree: every state path a list shows
 * exists, every event it offers is accepted somewhere in those states, every key it needs is a key of
 * the tree, and every loan list of the route table (spec section 2) has its entry.
 */

import type { AnyStateNode } from 'xstate';
import {
  ALL_PERMISSION_KEYS,
  activePaths,
  createInitialSnapshot,
  guaranteeMachine,
  machineDefinition,
  WORKLIST_GROUP_PERMISSIONS,
  WORKLIST_LABELS,
  WORKLIST_NAMES,
  WORKLISTS,
  worklist,
  worklistKeys,
  type WorklistDef,
} from '../src/index';
import { testInput } from './support';

/**
 * The route names of web/src/app/routes/route-table.ts whose pages list loans by where they stand
 * (the /process stage lists, /protectMiddle, the loan lists of /protectAfter, the statistics
 * drill-downs). Written out here on purpose: the route table will read the registry, so comparing
 * with it would prove nothing.
 */
const LOAN_LIST_ROUTES = [
  // /process
  'reviewMeetingList',
  'reviewMeetingVoteList',
  'zbMeetingProcessList',
  'riskControlList',
  'bsMeetingProcessList',
  'initiateWithdrawalList',
  // /protectMiddle
  'contractList',
  'mutualReviewList',
  'contractReviewList',
  'contractSealList',
  'premiumUploadList',
  'premiumConfirmationList',
  'counterGuarantee',
  'guaranteeLetterList',
  'guaranteeLetterApprovalList',
  'guaranteeLetterNew',
  'guaranteeUploadList',
  'voucherList',
  // /protectAfter
  'ledgerList',
  'financeList',
  'bPostList',
  'leaderReviewList',
  'remindList',
  'becomeList',
  'repaymentList',
  'secure',
  'relieve',
  // /protectAfter, the bad-loan path (not in the spec's route table)
  'overdueList',
  'compensationList',
  'recoveryList',
  // /statistics drill-downs
  'suggestList',
  'ysUnauditedList',
  'ysApprovedList',
  'zbNoAttendedMeetingList',
  'zbAttendedMeetingList',
  'bsNoAttendedMeetingList',
  'bsAttendedMeetingList',
  'loanContractUnauditedList',
  'loanContractApprovedList',
  'fkNoUploadedList',
  'fkUploadedList',
  'reportUnauditedList',
  'reportApprovedList',
  'statisticsRelieveList',
];

const entries = Object.entries(WORKLISTS) as [string, WorklistDef][];

function nodeAt(path: string): AnyStateNode {
  return guaranteeMachine.getStateNodeById(`${guaranteeMachine.id}.${path}`);
}

/** The events a state accepts: its own transitions, its ancestors' (they apply while it is active) and its descendants'. */
function acceptedIn(node: AnyStateNode): Set<string> {
  const events = new Set<string>();
  const add = (n: AnyStateNode) => n.transitions.forEach((_t, type) => events.add(type));
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) add(n);
  const down = (n: AnyStateNode) => Object.values(n.states).forEach((child) => (add(child), down(child)));
  down(node);
  return events;
}

describe('worklist registry', () => {
  it('has one entry per loan-list route of the route table, and nothing else', () => {
    expect([...WORKLIST_NAMES].sort()).toEqual([...LOAN_LIST_ROUTES].sort());
  });

  it('names state paths that exist in the machine', () => {
    const paths = new Set(machineDefinition().states.map((s) => s.path));
    const missing = entries.flatMap(([name, def]) => def.states.filter((p) => !paths.has(p)).map((p) => `${name}: ${p}`));
    expect(missing).toEqual([]);
    for (const [, def] of entries) for (const p of def.states) expect(nodeAt(p).path.join('.')).toBe(p);
    expect(() => nodeAt('duringGuarantee.contract.nowhere')).toThrow();
  });

  it('offers only events accepted in at least one of its states', () => {
    const refused = entries.flatMap(([name, def]) => {
      const accepted = new Set(def.states.flatMap((p) => [...acceptedIn(nodeAt(p))]));
      return def.events.filter((e) => !accepted.has(e)).map((e) => `${name}: ${e}`);
    });
    expect(refused).toEqual([]);
    // The check can fail: an event of another stage is not accepted in a collection state.
    expect(acceptedIn(nodeAt('collection.toBeImproved')).has('PREMIUM_ADD')).toBe(false);
    expect(acceptedIn(nodeAt('duringGuarantee.premium.submitted')).has('DURING_GUARANTEE_DISCONTINUE')).toBe(true);
  });

  it('needs only keys of the permission tree (list, group and the keys also accepted)', () => {
    const keys = new Set<string>(ALL_PERMISSION_KEYS);
    const unknown = entries.flatMap(([name, def]) =>
      [...worklistKeys(def), WORKLIST_GROUP_PERMISSIONS[def.group]].filter((k) => !keys.has(k)).map((k) => `${name}: ${k}`),
    );
    expect(unknown).toEqual([]);
    expect(worklistKeys(WORKLISTS.guaranteeLetterNew)).toEqual(['guarantee_letter_seal', 'sys:letter-seal:confirm', 'sys:letter-seal:complete']);
  });

  it('has words in both languages for every list', () => {
    expect(Object.keys(WORKLIST_LABELS).sort()).toEqual([...WORKLIST_NAMES].sort());
    for (const name of WORKLIST_NAMES) {
      expect(WORKLIST_LABELS[name].zh.length).toBeGreaterThan(0);
      expect(WORKLIST_LABELS[name].en.length).toBeGreaterThan(0);
    }
  });

  it('resolves names, refusing what is not a list', () => {
    expect(worklist('contractList')?.permission).toBe('contract_list');
    expect(worklist('toString')).toBeNull();
    expect(worklist('zbMeetingVoteList')).toBeNull();
  });

  it('lists a loan entering duringGuarantee in the contract, premium, counter-guarantee and letter lists at once', () => {
    const start = createInitialSnapshot(testInput({}));
    const value = { duringGuarantee: { contract: 'toGenerate', premium: 'toUpload', counterGuarantee: 'pending', letter: 'toGenerate' } };
    expect(guaranteeMachine.resolveState({ value, context: start.context }).value).toEqual(value);
    const standing = new Set(activePaths(value));
    const showing = entries.filter(([, def]) => def.states.some((p) => standing.has(p))).map(([name]) => name);
    expect(showing).toEqual(
      expect.arrayContaining(['contractList', 'premiumUploadList', 'counterGuarantee', 'guaranteeLetterList', 'loanContractUnauditedList']),
    );
    expect(showing).not.toContain('voucherList');
  });
});
