import { DATA_TYPES, DEFAULT_VOTE_RULES, demoInput, eventsToStage, replay, validateEvent, type EventType } from '@app/workflow';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialValues, isServerFilled, payloadFields, toPayload, validateValues, type FormValues, type RuleDraft } from './payload-form';

const issues = (type: EventType, values: FormValues) => validateValues(type, values).map((i) => `${i.field}:${i.key}`);

/** What the server's own shape check says about the payload the form would send. */
const serverProblems = (type: EventType, values: FormValues) =>
  validateEvent({ ...toPayload(type, values), type, actorId: 'someone', at: '2026-01-01T00:00:00.000Z' });

describe('action form values', () => {
  it('prefills SUBMIT_MATERIALS with all four data types, which the server accepts', () => {
    const values = initialValues('SUBMIT_MATERIALS');
    expect(values.completeDataTypes).toEqual([...DATA_TYPES]);
    expect(issues('SUBMIT_MATERIALS', values)).toEqual([]);
    expect(serverProblems('SUBMIT_MATERIALS', values)).toEqual([]);
  });

  it('requires a reason, trims it, and sends nothing else', () => {
    expect(issues('PRE_REVIEW_REJECT', initialValues('PRE_REVIEW_REJECT'))).toEqual(['reason:required']);
    expect(issues('PRE_REVIEW_REJECT', { reason: '   ' })).toEqual(['reason:required']);
    expect(toPayload('PRE_REVIEW_REJECT', { reason: '  资料不全 ' })).toEqual({ reason: '资料不全' });
    expect(serverProblems('PRE_REVIEW_REJECT', { reason: '资料不全' })).toEqual([]);
  });

  it('VOUCHER_CONFIRM: a real, past day and the amount lent typed in yuan, sent in fen', () => {
    expect(issues('VOUCHER_CONFIRM', { disbursedOn: '', disbursedAmountFen: '' })).toEqual(['disbursedOn:required', 'disbursedAmountFen:required']);
    expect(issues('VOUCHER_CONFIRM', { disbursedOn: '2026-02-30', disbursedAmountFen: -1 })).toEqual(['disbursedOn:day', 'disbursedAmountFen:amountPositive']);
    expect(issues('VOUCHER_CONFIRM', { disbursedOn: '2999-01-01', disbursedAmountFen: 1.005 })).toEqual([
      'disbursedOn:dayFuture',
      'disbursedAmountFen:amountDecimals',
    ]);
    const values = { disbursedOn: '2026-01-05', disbursedAmountFen: '1999999.99' };
    expect(issues('VOUCHER_CONFIRM', values)).toEqual([]);
    expect(toPayload('VOUCHER_CONFIRM', values)).toEqual({ disbursedOn: '2026-01-05', disbursedAmountFen: 199_999_999 });
    expect(serverProblems('VOUCHER_CONFIRM', values)).toEqual([]);
  });

  describe('the day lent is judged by the company calendar, not the browser', () => {
    afterEach(() => vi.useRealTimers());
    it('accepts the company day that is already tomorrow for a browser on UTC', () => {
      // 20:00 UTC on 23 November is 04:00 on 24 November in Shanghai.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-23T20:00:00Z'));
      expect(issues('VOUCHER_CONFIRM', { disbursedOn: '2026-11-24', disbursedAmountFen: '100' })).toEqual([]);
      expect(issues('VOUCHER_CONFIRM', { disbursedOn: '2026-11-25', disbursedAmountFen: '100' })).toEqual(['disbursedOn:dayFuture']);
    });
  });

  it('CONTRACT_GENERATE: a bank is required; no template chosen sends the whole set (templateId left out)', () => {
    const values = initialValues('CONTRACT_GENERATE');
    expect(values).toEqual({ bankId: '', templateId: '' });
    expect(issues('CONTRACT_GENERATE', values)).toEqual(['bankId:required']);
    const wholeSet = { bankId: 'b1', templateId: '' };
    expect(issues('CONTRACT_GENERATE', wholeSet)).toEqual([]);
    expect(toPayload('CONTRACT_GENERATE', wholeSet)).toEqual({ bankId: 'b1' });
    expect(serverProblems('CONTRACT_GENERATE', wholeSet)).toEqual([]);
    expect(toPayload('CONTRACT_GENERATE', { bankId: 'b1', templateId: 't1' })).toEqual({ bankId: 'b1', templateId: 't1' });
  });

  it('sends an empty payload for an action without fields', () => {
    expect(initialValues('PRE_REVIEW_APPROVE')).toEqual({});
    expect(issues('PRE_REVIEW_APPROVE', {})).toEqual([]);
    expect(toPayload('PRE_REVIEW_APPROVE', {})).toEqual({});
  });

  it('accepts only positive amounts with at most two decimals', () => {
    const check = (amount: FormValues[string]) => issues('PRE_REVIEW_MODIFY_AMOUNT', { amount });
    expect(check('')).toEqual(['amount:required']);
    expect(check('abc')).toEqual(['amount:amountNumber']);
    expect(check(0)).toEqual(['amount:amountPositive']);
    expect(check(-5)).toEqual(['amount:amountPositive']);
    expect(check(1.234)).toEqual(['amount:amountDecimals']);
    expect(check('1.230')).toEqual([]);
    expect(check(2e13)).toEqual(['amount:amountTooLarge']);
    expect(check(4_800_000.5)).toEqual([]);
    expect(toPayload('PRE_REVIEW_MODIFY_AMOUNT', { amount: '4800000.50' })).toEqual({ amount: 4_800_000.5 });
    expect(serverProblems('PRE_REVIEW_MODIFY_AMOUNT', { amount: 4_800_000.5 })).toEqual([]);
  });

  it('prefills the amount and the meeting from the loan', () => {
    const input = demoInput({ amount: 2_500_000 });
    const context = replay(input, eventsToStage(input, 'preReview')).context;
    expect(initialValues('PRE_REVIEW_MODIFY_AMOUNT', context).amount).toBe(2_500_000);
    const meeting = { ...context, meeting: { ...context.meeting!, meetingId: 'ZB-2026-01' } };
    expect(initialValues('GENERAL_OFFICE_CAST_VOTE', meeting).meetingId).toBe('ZB-2026-01');
    // A new allocation names a new meeting.
    expect(initialValues('GENERAL_OFFICE_ALLOCATE', meeting).meetingId).toBe('');
  });

  it('checks the vote opinion against its values', () => {
    const values = { meetingId: 'm1', opinion: null, comment: '' };
    expect(issues('GENERAL_OFFICE_CAST_VOTE', values)).toEqual(['opinion:choose']);
    expect(issues('GENERAL_OFFICE_CAST_VOTE', { ...values, opinion: 'MAYBE' })).toEqual(['opinion:enumValue']);
    const ok = { ...values, opinion: 'AGREE' };
    expect(issues('GENERAL_OFFICE_CAST_VOTE', ok)).toEqual([]);
    // The optional comment is left out when empty.
    expect(toPayload('GENERAL_OFFICE_CAST_VOTE', ok)).toEqual({ meetingId: 'm1', opinion: 'AGREE' });
    expect(serverProblems('GENERAL_OFFICE_CAST_VOTE', ok)).toEqual([]);
  });

  it('sends the default vote rule as nothing, a custom one only when valid', () => {
    const values = initialValues('GENERAL_OFFICE_ALLOCATE');
    expect((values.rule as RuleDraft).custom).toBe(false);
    expect(issues('GENERAL_OFFICE_ALLOCATE', values)).toEqual(['meetingId:required', 'attendees:required']);
    const filled = { ...values, meetingId: 'ZB-1', attendees: ['u1', 'u2', 'u3'] };
    expect(toPayload('GENERAL_OFFICE_ALLOCATE', filled)).toEqual({ meetingId: 'ZB-1', attendees: ['u1', 'u2', 'u3'] });
    expect(issues('GENERAL_OFFICE_ALLOCATE', { ...filled, attendees: ['u1', 'u1'] })).toEqual(['attendees:distinct']);

    const custom = { ...filled, rule: { ...(values.rule as RuleDraft), custom: true, quorum: 0 } };
    expect(issues('GENERAL_OFFICE_ALLOCATE', custom)).toEqual(['quorum:fraction']);
    const impossible = { ...filled, rule: { ...(values.rule as RuleDraft), custom: true, passThreshold: 1, passWhen: 'above' } };
    expect(issues('GENERAL_OFFICE_ALLOCATE', impossible)).toEqual(['rule:rule']);
    const good = { ...filled, rule: { ...DEFAULT_VOTE_RULES.REVIEW_COMMITTEE, custom: true } };
    expect(issues('GENERAL_OFFICE_ALLOCATE', good)).toEqual([]);
    expect(toPayload('GENERAL_OFFICE_ALLOCATE', good).rule).toEqual(DEFAULT_VOTE_RULES.REVIEW_COMMITTEE);
    expect(serverProblems('GENERAL_OFFICE_ALLOCATE', good)).toEqual([]);
  });

  it('leaves COUNTER_GUARANTEE_CONFIRM without fields: the server fills the collateral from the register', () => {
    const type = 'COUNTER_GUARANTEE_CONFIRM';
    expect(payloadFields(type)).toEqual([]);
    expect(isServerFilled(type, 'collateral')).toBe(true);
    expect(initialValues(type)).toEqual({});
    // whatever the values hold, nothing is checked or sent
    const stray = { collateral: [{ id: '', kind: null }] };
    expect(issues(type, stray)).toEqual([]);
    expect(toPayload(type, stray)).toEqual({});
    // what the server validates: its register rows, then the (empty) payload over them
    const register = { collateral: [{ id: 'c1', kind: 'MORTGAGE' }] };
    expect(validateEvent({ ...register, ...toPayload(type, stray), type, actorId: 'someone', at: '2026-01-01T00:00:00.000Z' })).toEqual([]);
  });
});
