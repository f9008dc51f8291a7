import fc from 'fast-check';
import { countVotes, DEFAULT_VOTE_RULES, tally, validateVoteRule, type VoteOpinion, type VoteRule } from '../src/index';

const GENERAL = DEFAULT_VOTE_RULES.GENERAL_OFFICE;
const COMMITTEE = DEFAULT_VOTE_RULES.REVIEW_COMMITTEE;

const people = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

/** Votes of the first attendees, in order: 'A' agree, 'D' disagree, 'X' abstain. */
function votes(pattern: string): Record<string, { opinion: VoteOpinion }> {
  const opinion: Record<string, VoteOpinion> = { A: 'AGREE', D: 'DISAGREE', X: 'ABSTAIN' };
  return Object.fromEntries([...pattern].map((c, i) => [`p${i + 1}`, { opinion: opinion[c] }]));
}

describe('general office: simple majority of votes cast, quorum half of the attendees', () => {
  it.each([
    ['unanimous agree', 4, 'AAAA', 'PASSED'],
    ['unanimous disagree', 4, 'DDDD', 'FAIL'],
    ['majority of those voting', 4, 'AAD', 'PASSED'],
    ['minority of those voting', 4, 'ADD', 'FAIL'],
    ['tie goes to a resolution', 4, 'AD', 'PENGING_RESOLUTION'],
    ['tie with an abstention is still a tie', 4, 'ADX', 'PENGING_RESOLUTION'],
    ['quorum exactly half (2 of 4) decides', 4, 'AA', 'PASSED'],
    ['one short of quorum (1 of 4)', 4, 'A', 'PENGING_RESOLUTION'],
    ['odd attendees: 2 of 5 is below half', 5, 'AA', 'PENGING_RESOLUTION'],
    ['odd attendees: 3 of 5 meets it', 5, 'AAD', 'PASSED'],
    ['abstentions count towards the quorum, not the base', 4, 'AXX', 'PASSED'],
    ['abstentions alone: quorum met, nobody decided', 4, 'XXX', 'PENGING_RESOLUTION'],
    ['no votes at all', 3, '', 'PENGING_RESOLUTION'],
  ])('%s', (_name, attendees, pattern, expected) => {
    expect(tally(votes(pattern), people(attendees), GENERAL)).toBe(expected);
  });
});

describe('review committee: two thirds of all attendees, quorum two thirds', () => {
  it.each([
    ['exactly two thirds of 3', 3, 'AA', 'PASSED'],
    ['exactly two thirds of 6 (floating point edge)', 6, 'AAAA', 'PASSED'],
    ['exactly two thirds of 9', 9, 'AAAAAA', 'PASSED'],
    ['one short of two thirds, quorum met', 6, 'AAAD', 'FAIL'],
    ['quorum exactly two thirds, not enough agree', 9, 'AAAAAD', 'FAIL'],
    ['quorum missing (5 of 9 voted)', 9, 'AAAAA', 'PENGING_RESOLUTION'],
    ['abstaining weighs as no on the attendees base', 3, 'AXX', 'FAIL'],
    ['unanimous', 5, 'AAAAA', 'PASSED'],
    ['unanimous disagree', 5, 'DDDDD', 'FAIL'],
    ['all abstain: quorum met, nobody agrees', 3, 'XXX', 'FAIL'],
  ])('%s', (_name, attendees, pattern, expected) => {
    expect(tally(votes(pattern), people(attendees), COMMITTEE)).toBe(expected);
  });
});

