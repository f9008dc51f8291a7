import * as engine from '@app/workflow';
import { defaultVoteRule, MEETING_EVENTS, type MeetingStatus, type VoteOpinion, type VotingMeetingKind } from '@app/workflow';
import { EntityManager } from 'typeorm';
import { WorkflowRepository } from '../workflow/workflow.repository';
import { commitDemoEvent, createDemoLoan, type DemoLoan, type DemoPeople } from './demo-loans';

interface DemoMeeting {
  kind: VotingMeetingKind;
  /** PREPARATION: a loan allocated; START: under way, some attendees have voted; END: voted and decided. */
  status: Exclude<MeetingStatus, 'CANCEL'>;
  title: string;
  place: string;
  /** When the meeting is (was) held, in hours from now. */
  heldInHours: number;
  /** Opinions of the attendees in order, while it runs (START) or when it ended (END). */
  votes: VoteOpinion[];
  loan: Omit<DemoLoan, 'stage'>;
}

/** A general-office and a review-committee meeting in each state, so the voting pages have something for a newcomer. */
const DEMO_MEETINGS: DemoMeeting[] = [
  {
    kind: 'ZB',
    status: 'PREPARATION',
    title: '2026年第12次总办会',
    place: '总部三楼第一会议室',
    heldInHours: 72,
    votes: [],
    loan: { company: '上海启明智能装备有限公司', amount: 3_200_000, termMonths: 12, bank: '中国工商银行' },
  },
  {
    kind: 'ZB',
    status: 'START',
    title: '2026年第11次总办会',
    place: '总部三楼第一会议室',
    heldInHours: -1,
    votes: ['AGREE', 'AGREE'],
    loan: { company: '上海东方光电材料有限公司', amount: 4_800_000, termMonths: 24, bank: '招商银行' },
  },
  {
    kind: 'ZB',
    status: 'END',
    title: '2026年第10次总办会',
    place: '总部三楼第一会议室',
    heldInHours: -7 * 24,
    votes: ['AGREE', 'AGREE', 'ABSTAIN'],
    loan: { company: '上海瑞丰食品科技有限公司', amount: 2_600_000, termMonths: 12, bank: '上海银行' },
  },
  {
    kind: 'BS',
    status: 'PREPARATION',
    title: '2026年第8次保审会',
    place: '总部五楼会议室',
    heldInHours: 96,
    votes: [],
    loan: { company: '上海博远医疗器械有限公司', amount: 9_000_000, termMonths: 36, bank: '交通银行' },
  },
  {
    kind: 'BS',
    status: 'START',
    title: '2026年第7次保审会',
    place: '总部五楼会议室',
    heldInHours: -2,
    votes: ['AGREE'],
    loan: { company: '上海星河航空部件有限公司', amount: 6_500_000, termMonths: 24, bank: '中国银行' },
  },
  {
    kind: 'BS',
    status: 'END',
    title: '2026年第6次保审会',
    place: '总部五楼会议室',
    heldInHours: -6 * 24,
    votes: ['AGREE', 'AGREE', 'AGREE'],
    loan: { company: '上海青禾农业科技有限公司', amount: 3_800_000, termMonths: 18, bank: '兴业银行' },
  },
];

const STAGE_OF_KIND = { ZB: 'generalOffice', BS: 'insuranceReview' } as const;
const HOUR = 3600_000;

/**
 * The demo meetings: each with a loan of its own, driven by real events to its meeting stage and then
 * through the meeting's own events (allocation, start, votes, end) exactly as the meeting pages send
 * them, so the loans' histories verify and the voting pages show what the machine holds.
 * `firstIndex` numbers the loans after the other demo loans (credit codes stay distinct).
 */
export async function seedDemoMeetings(em: EntityManager, people: DemoPeople, firstIndex: number, now = new Date()): Promise<number> {
  const repo = new WorkflowRepository(em.connection);
  for (const [n, demo] of DEMO_MEETINGS.entries()) {
    const events = MEETING_EVENTS[demo.kind];
    const attendees = demo.kind === 'ZB' ? people.zb : people.bs;
    const rule = defaultVoteRule(demo.kind);
    const heldAt = new Date(now.getTime() + demo.heldInHours * HOUR);
    // Created and allocated a few days before it is held (and before now, for one still to come).
    const createdAt = new Date(Math.min(heldAt.getTime(), now.getTime()) - 3 * 24 * HOUR);
    const startAt = new Date(now.getTime() - (25 + n) * 24 * HOUR).toISOString();
    let row = await createDemoLoan(em, people, { ...demo.loan, stage: STAGE_OF_KIND[demo.kind] }, firstIndex + n, startAt);

    const [meeting] = await em.query(
      `INSERT INTO meeting (kind, title, held_at, place, rule, created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
      [demo.kind, demo.title, heldAt.toISOString(), demo.place, rule, people.admin, createdAt.toISOString()],
    );
    const meetingId: string = meeting.id;
    await em.query(`INSERT INTO meeting_attendee (meeting_id, user_id) SELECT $1, unnest($2::uuid[])`, [meetingId, attendees]);

    const commit = async (event: Record<string, unknown>) => {
      row = await commitDemoEvent(em, repo, row, event as unknown as engine.GuaranteeEvent, `${demo.kind} meeting ${demo.status}`);
    };
    const allocatedAt = new Date(createdAt.getTime() + HOUR).toISOString();
    await commit({ type: events.allocate, actorId: people.admin, at: allocatedAt, meetingId, attendees, rule });
    await em.query(`INSERT INTO meeting_loan (meeting_id, loan_id, allocated_by, allocated_at) VALUES ($1, $2, $3, $4)`, [
      meetingId,
      row.loanId,
      people.admin,
      allocatedAt,
    ]);
    if (demo.status === 'PREPARATION') continue;

    await commit({ type: events.start, actorId: people.admin, at: heldAt.toISOString(), meetingId });
    for (const [v, opinion] of demo.votes.entries()) {
      const comment = opinion === 'AGREE' ? null : '需补充反担保措施说明';
      await commit({
        type: events.vote,
        actorId: attendees[v],
        at: new Date(heldAt.getTime() + (v + 1) * 10 * 60_000).toISOString(),
        meetingId,
        opinion,
        ...(comment ? { comment } : {}),
      });
    }
    const endedAt = demo.status === 'END' ? new Date(heldAt.getTime() + HOUR).toISOString() : null;
    if (endedAt) await commit({ type: events.end, actorId: people.admin, at: endedAt, meetingId });
    await em.query(
      `UPDATE meeting SET status = $2, started_at = $3::timestamptz, ended_at = $4::timestamptz, updated_at = coalesce($4::timestamptz, $3::timestamptz) WHERE id = $1`,
      [meetingId, demo.status, heldAt.toISOString(), endedAt],
    );
  }
  return DEMO_MEETINGS.length;
}
