import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import PizZip from 'pizzip';
import sharp from 'sharp';
import { bitmapIcon, png, TRAILING_HTML } from '../support/images';
import { count, startTestApp, AppHandle, tokenOf } from './support/app';
import { loanInStage, userWith } from './support/lists';
import { createLoan } from './support/loans';

/**
 * Files only to those who may see them and the one file storage, on
 * the real stack: uploads whose bytes disagree with their name are refused with nothing written,
 * pictures are re-encoded, every download is checked against the loan or meeting it belongs to.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const IEND = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

function binary(res: any, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('files: one storage, checked uploads, downloads only for those who may see', () => {
  let t: AppHandle;
  const tok: Record<string, string> = {};
  let loanId: string;
  let meetingId: string;
  let minutesId: string;
  let contractId: string;

  const as = (token: string) => ({ 'X-Platform-Token': token });
  const download = (token: string, url: string) => t.http.get(`/server${url}`).set(as(token)).buffer(true).parse(binary);
  const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
  const filesOnDisk = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir(), { recursive: true }).length : 0);
  const written = async () => ({ files: await count(t, 'uploaded_file'), attachments: await count(t, 'attachment'), onDisk: filesOnDisk() });

  beforeAll(async () => {
    t = await startTestApp();
    for (const name of ['admin', 'apost', 'bpost', 'leader']) tok[name] = await tokenOf(t, name);
    // A loan on a general-office meeting, with minutes on the meeting and a contract of its own.
    loanId = (await loanInStage(t, 'generalOffice')).id;
    const ids = await t.db.query(`SELECT id FROM app_user WHERE username = ANY($1) ORDER BY username`, [['zb1', 'zb2', 'zb3']]);
    const meeting = await t.http
      .post('/server/meetings/zb')
      .set(as(tok.leader))
      .send({ title: '总办会 文件测试', heldAt: new Date(Date.now() + 3600_000).toISOString(), place: '三楼', attendeeIds: ids.map((u: any) => u.id) })
      .expect(201);
    meetingId = meeting.body.data.id;
    await t.http
      .post(`/server/meetings/zb/${meetingId}/allocations`)
      .set(as(tok.leader))
      .send({ loanIds: [loanId] })
      .expect(200);
    minutesId = (await t.http.post(`/server/meetings/zb/${meetingId}/minutes`).set(as(tok.leader)).attach('file', PDF, '总办会会议纪要.pdf').expect(201)).body
      .data.id;
    contractId = (
      await t.http
        .post(`/server/archives/${loanId}/files`)
        .set(as(tok.apost))
        .field('kind', 'BANK_CONTRACT')
        .attach('file', PDF, '银行借款合同（2026）.pdf')
        .expect(201)
    ).body.data.id;
  });
  afterAll(() => t.close());

  describe('uploads whose bytes disagree with the name are refused, nothing written', () => {
    it("refuses a %PDF named x.html (and a PNG named .jpg) in the archives, in the caller's language", async () => {
      const before = await written();
      const en = await t.http
        .post(`/server/archives/${loanId}/files`)
        .set(as(tok.apost))
        .set('Accept-Language', 'en')
        .field('kind', 'BANK_CONTRACT')
        .attach('file', PDF, 'x.html')
        .expect(400);
      expect(en.body).toMatchObject({
        code: 'A02004',
        message: 'The file holds pdf, which does not match the extension of its name "x.html"; check it and upload again',
      });
      const zh = await t.http
        .post(`/server/archives/${loanId}/files`)
        .set(as(tok.apost))
        .field('kind', 'BANK_CONTRACT')
        .attach('file', PDF, 'x.html')
        .expect(400);
      expect(zh.body.message).toBe('文件内容是 pdf，与文件名“x.html”的扩展名不符，请检查后重新上传');
      const pngAsJpg = await t.http
        .post(`/server/archives/${loanId}/files`)
        .set(as(tok.apost))
        .field('kind', 'BANK_CONTRACT')
        .attach('file', await png(), 'scan.jpg');
      expect([pngAsJpg.status, pngAsJpg.body.code]).toEqual([400, 'A02004']);
      const minutes = await t.http.post(`/server/meetings/zb/${meetingId}/minutes`).set(as(tok.leader)).attach('file', PDF, 'minutes.htm').expect(400);
      expect(minutes.body.code).toBe('A02004');
      expect(await written()).toEqual(before);
    });

    it('refuses a picture that only starts like one, and a file for a loan that does not exist leaves no bytes behind', async () => {
      const before = await written();
      const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), TRAILING_HTML]);
      const avatar = await t.http.post('/server/upload/user').set(as(tok.bpost)).set('Accept-Language', 'en').attach('file', fake, 'me.png').expect(400);
      expect(avatar.body).toMatchObject({ code: 'A02005', message: 'The picture is damaged or cannot be read' });
      await t.http
        .post('/server/archives/00000000-0000-4000-8000-000000000000/files')
        .set(as(tok.apost))
        .field('kind', 'BANK_CONTRACT')
        .attach('file', PDF, 'a.pdf')
        .expect(404);
      expect(await written()).toEqual(before);
    });

    it('keeps only the picture of a PNG with HTML appended used as an avatar: re-encoded, nothing after its end', async () => {
      const clean = await png(5, 3);
      const polyglot = Buffer.concat([clean, TRAILING_HTML]);
      const up = await t.http.post('/server/upload/user').set(as(tok.bpost)).attach('file', polyglot, 'me.png').expect(201);
      const served = await t.http.get(up.body.data.url).buffer(true).parse(binary).expect(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.body.equals(polyglot)).toBe(false);
      expect(served.body.includes(Buffer.from('<script>'))).toBe(false);
      expect(served.body.subarray(-IEND.length).equals(IEND)).toBe(true);
      expect((await sharp(served.body).raw().toBuffer()).equals(await sharp(clean).raw().toBuffer())).toBe(true);
      const [row] = await t.db.query(`SELECT sha256, size, storage, storage_key FROM uploaded_file WHERE url = $1`, [up.body.data.url]);
      expect(row).toMatchObject({ sha256: sha(served.body), size: served.body.length, storage: 'local' });
      expect(up.body.data.size).toBe(served.body.length);

      const ico = await t.http
        .post('/server/upload/user')
        .set(as(tok.bpost))
        .attach('file', Buffer.concat([bitmapIcon(24), TRAILING_HTML]), 'fav.ico')
        .expect(201);
      const icon = await t.http.get(ico.body.data.url).buffer(true).parse(binary).expect(200);
      expect(icon.headers['content-type']).toBe('image/x-icon');
      expect(icon.body.length).toBe(22 + icon.body.readUInt32LE(14));
    });
  });

  describe('downloads', () => {
    it('serves the bytes kept, their sha256 recorded, with the Chinese name and nosniff', async () => {
      const file = await download(tok.apost, `/archives/files/${contractId}`).expect(200);
      expect(file.body.equals(PDF)).toBe(true);
      expect(file.headers['content-type']).toMatch(/^application\/pdf/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="_______2026_.pdf"; filename*=UTF-8''${encodeURIComponent('银行借款合同（2026）.pdf')}`,
      );
      const [row] = await t.db.query(`SELECT f.sha256, f.size, f.storage_key FROM attachment a JOIN uploaded_file f ON f.id = a.file_id WHERE a.id = $1`, [
        contractId,
      ]);
      expect(row.sha256).toBe(sha(file.body));
      expect(row.size).toBe(PDF.length);
      // Stored under a generated name: nothing of the user's name reaches the disk.
      expect(row.storage_key).toMatch(/^attachments\/[0-9a-f-]{36}\.pdf$/);
      expect(fs.readFileSync(path.join(uploadsDir(), row.storage_key)).equals(PDF)).toBe(true);

      const minutes = await download(tok.leader, `/meetings/zb/${meetingId}/minutes/${minutesId}`).expect(200);
      expect(minutes.headers['x-content-type-options']).toBe('nosniff');
      expect(minutes.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('总办会会议纪要.pdf')}`);
    });

    it('refuses general-office minutes to bpost, who may not see that meeting, by every route', async () => {
      // bpost holds the archive permissions but not sys:zb-meeting:detail.
      const refused = await download(tok.bpost, `/archives/files/${minutesId}`).set('Accept-Language', 'en').expect(403);
      expect(JSON.parse(refused.body.toString())).toMatchObject({ code: '403', data: { required: 'sys:zb-meeting:detail' } });
      await download(tok.bpost, `/meetings/zb/${meetingId}/minutes/${minutesId}`).expect(403);
      await download(tok.leader, `/archives/files/${minutesId}`).expect(200);

      // The loan's archive shows bpost the loan's own files only, and zips only those.
      const detail = (await t.http.get(`/server/archives/${loanId}`).set(as(tok.bpost)).expect(200)).body.data;
      expect(detail.groups.find((g: any) => g.kind === 'ZB_MINUTES').files).toEqual([]);
      expect(detail.total).toBe(1);
      const zip = await download(tok.bpost, `/archives/${loanId}/zip`).expect(200);
      expect(Object.keys(new PizZip(zip.body).files).filter((n) => !n.endsWith('/'))).toEqual(['银行合同/银行借款合同（2026）.pdf']);
      const countFor = async (token: string) =>
        (await t.http.get('/server/archives?pageSize=200&hasAttachments=true').set(as(token)).expect(200)).body.data.list.find((r: any) => r.loanId === loanId)
          .attachmentCount;
      expect(await countFor(tok.bpost)).toBe(1);
      const leaders = (await t.http.get(`/server/archives/${loanId}`).set(as(tok.leader)).expect(200)).body.data;
      // The leader also sees the day's pre-review minutes (other tests may have filed some today).
      expect(await countFor(tok.leader)).toBe(leaders.total);
      expect(leaders.total).toBeGreaterThanOrEqual(2);
      expect(leaders.groups.find((g: any) => g.kind === 'ZB_MINUTES').files.map((f: any) => f.id)).toEqual([minutesId]);
    });

    it('refuses the files of a loan to a user who may not see the loan, and the files of a deleted loan to everyone', async () => {
      const archivist = await userWith(t, ['files_list', 'sys:archive:detail', 'sys:archive:archive-all', 'sys:archive:upload']);
      await download(archivist.token, `/archives/files/${contractId}`).expect(403);
      await t.http.get(`/server/archives/${loanId}`).set(as(archivist.token)).expect(403);
      await download(archivist.token, `/archives/${loanId}/zip`).expect(403);
      const before = await written();
      await t.http.post(`/server/archives/${loanId}/files`).set(as(archivist.token)).field('kind', 'BANK_CONTRACT').attach('file', PDF, 'a.pdf').expect(403);
      expect(await written()).toEqual(before);

      const fresh = await createLoan(t, tok.apost);
      const up = await t.http
        .post(`/server/archives/${fresh.id}/files`)
        .set(as(tok.apost))
        .field('kind', 'BANK_CONTRACT')
        .attach('file', PDF, 'c.pdf')
        .expect(201);
      await download(tok.apost, `/archives/files/${up.body.data.id}`).expect(200);
      await t.http.delete(`/server/loans/${fresh.id}`).set(as(tok.apost)).expect(200);
      await download(tok.apost, `/archives/files/${up.body.data.id}`).expect(404);
      await download(tok.admin, `/archives/files/${up.body.data.id}`).expect(404);
    });
  });
});