describe('rules are data', () => {
  it('a tie can be made to fail', () => {
    const rule: VoteRule = { ...GENERAL, onTie: 'FAIL' };
    expect(tally(votes('AD'), people(2), rule)).toBe('FAIL');
  });

  it("'atLeast' passes on the threshold, 'above' does not", () => {
    expect(tally(votes('AD'), people(2), { ...GENERAL, passWhen: 'atLeast' })).toBe('PASSED');
    expect(tally(votes('AD'), people(2), { ...GENERAL, passWhen: 'above', onTie: 'FAIL' })).toBe('FAIL');
  });

  it('only attendees count; a vote from anyone else is ignored', () => {
    const counted = countVotes({ ...votes('A'), stranger: { opinion: 'DISAGREE' } }, people(2));
    expect(counted).toEqual({ attendees: 2, voted: 1, agree: 1, disagree: 0, abstain: 0 });
    expect(tally({ stranger: { opinion: 'AGREE' }, intruder: { opinion: 'AGREE' } }, people(2), GENERAL)).toBe('PENGING_RESOLUTION');
  });

  it('a meeting without attendees decides nothing', () => {
    expect(tally({}, [], GENERAL)).toBe('PENGING_RESOLUTION');
  });

  it('validates rules', () => {
    expect(validateVoteRule(GENERAL)).toEqual([]);
    expect(validateVoteRule(COMMITTEE)).toEqual([]);
    expect(validateVoteRule({ ...GENERAL, quorum: 0 })).toEqual(['quorum must be a fraction in (0, 1]']);
    expect(validateVoteRule({ ...GENERAL, passThreshold: 1.5 })).toHaveLength(1);
    expect(validateVoteRule({ ...GENERAL, passThreshold: 1 })).toEqual(["passThreshold 1 with passWhen 'above' can never pass"]);
    expect(validateVoteRule({ ...GENERAL, base: 'everyone' })).toHaveLength(1);
    expect(validateVoteRule({ ...GENERAL, extra: 1 })).toEqual(['unknown rule field extra']);
    expect(validateVoteRule(null)).toEqual(['rule must be an object']);
  });
});

describe('tally properties', () => {
  const opinion = fc.constantFrom<VoteOpinion | null>('AGREE', 'DISAGREE', 'ABSTAIN', null);
  const rule = fc.record({
    quorum: fc.constantFrom(1 / 3, 1 / 2, 2 / 3, 1),
    passThreshold: fc.constantFrom(1 / 3, 1 / 2, 2 / 3),
    base: fc.constantFrom<'cast' | 'attendees'>('cast', 'attendees'),
    passWhen: fc.constantFrom<'above' | 'atLeast'>('above', 'atLeast'),
    onTie: fc.constantFrom<'FAIL' | 'PENGING_RESOLUTION'>('FAIL', 'PENGING_RESOLUTION'),
  });
  const ballot = fc.array(opinion, { minLength: 1, maxLength: 12 });
  const toVotes = (ballots: (VoteOpinion | null)[]) => Object.fromEntries(ballots.flatMap((o, i) => (o ? [[`p${i + 1}`, { opinion: o }]] : [])));

  it('turning a DISAGREE into AGREE never undoes a pass', () => {
    fc.assert(
      fc.property(ballot, rule, fc.nat(), (ballots, r, pick) => {
        const attendees = people(ballots.length);
        const disagreeing = ballots.flatMap((o, i) => (o === 'DISAGREE' ? [i] : []));
        fc.pre(disagreeing.length > 0);
        const changed = [...ballots];
        changed[disagreeing[pick % disagreeing.length]] = 'AGREE';
        if (tally(toVotes(ballots), attendees, r) === 'PASSED') expect(tally(toVotes(changed), attendees, r)).toBe('PASSED');
      }),
      { numRuns: 300 },
    );
  });

  it('a decision (PASSED or FAIL) always has its quorum', () => {
    fc.assert(
      fc.property(ballot, rule, (ballots, r) => {
        const attendees = people(ballots.length);
        const result = tally(toVotes(ballots), attendees, r);
        const voted = ballots.filter((o) => o !== null).length;
        if (result !== 'PENGING_RESOLUTION') expect(voted).toBeGreaterThanOrEqual(r.quorum * attendees.length - 1e-9);
      }),
      { numRuns: 300 },
    );
  });
});
