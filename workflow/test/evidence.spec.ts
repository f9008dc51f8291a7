import { EVENT_EVIDENCE, EVENT_TYPES, EVIDENCE_KINDS, EVIDENCE_LABELS, evidenceOf, evidenceRoundStart, guaranteeMachine, type RoundEvent } from '../src/index';

const visit = (value: string) => ({ afterGuarantee: value });

describe('the steps that stand on a document (EVENT_EVIDENCE)', () => {
  it('declares a known event and a worded kind for each step that records an upload', () => {
    expect(Object.keys(EVENT_EVIDENCE).sort()).toEqual(
      [
        'CONTRACT_ARCHIVE_UPLOAD',
        'COUNTER_GUARANTEE_UPLOAD',
        'LETTER_UPLOAD_SEALED',
        'RECORD_REPAYMENT',
        'VISIT_SUBMIT_REPORT',
        'VOUCHER_UPLOAD',
        'COMPENSATION_PAY',
        'RECOVERY_WRITE_OFF_APPROVE',
      ].sort(),
    );
    for (const [type, kind] of Object.entries(EVENT_EVIDENCE)) {
      expect(EVENT_TYPES).toContain(type);
      expect(EVIDENCE_KINDS).toContain(kind);
      expect(EVIDENCE_LABELS[kind!].zh).not.toBe('');
      expect(EVIDENCE_LABELS[kind!].en).not.toBe('');
    }
    expect(evidenceOf('LETTER_SUBMIT')).toBeNull();
    expect(evidenceOf('VOUCHER_UPLOAD')).toBe('DISBURSEMENT_VOUCHER');
  });

  it('a round begins when the loan enters a state allowing the step, or when the step was last taken', () => {
    // newest first: round 1 submitted (seq 11), returned (seq 12): the return begins round 2's file window
    const returned: RoundEvent[] = [
      { seq: 12, type: 'VISIT_RETURN', from: visit('visitReportSubmitted'), to: visit('awaitingVisitReport') },
      { seq: 11, type: 'VISIT_SUBMIT_REPORT', from: visit('awaitingVisitReport'), to: visit('visitReportSubmitted') },
      { seq: 10, type: 'VOUCHER_CONFIRM', from: { disbursement: 'voucherUploaded' }, to: visit('awaitingVisitReport') },
    ];
    expect(evidenceRoundStart('VISIT_SUBMIT_REPORT', returned, guaranteeMachine)).toEqual({ seq: 12, done: true });
    // before any report: the first round began with the disbursement
    expect(evidenceRoundStart('VISIT_SUBMIT_REPORT', returned.slice(2))).toEqual({ seq: 10, done: true });
    // a repayment uses its voucher: the next one needs a new file, whatever the visits did in between
    const repaid: RoundEvent[] = [
      { seq: 15, type: 'VISIT_APPROVE', from: visit('visitReportSubmitted'), to: visit('awaitingVisitReport') },
      { seq: 14, type: 'RECORD_REPAYMENT', from: visit('visitReportSubmitted'), to: visit('visitReportSubmitted') },
      ...returned,
    ];
    expect(evidenceRoundStart('RECORD_REPAYMENT', repaid)).toEqual({ seq: 14, done: true });
    // not within the events given: the caller reads further back
    expect(evidenceRoundStart('RECORD_REPAYMENT', repaid.slice(0, 1))).toEqual({ seq: 0, done: false });
  });
});
