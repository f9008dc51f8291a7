import {
  demoActors,
  demoInput,
  discontinuedPathEvents,
  eventsToStage,
  happyPathEvents,
  permissionsUsedBy,
  replay,
  STAGES,
  stageOf,
  type StageKey,
} from '../src/index';

describe('demo sequences', () => {
  const input = demoInput();

  it('take a loan from collection to closed through every stage', () => {
    const events = happyPathEvents(input);
    expect(replay(input, events)).toMatchObject({ value: 'closed', status: 'done' });
    expect(events.every((e, i) => i === 0 || e.at > events[i - 1].at)).toBe(true);
  });

  it.each(STAGES.map((s) => s.key).filter((k): k is Exclude<StageKey, 'discontinued'> => k !== 'discontinued'))('stop on entering %s', (stage) => {
    expect(stageOf(replay(input, eventsToStage(input, stage)))).toBe(stage);
  });

  it.each(['collection', 'preReview', 'generalOffice', 'riskControl', 'insuranceReview', 'withdrawal', 'duringGuarantee'] as const)(
    'discontinue in %s',
    (stage) => {
      const s = replay(input, discontinuedPathEvents(input, stage));
      expect(s.value).toBe('discontinued');
      expect(s.context.discontinued?.stage).toBe(stage);
    },
  );

  it('work without a B-post officer in the input, with decimals, with all six visits and one installment', () => {
    const custom = demoInput({ loanId: 'l-2', amount: 12345.67, bPostOfficerId: null });
    const events = happyPathEvents(custom, demoActors, { visitRounds: 6, installments: 1, startAt: '2025-05-01T00:00:00.000Z' });
    const closed = replay(custom, events);
    expect(closed.value).toBe('closed');
    expect(closed.context).toMatchObject({ bPostOfficerId: demoActors.bPost, visitRound: 6, repaidTotal: 12345.67, outstandingPrincipal: 0 });
    expect(events[0].at).toBe('2025-05-01T00:00:00.000Z');
  });

  it('refuse actors that do not match the loan', () => {
    expect(() => happyPathEvents(demoInput({ aPostOfficerId: 'someone' }))).toThrow(/aPost/);
    expect(() => happyPathEvents(demoInput({ bPostOfficerId: 'someone' }))).toThrow(/bPost/);
  });

  it('tell which codes each demo user needs', () => {
    const needs = permissionsUsedBy(happyPathEvents(input));
    expect(Object.keys(needs).sort()).toEqual(
      [demoActors.aPost, demoActors.bPost, demoActors.clerk, demoActors.approver, demoActors.leader, demoActors.finance, ...demoActors.voters].sort(),
    );
    expect(needs[demoActors.aPost]).toContain('sys:loan:perfect');
    expect(needs['demo-voter-1']).toEqual(['sys:bs-vote:vote', 'sys:zb-vote:vote']);
  });
});
