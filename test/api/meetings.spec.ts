import { ATTACHMENT_KINDS } from '@app/workflow';
import ExcelJS from 'exceljs';
import * as fs from 'node:fs';
import * as path from 'node:path';
import PizZip from 'pizzip';
import { count, startTestApp, AppHandle, tokenOf } from './support/app';
import { createUser } from './support/app';
import { loanInPreReview, readExport, userWith } from './support/lists';
import { sendEvent } from './support/loans';

/**
 * Meetings of the data library, the voting pages, the attendee pool and the archives, on the real
 * stack: every meeting step moves the loans through their machines, all in one transaction.
 */

jest.setTimeout(120_000);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Supertest keeps binary answers as a Buffer with this parser. */
function binary(res: any, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('meetings, votes, attendees and archives', () => {
  let t: AppHandle;
  const tok: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    for (const name of ['admin', 'leader', 'apost', 'bpost', 'prereview', 'zb1', 'zb2', 'zb3', 'bs1', 'bs2', 'bs3']) {
      tok[name] = await tokenOf(t, name);
      const [row] = await t.db.query(`SELECT id FROM app_user WHERE username = $1`, [name]);
      ids[name] = row.id;
    }
  });
  afterAll(() => t.close());

  const as = (who: string) => ({ 'X-Platform-Token': tok[who] });
  const get = (who: string, url: string) => t.http.get(`/server${url}`).set(as(who));
  const post = (who: string, url: string, body: object = {}) => t.http.post(`/server${url}`).set(as(who)).send(body);
  const del = (who: string, url: string) => t.http.delete(`/server${url}`).set(as(who));
  const download = (who: string, url: string) => t.http.get(`/server${url}`).set(as(who)).buffer(true).parse(binary);

  async function workflow(loanId: string) {
    const res = await get('admin', `/loans/${loanId}/workflow`).expect(200);
    return res.body.data as { version: number; state: any; stage: string };
  }

  /** A new loan standing in the general office, awaiting a meeting. */
  async function loanInGeneralOffice(): Promise<string> {
    const loan = await loanInPreReview(t, { apost: tok.apost, admin: tok.admin, prereview: tok.prereview, bpost: tok.bpost });
    await sendEvent(t, tok.prereview, loan.id, 'PRE_REVIEW_APPROVE', loan.version).expect(200);
    await sendEvent(t, tok.apost, loan.id, 'SUBMIT_TO_GENERAL_OFFICE', loan.version + 1).expect(200);
    expect((await workflow(loan.id)).state).toEqual({ generalOffice: 'awaitingMeeting' });
    return loan.id;
  }

  async function createMeeting(kind: 'zb' | 'bs', who = 'leader', extra: object = {}) {
    const people = kind === 'zb' ? ['zb1', 'zb2', 'zb3'] : ['bs1', 'bs2', 'bs3'];
    const res = await post(who, `/meetings/${kind}`, {
      title: `${kind === 'zb' ? '总办会' : '保审会'} 第${Math.floor(Math.random() * 1000)}次`,
      heldAt: new Date(Date.now() + 3600_000).toISOString(),
      place: '三楼会议室',
      attendeeIds: people.map((p) => ids[p]),
      ...extra,
    });
    if (res.status !== 201) throw new Error(`meeting: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { id: string; status: string; rule: any; attendees: { id: string }[]; steps: string[] };
  }

  /** Casts a vote as `who` on the loan's current meeting and checks the answer's status. */
  async function vote(who: string, loanId: string, opinion: string, status: number, type = 'GENERAL_OFFICE_CAST_VOTE') {
    const wf = await workflow(loanId);
    const [{ m }] = await t.db.query(`SELECT snapshot->'context'->'meeting'->>'meetingId' AS m FROM workflow_instance WHERE loan_id = $1`, [loanId]);
    return sendEvent(t, tok[who], loanId, type, wf.version, { meetingId: m, opinion, comment: `${who} 的意见` })
      .set('Accept-Language', 'en')
      .expect(status);
  }

  describe('attendee pool (/user/participation)', () => {
    it('holds the demo attendees: zb1-3 for the general office, bs1-3 for the review committee', async () => {
      const res = await get('admin', '/conferees?pageSize=50&kind=ZB').expect(200);
      expect(res.body.data.list.map((c: any) => c.username).sort()).toEqual(['zb1', 'zb2', 'zb3']);
      const bs = await get('admin', '/conferees?pageSize=50&kind=BS&sort=username&order=asc').expect(200);
      expect(bs.body.data.list.map((c: any) => c.username)).toEqual(['bs1', 'bs2', 'bs3']);
      const pool = await get('leader', '/meetings/zb/attendee-pool').expect(200);
      expect(pool.body.data.map((p: any) => p.username).sort()).toEqual(['zb1', 'zb2', 'zb3']);
    });

    it('adds, manages and deletes attendees, each with its own permission', async () => {
      const person = await createUser(t);
      await post('apost', '/conferees', { userIds: [person.id], meetingKinds: ['ZB'] }).expect(403);
      const loader = await userWith(t, ['sys:conferee:load']);
      await t.http
        .post('/server/conferees')
        .set('X-Platform-Token', loader.token)
        .send({ userIds: [person.id], meetingKinds: ['ZB'] })
        .expect(403);
      await t.http.get('/server/conferees').set('X-Platform-Token', loader.token).expect(200);

      // Bad input: nothing written.
      const before = await count(t, 'conferee');
      const bad = await post('admin', '/conferees', { userIds: [person.id], meetingKinds: ['XX'] })
        .set('Accept-Language', 'en')
        .expect(400);
      expect(bad.body.data.fieldErrors[0].field).toBe('meetingKinds');
      await post('admin', '/conferees', { userIds: ['not-a-uuid'], meetingKinds: ['ZB'] }).expect(400);
      await post('admin', '/conferees', { userIds: [person.id, ids.zb1], meetingKinds: ['ZB'] }).expect(409);
      expect(await count(t, 'conferee')).toBe(before);

      const users = await get('admin', `/conferees/users?keyword=${person.username}`).expect(200);
      expect(users.body.data.map((u: any) => u.id)).toEqual([person.id]);
      await post('admin', '/conferees', { userIds: [person.id], meetingKinds: ['ZB', 'BS'] }).expect(201);
      const dup = await post('admin', '/conferees', { userIds: [person.id], meetingKinds: ['ZB'] }).expect(409);
      expect(dup.body.code).toBe('A07008');
      // the refusal names the people field, so the add form shows it there
      expect(dup.body.data.fieldErrors).toEqual([{ field: 'userIds', message: expect.stringContaining(person.username) }]);

      const pool = async () => (await get('leader', '/meetings/bs/attendee-pool').expect(200)).body.data.map((p: any) => p.id);
      expect(await pool()).toContain(person.id);
      await t.http.patch(`/server/conferees/${person.id}`).set(as('apost')).send({ active: false }).expect(403);
      await t.http.patch(`/server/conferees/${person.id}`).set(as('admin')).send({}).expect(400);
      const managed = await t.http
        .patch(`/server/conferees/${person.id}`)
        .set(as('admin'))
        .send({ active: false, meetingKinds: ['BS'] })
        .expect(200);
      expect(managed.body.data).toMatchObject({ active: false, meetingKinds: ['BS'] });
      expect(await pool()).not.toContain(person.id);
      const inactive = await get('admin', '/conferees?active=false').expect(200);
      expect(inactive.body.data.list.map((c: any) => c.userId)).toContain(person.id);

      await del('apost', `/conferees/${person.id}`).expect(403);
      await del('admin', `/conferees/${person.id}`).expect(200);
      const gone = await del('admin', `/conferees/${person.id}`).expect(404);
      expect(gone.body.code).toBe('A07009');
    });

    it('exports the pool as a workbook with localized headers', async () => {
      const zh = await readExport(t, '/server/conferees/export?kind=ZB', tok.admin);
      expect(zh.headers).toEqual(['用户名', '姓名', '会议类型', '状态', '参会次数', '添加时间（Asia/Shanghai）']);
      expect(zh.rows.map((r) => r[0]).sort()).toEqual(['zb1', 'zb2', 'zb3']);
      const en = await readExport(t, '/server/conferees/export?kind=BS', tok.admin, 'en');
      expect(en.headers[0]).toBe('User name');
      expect(en.rows[0][2]).toBe('Review-committee meeting');
    });
  });

  describe('adding a meeting', () => {
    it('creates a general-office meeting with the default rule of its type', async () => {
      const meeting = await createMeeting('zb');
      expect(meeting.status).toBe('PREPARATION');
      expect(meeting.rule).toEqual({ quorum: 0.5, passThreshold: 0.5, base: 'cast', passWhen: 'above', onTie: 'PENGING_RESOLUTION' });
      expect(meeting.attendees).toHaveLength(3);
      expect(meeting.steps.sort()).toEqual(['allocate', 'cancel', 'cancelAllocation', 'start']);
      const list = await get('leader', '/meetings/zb?status=PREPARATION&pageSize=100').expect(200);
      expect(list.body.data.list.map((m: any) => m.id)).toContain(meeting.id);
    });

    it('refuses without permission (403) and bad input (400) writing nothing', async () => {
      const body = { title: '总办会', heldAt: new Date().toISOString(), place: '会议室', attendeeIds: [ids.zb1] };
      await post('apost', '/meetings/zb', body).expect(403);
      await post('zb1', '/meetings/zb', body).expect(403);
      const before = await count(t, 'meeting');
      const attendeesBefore = await count(t, 'meeting_attendee');
      const empty = await post('leader', '/meetings/zb', { ...body, attendeeIds: [] }).expect(400);
      expect(empty.body.data.fieldErrors[0].field).toBe('attendeeIds');
      const outside = await post('leader', '/meetings/zb', { ...body, attendeeIds: [ids.zb1, ids.bs1] })
        .set('Accept-Language', 'en')
        .expect(400);
      expect(outside.body.code).toBe('A07004');
      expect(outside.body.message).toContain('保审会 周一');
      const rule = await post('leader', '/meetings/zb', {
        ...body,
        rule: { quorum: 2, passThreshold: 0.5, base: 'cast', passWhen: 'above', onTie: 'FAIL' },
      }).expect(400);
      expect(rule.body.code).toBe('A07005');
      const time = await post('leader', '/meetings/zb', { ...body, heldAt: '明天上午' }).expect(400);
      expect(time.body.code).toBe('A07005');
      await post('leader', '/meetings/zb', { ...body, title: 'x'.repeat(101) }).expect(400);
      await post('leader', '/meetings/zb', { ...body, extra: 1 }).expect(400);
      expect(await count(t, 'meeting')).toBe(before);
      expect(await count(t, 'meeting_attendee')).toBe(attendeesBefore);
    });

    it('keeps an edited vote rule', async () => {
      const rule = { quorum: 1, passThreshold: 0.6, base: 'attendees', passWhen: 'atLeast', onTie: 'FAIL' };
      const meeting = await createMeeting('zb', 'leader', { rule });
      expect(meeting.rule).toEqual(rule);
    });
  });

  describe('a general-office meeting from allocation to result', () => {
    let meetingId: string;
    let loanA: string;
    let loanB: string;

    beforeAll(async () => {
      [loanA, loanB] = [await loanInGeneralOffice(), await loanInGeneralOffice()];
      meetingId = (await createMeeting('zb')).id;
    });

    it('lists as candidates the loans whose machine accepts the allocation', async () => {
      const res = await get('leader', `/meetings/zb/${meetingId}/candidates?pageSize=200`).expect(200);
      const candidates = res.body.data.list.map((c: any) => c.loanId);
      expect(candidates).toEqual(expect.arrayContaining([loanA, loanB]));
      await get('zb1', `/meetings/zb/${meetingId}/candidates`).expect(403);
    });

    it('allocates several loans in one transaction, or none of them', async () => {
      await post('zb1', `/meetings/zb/${meetingId}/allocations`, { loanIds: [loanA] }).expect(403);
      await post('leader', `/meetings/zb/${meetingId}/allocations`, { loanIds: [] }).expect(400);
      await post('leader', `/meetings/zb/${meetingId}/allocations`, { loanIds: ['nope'] }).expect(400);
      const res = await post('leader', `/meetings/zb/${meetingId}/allocations`, { loanIds: [loanA, loanB] }).expect(200);
      expect(res.body.data.loans.map((l: any) => l.loanId).sort()).toEqual([loanA, loanB].sort());
      expect((await workflow(loanA)).state).toEqual({ generalOffice: 'allocated' });

      // One loan already allocated: the machine refuses it, and the fresh loan is left untouched too.
      const fresh = await loanInGeneralOffice();
      const other = (await createMeeting('zb')).id;
      const refused = await post('leader', `/meetings/zb/${other}/allocations`, { loanIds: [fresh, loanA] })
        .set('Accept-Language', 'en')
        .expect(409);
      expect(refused.body.code).toBe('A07006');
      expect(refused.body.data.loanId).toBe(loanA);
      expect((await workflow(fresh)).state).toEqual({ generalOffice: 'awaitingMeeting' });
      expect(await count(t, 'meeting_loan WHERE meeting_id = $1', [other])).toBe(0);
    });

    it('starts: every loan goes to voting with the meeting, in one step', async () => {
      await post('zb1', `/meetings/zb/${meetingId}/start`).expect(403);
      const res = await post('leader', `/meetings/zb/${meetingId}/start`).expect(200);
      expect(res.body.data.status).toBe('START');
      expect((await workflow(loanA)).state).toEqual({ generalOffice: 'voting' });
      expect((await workflow(loanB)).state).toEqual({ generalOffice: 'voting' });
      const again = await post('leader', `/meetings/zb/${meetingId}/start`).set('Accept-Language', 'en').expect(409);
      expect(again.body.code).toBe('A07002');
      expect(again.body.message).toContain('In progress');
      // Allocation is over once the meeting runs.
      await post('leader', `/meetings/zb/${meetingId}/allocations`, { loanIds: [loanA] }).expect(409);
    });

    it('takes one vote per attendee; a second vote or a non-attendee is refused with 409', async () => {
      await vote('zb1', loanA, 'AGREE', 200);
      await vote('zb2', loanA, 'AGREE', 200);
      await vote('zb3', loanA, 'DISAGREE', 200);
      await vote('zb1', loanB, 'DISAGREE', 200);
      await vote('zb2', loanB, 'ABSTAIN', 200);
      await vote('zb3', loanB, 'DISAGREE', 200);

      const twice = await vote('zb1', loanA, 'DISAGREE', 409);
      expect(twice.body.code).toBe('A03001');
      expect(twice.body.message).toContain('already voted');
      const outsider = await vote('admin', loanA, 'AGREE', 409);
      expect(outsider.body.message).toContain('Only attendees');
      await vote('bs1', loanA, 'AGREE', 403);
      const bad = await vote('zb1', loanA, 'MAYBE', 400);
      expect(bad.body.code).toBe('A03005');
    });

    it("shows an attendee the meeting's loans, and others' opinions only after the end", async () => {
      const list = await get('zb1', '/votes/zb?status=START').expect(200);
      const rows = list.body.data.list.filter((r: any) => r.meetingId === meetingId);
      expect(rows).toHaveLength(2);
      expect(rows.find((r: any) => r.loanId === loanA)).toMatchObject({ myVote: { opinion: 'AGREE' }, canVote: false, outcome: null });
      expect((await get('admin', '/votes/zb').expect(200)).body.data.list).toEqual([]); // not an attendee
      await get('bs1', '/votes/zb').expect(403);

      const itemId = rows.find((r: any) => r.loanId === loanA).itemId;
      const detail = (await get('zb1', `/votes/zb/${itemId}`).expect(200)).body.data;
      expect(detail.isAttendee).toBe(true);
      expect(detail.myVote.opinion).toBe('AGREE');
      const zb3 = detail.attendees.find((a: any) => a.id === ids.zb3);
      expect(zb3).toMatchObject({ voted: true, opinion: null });
      expect(detail.workflow.legalActions).toEqual([]);
      await get('zb1', '/votes/zb/not-an-id').expect(404);
    });

    it('ends: each loan is tallied by the rule (2 of 3 agree passes; 0 agree fails)', async () => {
      await post('zb1', `/meetings/zb/${meetingId}/end`).expect(403);
      const res = await post('leader', `/meetings/zb/${meetingId}/end`).expect(200);
      expect(res.body.data.status).toBe('END');
      expect((await workflow(loanA)).state).toEqual({ generalOffice: 'passed' });
      expect((await workflow(loanB)).state).toEqual({ generalOffice: 'failed' });
      const loans = res.body.data.loans;
      expect(loans.find((l: any) => l.loanId === loanA).outcome).toMatchObject({ result: 'PASSED', counts: { agree: 2, disagree: 1 } });
      expect(loans.find((l: any) => l.loanId === loanB).outcome).toMatchObject({ result: 'FAIL', counts: { agree: 0, disagree: 2, abstain: 1 } });
      await post('leader', `/meetings/zb/${meetingId}/cancel`).expect(409);
      await post('leader', `/meetings/zb/${meetingId}/end`).expect(409);
    });

    it('gives the vote details of every attendee once ended', async () => {
      await get('apost', `/meetings/zb/${meetingId}/votes`).expect(403);
      const res = await get('zb1', `/meetings/zb/${meetingId}/votes`).expect(200);
      const a = res.body.data.loans.find((l: any) => l.loanId === loanA);
      expect(a.votes.map((v: any) => [v.attendeeName, v.opinion])).toEqual(
        expect.arrayContaining([
          ['总办会 陈一', 'AGREE'],
          ['总办会 陈二', 'AGREE'],
          ['总办会 陈三', 'DISAGREE'],
        ]),
      );
      expect(a.votes[0].comment).toMatch(/的意见$/);
      const item = (await get('zb2', '/votes/zb?status=END').expect(200)).body.data.list.find((r: any) => r.loanId === loanA);
      expect(item.outcome.result).toBe('PASSED');
      const detail = (await get('zb2', `/votes/zb/${item.itemId}`).expect(200)).body.data;
      expect(detail.attendees.find((x: any) => x.id === ids.zb3).opinion).toBe('DISAGREE');
    });

    it('exports the minutes as Word and Excel with the agenda and every vote', async () => {
      await download('apost', `/meetings/zb/${meetingId}/minutes/export`).expect(403);
      const docx = await download('leader', `/meetings/zb/${meetingId}/minutes/export?format=docx`).expect(200);
      expect(docx.headers['content-type']).toContain('wordprocessingml');
      expect(docx.headers['content-disposition']).toContain('.docx');
      const xml = new PizZip(docx.body).file('word/document.xml')!.asText();
      const [{ name }] = await t.db.query(`SELECT c.name FROM loan l JOIN company c ON c.id = l.company_id WHERE l.id = $1`, [loanA]);
      expect(xml).toContain(name);
      expect(xml).toContain('总办会 陈三');
      expect(xml).toContain('不同意');
      expect(xml).toContain('通过');
      expect(xml).not.toMatch(/\{[#/]?(agenda|votes|title)\}/);

      const xlsx = await download('leader', `/meetings/zb/${meetingId}/minutes/export?format=xlsx`).set('Accept-Language', 'en').expect(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.body);
      expect(book.worksheets.map((w) => w.name)).toEqual(['Meeting minutes', 'Agenda', 'Votes']);
      expect(book.getWorksheet('Agenda')!.rowCount).toBe(3);
      expect(book.getWorksheet('Votes')!.rowCount).toBe(7);
      const opinions = (book.getWorksheet('Votes')!.getColumn(4).values as unknown[]).slice(2);
      expect(opinions.sort()).toEqual(['Abstain', 'Agree', 'Agree', 'Disagree', 'Disagree', 'Disagree']);
      await download('leader', `/meetings/zb/${meetingId}/minutes/export?format=pdf`).expect(400);
    });

    it('uploads minutes checked by content and size, writing nothing for a bad file', async () => {
      const filesDir = path.join(t.config.dataDir, 'uploads', 'attachments');
      const filesBefore = fs.existsSync(filesDir) ? fs.readdirSync(filesDir).length : 0;
      const rowsBefore = await count(t, 'uploaded_file');
      const url = `/server/meetings/zb/${meetingId}/minutes`;
      await t.http.post(url).set(as('zb1')).attach('file', PDF, 'minutes.pdf').expect(403);
      const wrong = await t.http.post(url).set(as('leader')).attach('file', Buffer.from('just text'), 'minutes.pdf').expect(400);
      expect(wrong.body.code).toBe('A02003');
      const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
      const tooLarge = await t.http.post(url).set(as('leader')).attach('file', big, 'big.pdf').expect(400);
      expect(tooLarge.body.code).toBe('A02002');
      await t.http.post(url).set(as('leader')).expect(400);
      expect(await count(t, 'uploaded_file')).toBe(rowsBefore);
      expect(fs.existsSync(filesDir) ? fs.readdirSync(filesDir).length : 0).toBe(filesBefore);

      const ok = await t.http.post(url).set(as('leader')).attach('file', PDF, '第一次总办会纪要.pdf').expect(201);
      const detail = (await get('leader', `/meetings/zb/${meetingId}`).expect(200)).body.data;
      expect(detail.minutes.map((m: any) => m.name)).toEqual(['第一次总办会纪要.pdf']);
      const file = await download('leader', `/meetings/zb/${meetingId}/minutes/${ok.body.data.id}`).expect(200);
      expect(file.body.equals(PDF)).toBe(true);
    });

    it('files the meeting minutes in the archive of every loan on it, and zips them with the uploads', async () => {
      // Counted for those who may see the minutes' meeting: the leader, not apost.
      const list = await get('leader', '/archives?pageSize=200&hasAttachments=true').expect(200);
      const apostList = await get('apost', '/archives?pageSize=200&hasAttachments=true').expect(200);
      expect(apostList.body.data.list.some((r: any) => r.loanId === loanA)).toBe(false);
      const row = list.body.data.list.find((r: any) => r.loanId === loanA);
      expect(row.attachmentCount).toBe(1);

      await t.http.post(`/server/archives/${loanA}/files`).set(as('zb1')).field('kind', 'BANK_CONTRACT').attach('file', PNG, 'contract.png').expect(403);
      const badKind = await t.http
        .post(`/server/archives/${loanA}/files`)
        .set(as('apost'))
        .field('kind', 'HOLIDAY_PHOTOS')
        .attach('file', PNG, 'x.png')
        .expect(400);
      expect(badKind.body.data.fieldErrors[0].field).toBe('kind');
      await t.http
        .post(`/server/archives/${loanA}/files`)
        .set(as('apost'))
        .field('kind', 'BANK_CONTRACT')
        .attach('file', Buffer.from('<html>'), 'x.png')
        .expect(400);
      await t.http
        .post(`/server/archives/00000000-0000-4000-8000-000000000000/files`)
        .set(as('apost'))
        .field('kind', 'BANK_CONTRACT')
        .attach('file', PNG, 'x.png')
        .expect(404);
      const up = await t.http
        .post(`/server/archives/${loanA}/files`)
        .set(as('apost'))
        .field('kind', 'BANK_CONTRACT')
        .attach('file', PNG, '银行合同.png')
        .expect(201);
      await t.http.post(`/server/archives/${loanA}/files`).set(as('apost')).field('kind', 'BANK_CONTRACT').attach('file', PNG, '银行合同.png').expect(201);

      await get('zb1', `/archives/${loanA}`).expect(403);
      // The minutes are shown to those who may see the meeting (the leader), not to apost.
      const detail = (await get('leader', `/archives/${loanA}`).expect(200)).body.data;
      const mine = (await get('apost', `/archives/${loanA}`).expect(200)).body.data;
      expect(mine.groups.find((g: any) => g.kind === 'ZB_MINUTES').files).toEqual([]);
      const group = (kind: string) => detail.groups.find((g: any) => g.kind === kind);
      expect(detail.groups).toHaveLength(ATTACHMENT_KINDS.length);
      expect(group('BANK_CONTRACT').files.map((f: any) => f.name)).toEqual(['银行合同.png', '银行合同.png']);
      expect(group('ZB_MINUTES').files).toMatchObject([{ name: '第一次总办会纪要.pdf', source: 'meeting' }]);
      expect(group('BANK_CONTRACT').label).toEqual({ zh: '银行合同', en: 'Bank contract' });

      await download('zb1', `/archives/${loanA}/zip`).expect(403);
      const zip = await download('leader', `/archives/${loanA}/zip`).expect(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      const entries = Object.keys(new PizZip(zip.body).files)
        .filter((n) => !n.endsWith('/'))
        .sort();
      expect(entries).toEqual(['总办会会议纪要/第一次总办会纪要.pdf', '银行合同/银行合同 (2).png', '银行合同/银行合同.png']);
      // The zip holds what the storage kept and serves: the picture re-encoded on upload.
      const served = await download('apost', `/archives/files/${up.body.data.id}`).expect(200);
      expect(new PizZip(zip.body).file('银行合同/银行合同.png')!.asNodeBuffer().equals(served.body)).toBe(true);
      const bare = await loanInPreReview(t, { apost: tok.apost, admin: tok.admin, prereview: tok.prereview, bpost: tok.bpost });
      const empty = await download('apost', `/archives/${bare.id}/zip`).expect(409);
      expect(JSON.parse(empty.body.toString()).code).toBe('A07015');

      // Soft delete: gone from the archive, kept on disk, recorded with the actor.
      await del('zb1', `/archives/files/${up.body.data.id}`).expect(403);
      const minutesId = group('ZB_MINUTES').files[0].id;
      const notHere = await del('apost', `/archives/files/${minutesId}`).expect(409);
      expect(notHere.body.code).toBe('A07013');
      await del('apost', `/archives/files/${up.body.data.id}`).expect(200);
      await del('apost', `/archives/files/${up.body.data.id}`).expect(404);
      const [row2] = await t.db.query(`SELECT a.deleted_by, f.url FROM attachment a JOIN uploaded_file f ON f.id = a.file_id WHERE a.id = $1`, [
        up.body.data.id,
      ]);
      expect(row2.deleted_by).toBe(ids.apost);
      expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', 'attachments', row2.url.replace('attachment:', '')))).toBe(true);
      const after = (await get('leader', `/archives/${loanA}`).expect(200)).body.data;
      expect(after.total).toBe(2);

      const exported = await readExport(t, `/server/archives/export?company=${encodeURIComponent(row.companyName)}`, tok.apost);
      expect(exported.headers[0]).toBe('企业名称');
      expect(exported.rows.some((r) => r[0] === row.companyName)).toBe(true);
    });

    it('goes on to the review committee, which decides by two thirds of all attendees', async () => {
      const wf = await workflow(loanA);
      await sendEvent(t, tok.apost, loanA, 'SUBMIT_TO_INSURANCE_REVIEW', wf.version, { bPostOfficerId: ids.bpost }).expect(200);
      const bsMeeting = await createMeeting('bs');
      await post('leader', `/meetings/bs/${bsMeeting.id}/allocations`, { loanIds: [loanA] }).expect(200);
      // A general-office permission is no review-committee permission.
      const zbOnly = await userWith(t, ['zb_meeting_list', 'sys:zb-meeting:start']);
      await t.http.post(`/server/meetings/bs/${bsMeeting.id}/start`).set('X-Platform-Token', zbOnly.token).expect(403);
      await get('leader', `/meetings/zb/${bsMeeting.id}`).expect(404);
      await post('leader', `/meetings/bs/${bsMeeting.id}/start`).expect(200);
      await vote('bs1', loanA, 'AGREE', 200, 'INSURANCE_REVIEW_CAST_VOTE');
      await vote('bs2', loanA, 'AGREE', 200, 'INSURANCE_REVIEW_CAST_VOTE');
      await vote('zb1', loanA, 'AGREE', 403, 'INSURANCE_REVIEW_CAST_VOTE');
      const rows = (await get('bs3', '/votes/bs').expect(200)).body.data.list;
      expect(rows.find((r: any) => r.loanId === loanA)).toMatchObject({ canVote: true, myVote: null });
      await post('leader', `/meetings/bs/${bsMeeting.id}/end`).expect(200);
      expect((await workflow(loanA)).state).toEqual({ insuranceReview: 'passed' });
    });
  });

  describe('all or nothing, cancellation and resolutions', () => {
    it('writes nothing for any loan when the start fails for one; the meeting stays to start', async () => {
      const [ok, gone] = [await loanInGeneralOffice(), await loanInGeneralOffice()];
      const meeting = await createMeeting('zb');
      await post('leader', `/meetings/zb/${meeting.id}/allocations`, { loanIds: [ok, gone] }).expect(200);
      const okVersion = (await workflow(ok)).version;
      const wf = await workflow(gone);
      await sendEvent(t, tok.admin, gone, 'GENERAL_OFFICE_DISCONTINUE', wf.version, { reason: '企业撤回申请' }).expect(200);

      const refused = await post('leader', `/meetings/zb/${meeting.id}/start`).set('Accept-Language', 'en').expect(409);
      expect(refused.body.code).toBe('A07006');
      expect(refused.body.data.loanId).toBe(gone);
      expect(refused.body.message).toContain('no project was changed');
      expect((await workflow(ok)).version).toBe(okVersion);
      expect((await workflow(ok)).state).toEqual({ generalOffice: 'allocated' });
      expect(await count(t, `workflow_event WHERE loan_id = $1 AND type = 'GENERAL_OFFICE_MEETING_STARTED'`, [ok])).toBe(0);
      const [{ status }] = await t.db.query(`SELECT status FROM meeting WHERE id = $1`, [meeting.id]);
      expect(status).toBe('PREPARATION');

      // The discontinued loan comes off the agenda (nothing to tell its machine), then the rest starts.
      await del('zb1', `/meetings/zb/${meeting.id}/allocations/${gone}`).expect(403);
      await del('leader', `/meetings/zb/${meeting.id}/allocations/${gone}`).expect(200);
      await del('leader', `/meetings/zb/${meeting.id}/allocations/${gone}`).expect(404);
      await post('leader', `/meetings/zb/${meeting.id}/start`).expect(200);
      expect((await workflow(ok)).state).toEqual({ generalOffice: 'voting' });

      // Cancelling sends every loan back to await a meeting; a cancelled meeting cannot start.
      await post('zb1', `/meetings/zb/${meeting.id}/cancel`).expect(403);
      const cancelled = await post('leader', `/meetings/zb/${meeting.id}/cancel`).expect(200);
      expect(cancelled.body.data.status).toBe('CANCEL');
      expect((await workflow(ok)).state).toEqual({ generalOffice: 'awaitingMeeting' });
      const again = await post('leader', `/meetings/zb/${meeting.id}/start`).expect(409);
      expect(again.body.code).toBe('A07002');
    });

    it('ends a meeting whose loan was discontinued during the vote, deciding the others', async () => {
      const [stays, leaves] = [await loanInGeneralOffice(), await loanInGeneralOffice()];
      const meeting = await createMeeting('zb');
      await post('leader', `/meetings/zb/${meeting.id}/allocations`, { loanIds: [stays, leaves] }).expect(200);
      await post('leader', `/meetings/zb/${meeting.id}/start`).expect(200);
      await vote('zb1', stays, 'AGREE', 200);
      await vote('zb2', stays, 'AGREE', 200);
      await sendEvent(t, tok.admin, leaves, 'GENERAL_OFFICE_DISCONTINUE', (await workflow(leaves)).version, { reason: '企业撤回申请' }).expect(200);
      const ended = await post('leader', `/meetings/zb/${meeting.id}/end`).expect(200);
      expect((await workflow(stays)).state).toEqual({ generalOffice: 'passed' });
      expect((await workflow(leaves)).stage).toBe('discontinued');
      expect(ended.body.data.loans.find((l: any) => l.loanId === leaves)).toMatchObject({ onMeeting: false, outcome: null });
    });

    it('cancels one allocation through the machine', async () => {
      const loan = await loanInGeneralOffice();
      const meeting = await createMeeting('zb');
      await post('leader', `/meetings/zb/${meeting.id}/allocations`, { loanIds: [loan] }).expect(200);
      const res = await del('leader', `/meetings/zb/${meeting.id}/allocations/${loan}`).expect(200);
      expect(res.body.data.loans).toEqual([]);
      expect((await workflow(loan)).state).toEqual({ generalOffice: 'awaitingMeeting' });
      const empty = await post('leader', `/meetings/zb/${meeting.id}/start`).expect(409);
      expect(empty.body.code).toBe('A07003');
    });

    it('settles a pending result with a resolution', async () => {
      const loan = await loanInGeneralOffice();
      const meeting = await createMeeting('zb');
      await post('leader', `/meetings/zb/${meeting.id}/allocations`, { loanIds: [loan] }).expect(200);
      await post('leader', `/meetings/zb/${meeting.id}/start`).expect(200);
      await vote('zb1', loan, 'AGREE', 200);
      const ended = await post('leader', `/meetings/zb/${meeting.id}/end`).expect(200);
      const row = ended.body.data.loans[0];
      expect(row.outcome.result).toBe('PENGING_RESOLUTION');
      expect(row.legalActions.map((a: any) => a.type)).toEqual(['GENERAL_OFFICE_UPDATE_RESOLUTION']);
      await sendEvent(t, tok.zb1, loan, 'GENERAL_OFFICE_UPDATE_RESOLUTION', row.version, { meetingId: meeting.id, result: 'PASSED' }).expect(403);
      await sendEvent(t, tok.leader, loan, 'GENERAL_OFFICE_UPDATE_RESOLUTION', row.version, { meetingId: meeting.id, result: 'PASSED' }).expect(200);
      const detail = (await get('leader', `/meetings/zb/${meeting.id}`).expect(200)).body.data;
      expect(detail.loans[0].outcome).toMatchObject({ result: 'PASSED', decidedBy: 'RESOLUTION' });
      expect(detail.loans[0].legalActions).toEqual([]);
    });

    it('answers 404 for unknown meetings and lists meetings with filters and an export', async () => {
      await get('leader', '/meetings/zb/00000000-0000-4000-8000-000000000000').expect(404);
      await get('leader', '/meetings/zb/abc').expect(404);
      await post('leader', '/meetings/zb/abc/start').expect(404);
      await get('apost', '/meetings/zb').expect(403);
      await get('leader', '/meetings/zb?status=NOPE').expect(400);
      await get('leader', '/meetings/zb?sort=password').expect(400);
      const ended = await get('leader', '/meetings/zb?status=END&sort=title&order=asc').expect(200);
      expect(ended.body.data.list.every((m: any) => m.status === 'END' && m.steps.length === 0)).toBe(true);
      const exported = await readExport(t, '/server/meetings/zb/export?status=END', tok.leader);
      expect(exported.headers.slice(0, 4)).toEqual(['会议主题', '会议时间（Asia/Shanghai）', '会议地点', '状态']);
      expect(exported.rows.length).toBe(ended.body.data.total);
      expect(exported.rows.every((r) => r[3] === '已结束')).toBe(true);
    });
  });

  describe('pre-review meetings (YS): sessions by day, minutes only', () => {
    it('lists the days of pre-review decisions, takes minutes and exports them', async () => {
      await loanInGeneralOffice(); // approved today
      const list = await get('leader', '/meetings/ys').expect(200);
      const today = list.body.data.list[0];
      expect(today.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(today.approved).toBeGreaterThan(0);
      const detail = (await get('leader', `/meetings/ys/${today.day}`).expect(200)).body.data;
      expect(detail.decisions[0]).toMatchObject({ decision: 'EXAMINE_PASS', approverName: '预审 张华' });
      await get('leader', '/meetings/ys/1999-01-01').expect(404);

      await t.http.post(`/server/meetings/ys/${today.day}/minutes`).set(as('zb1')).attach('file', PDF, 'ys.pdf').expect(403);
      await t.http.post(`/server/meetings/ys/1999-01-01/minutes`).set(as('leader')).attach('file', PDF, 'ys.pdf').expect(404);
      expect(await count(t, `meeting WHERE kind = 'YS'`)).toBe(0);
      await t.http.post(`/server/meetings/ys/${today.day}/minutes`).set(as('leader')).attach('file', PDF, '预审会纪要.pdf').expect(201);
      await t.http.post(`/server/meetings/ys/${today.day}/minutes`).set(as('leader')).attach('file', PDF, '预审会纪要补充.pdf').expect(201);
      expect(await count(t, `meeting WHERE kind = 'YS'`)).toBe(1);
      const withMinutes = (await get('leader', `/meetings/ys/${today.day}`).expect(200)).body.data;
      expect(withMinutes.minutes).toHaveLength(2);

      const docx = await download('leader', `/meetings/ys/${today.day}/minutes/export`).expect(200);
      const xml = new PizZip(docx.body).file('word/document.xml')!.asText();
      expect(xml).toContain('审核通过');
      expect(xml).toContain(detail.decisions[0].companyName);
      await download('zb1', `/meetings/ys/${today.day}/minutes/export`).expect(403);
      const exported = await readExport(t, '/server/meetings/ys/export', tok.leader);
      expect(exported.rows[0][0]).toBe(today.day);
    });
  });
});
