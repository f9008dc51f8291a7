import { AppHandle, bootTestApp, count, login, ownerUrlOf, startTestApp, tokenOf, freshDatabaseUrl } from './support/app';

/** A database of its own on the same server, so that "empty" really is empty (made by the owner role, which may create databases). */
describe('first-start data', () => {
  it('in production config loads no demo data, only the administrator from ADMIN_PASSWORD; a second start adds nothing', async () => {
    const databaseUrl = await freshDatabaseUrl(`seed_prod_${process.pid}`);
    const migrationDatabaseUrl = ownerUrlOf(`seed_prod_${process.pid}`);
    const t = await bootTestApp({ databaseUrl, migrationDatabaseUrl, demoMode: false, adminPassword: 'Prod@Admin1', production: true });
    try {
      expect((await t.db.query(`SELECT username FROM app_user`)).map((r: any) => r.username)).toEqual(['admin']);
      expect(await count(t, 'loan')).toBe(0);
      expect(await count(t, 'message')).toBe(0);
      expect((await login(t, 'admin', 'Prod@Admin1').expect(200)).body.code).toBe('A00000');
      expect((await login(t, 'apost', 'Demo@2026').expect(400)).body.code).toBe('A01001');
    } finally {
      await t.close();
    }
    const again = await bootTestApp({ databaseUrl, migrationDatabaseUrl, demoMode: true, adminPassword: null });
    try {
      // Demo mode on, but the database is no longer empty: nothing is loaded.
      expect(await count(again, 'app_user')).toBe(1);
      expect(await count(again, 'loan')).toBe(0);
    } finally {
      await again.close();
    }
  });
});

describe('demo meetings', () => {
  let t: AppHandle;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('holds a general-office and a review-committee meeting in each state, each loan moved there by events that verify', async () => {
    const meetings: { id: string; kind: string; status: string; loans: string[]; attendees: number }[] = await t.db.query(
      `SELECT m.id, m.kind, m.status,
              (SELECT array_agg(ml.loan_id::text) FROM meeting_loan ml WHERE ml.meeting_id = m.id AND ml.cancelled_at IS NULL) AS loans,
              (SELECT count(*)::int FROM meeting_attendee ma WHERE ma.meeting_id = m.id) AS attendees
         FROM meeting m JOIN app_user u ON u.id = m.created_by WHERE u.username = 'admin' AND m.kind IN ('ZB', 'BS') ORDER BY m.kind, m.held_at`,
    );
    for (const kind of ['ZB', 'BS']) {
      expect(meetings.filter((m) => m.kind === kind).map((m) => m.status)).toEqual(expect.arrayContaining(['PREPARATION', 'START', 'END']));
    }
    const admin = await tokenOf(t, 'admin');
    const votesOf = async (loanId: string, meetingId: string) =>
      count(t, `workflow_event WHERE loan_id = $1 AND type LIKE '%_CAST_VOTE' AND payload->>'meetingId' = $2`, [loanId, meetingId]);
    for (const m of meetings) {
      expect(m.loans).toHaveLength(1);
      const [loanId] = m.loans;
      const [instance] = await t.db.query(`SELECT snapshot, version FROM workflow_instance WHERE loan_id = $1`, [loanId]);
      const stage = m.kind === 'ZB' ? 'generalOffice' : 'insuranceReview';
      const expected = { PREPARATION: 'allocated', START: 'voting', END: 'passed' }[m.status];
      expect([m.kind, m.status, instance.snapshot.value]).toEqual([m.kind, m.status, { [stage]: expected }]);
      const votes = await votesOf(loanId, m.id);
      if (m.status === 'PREPARATION') expect(votes).toBe(0);
      // Under way: some have voted, someone is still to vote.
      if (m.status === 'START') expect(votes > 0 && votes < m.attendees).toBe(true);
      if (m.status === 'END') expect(votes).toBe(m.attendees);
      const verified = await t.http.get(`/server/loans/${loanId}/history/verify`).set('X-Platform-Token', admin).expect(200);
      expect(verified.body.data).toMatchObject({ ok: true, checked: instance.version });
    }

    // A newcomer attendee finds the meeting under way on the voting page, with a vote to cast.
    const zb3 = await tokenOf(t, 'zb3');
    const page = (await t.http.get('/server/votes/zb').set('X-Platform-Token', zb3).expect(200)).body.data;
    expect(page.list.map((r: any) => r.meetingStatus)).toEqual(expect.arrayContaining(['START', 'END']));
    expect(page.list.find((r: any) => r.meetingStatus === 'START')).toMatchObject({ canVote: true, myVote: null });
  });
});
