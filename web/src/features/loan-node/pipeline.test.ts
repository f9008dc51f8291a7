import { STAGES, type StageKey } from '@app/workflow';
import { describe, expect, it } from 'vitest';
import type { TimelineNodeView } from './loan-node-api';
import { pipelineItems, type PipelineItem } from './pipeline';

const node = (stage: StageKey, entered: string, left: string | null = null): TimelineNodeView => ({
  stage,
  code: null,
  label: { zh: stage, en: stage },
  status: { enumeration: 'material', key: 'SUBMITTED', zh: '已提交', en: 'Submitted' },
  entered,
  left,
  actor: 'u1',
  actorName: 'A',
  leftBy: left ? 'u2' : null,
  leftByName: left ? 'B' : null,
  leftWith: left ? 'X' : null,
});
const path = (...stages: StageKey[]) =>
  stages.map((s, i) => node(s, `2026-01-0${i + 1}T00:00:00Z`, i < stages.length - 1 ? `2026-01-0${i + 2}T00:00:00Z` : null));
const shape = (items: PipelineItem[]) => items.map((i) => `${i.kind}:${i.kind === 'visit' ? i.node.stage + (i.current ? '*' : '') : i.stage}`);
// the main line: the bad-loan branch (compensation, recovery) is shown only to a loan that entered it
const PIPELINE = STAGES.filter((s) => s.key !== 'discontinued' && !s.branch).map((s) => s.key);

describe('the node timeline as the whole pipeline', () => {
  it('shows the stays, then every stage still to come in pipeline order, up to closed', () => {
    const items = pipelineItems(path('collection', 'preReview'), { preReview: 'awaitingApproval' });
    expect(shape(items)).toEqual(['visit:collection', 'visit:preReview*', ...PIPELINE.slice(2).map((s) => `upcoming:${s}`)]);
    expect(items.filter((i) => i.kind === 'upcoming')).toHaveLength(PIPELINE.length - 2);
    // Risk control may be gone past (the general office may submit straight to the review committee).
    const optional = items.filter((i) => i.kind === 'upcoming' && i.optional).map((i) => (i.kind === 'upcoming' ? i.stage : ''));
    expect(optional).toEqual(['riskControl']);
  });

  it('shows the bad-loan branch only to a loan that entered it, and no main-line stage as skipped on the way in', () => {
    const healthy = pipelineItems(path('disbursement', 'afterGuarantee'), { afterGuarantee: 'awaitingVisitReport' });
    expect(shape(healthy)).toEqual(['visit:disbursement', 'visit:afterGuarantee*', 'upcoming:release', 'upcoming:closed']);
    expect(healthy.some((i) => i.kind === 'upcoming' && i.optional)).toBe(false);
    const bad = pipelineItems(path('afterGuarantee', 'compensation'), { compensation: 'awaitingDecision' });
    expect(shape(bad)).toEqual(['visit:afterGuarantee', 'visit:compensation*', 'upcoming:recovery', 'upcoming:closed']);
    const ended = pipelineItems(path('afterGuarantee', 'compensation', 'recovery', 'closed'), 'closed');
    expect(shape(ended)).toEqual(['visit:afterGuarantee', 'visit:compensation', 'visit:recovery', 'visit:closed*']);
    const inRecovery = pipelineItems(path('disbursement', 'afterGuarantee', 'compensation', 'recovery'), { recovery: 'underWay' });
    expect(shape(inRecovery)).toEqual(['visit:disbursement', 'visit:afterGuarantee', 'visit:compensation', 'visit:recovery*', 'upcoming:closed']);
    // refused: back after guarantee, the ordinary path ahead again
    const refused = pipelineItems(path('afterGuarantee', 'compensation', 'afterGuarantee'), { afterGuarantee: 'awaitingVisitReport' });
    expect(shape(refused)).toEqual(['visit:afterGuarantee', 'visit:compensation', 'visit:afterGuarantee*', 'upcoming:release', 'upcoming:closed']);
  });

  it('a new loan shows all the pipeline ahead of it', () => {
    const items = pipelineItems(path('collection'), { collection: 'toBeImproved' });
    expect(shape(items)).toEqual(['visit:collection*', ...PIPELINE.slice(1).map((s) => `upcoming:${s}`)]);
  });

  it('marks a stage gone past as skipped where it was skipped, and keeps returns in time order', () => {
    const items = pipelineItems(path('collection', 'preReview', 'collection', 'preReview', 'generalOffice', 'insuranceReview'), {
      insuranceReview: 'awaitingMeeting',
    });
    expect(shape(items).slice(0, 8)).toEqual([
      'visit:collection',
      'visit:preReview',
      'visit:collection',
      'visit:preReview',
      'visit:generalOffice',
      'skipped:riskControl',
      'visit:insuranceReview*',
      'upcoming:withdrawal',
    ]);
  });

  it("shows the parallel stage's regions: where each stands now, done once left, names only ahead", () => {
    const current = pipelineItems(path('withdrawal', 'duringGuarantee'), {
      duringGuarantee: { contract: 'sealing', premium: 'done', counterGuarantee: 'pending', letter: 'toGenerate' },
    });
    const here = current.find((i) => i.kind === 'visit' && i.current);
    expect(here?.kind === 'visit' && here.regions?.map((r) => [r.key, r.state, r.status?.en])).toEqual([
      ['contract', 'current', 'Sealing'],
      ['premium', 'done', 'Premium confirmed'],
      ['counterGuarantee', 'current', 'Counter-guarantee awaiting B-post confirmation'],
      ['letter', 'current', 'Letter to be generated'],
    ]);
    expect(here?.kind === 'visit' && here.regions?.map((r) => r.label.zh)).toEqual(['合同', '保费', '反担保', '保函']);

    const ahead = pipelineItems(path('withdrawal'), { withdrawal: 'bPostRecheck' }).find((i) => i.kind === 'upcoming' && i.stage === 'duringGuarantee');
    expect(ahead?.kind === 'upcoming' && ahead.regions?.map((r) => [r.key, r.state, r.status])).toEqual([
      ['contract', 'upcoming', null],
      ['premium', 'upcoming', null],
      ['counterGuarantee', 'upcoming', null],
      ['letter', 'upcoming', null],
    ]);

    const past = pipelineItems(path('duringGuarantee', 'disbursement'), { disbursement: 'awaitingVoucher' })[0];
    expect(past.kind === 'visit' && past.regions?.every((r) => r.state === 'done')).toBe(true);
    // Discontinued during guarantee: how far each region got is not known from the stays.
    const stopped = pipelineItems(path('duringGuarantee', 'discontinued'), 'discontinued')[0];
    expect(stopped.kind === 'visit' && stopped.regions).toBeNull();
  });

  it('shows nothing ahead of a closed or a discontinued loan', () => {
    expect(shape(pipelineItems(path('collection', 'discontinued'), 'discontinued'))).toEqual(['visit:collection', 'visit:discontinued*']);
    const closed = pipelineItems(path('afterGuarantee', 'release', 'closed'), 'closed');
    expect(shape(closed)).toEqual(['visit:afterGuarantee', 'visit:release', 'visit:closed*']);
  });
});
