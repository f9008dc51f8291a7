import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import ExcelJS from 'exceljs';
import { buildDocx, demoTemplate, text } from '../../server/src/basic-data/demo-templates';
import { FileStorage } from '../../server/src/files/file-storage';
import { withBombPart, withManyEntries } from '../hostile/zip-bombs';
import { count, startTestApp, AppHandle, tokenOf } from './support/app';
import { loanInStage, userWith } from './support/lists';
import { sendEvent } from './support/loans';

/**
 * Inputs that stall or poison the process, and file names: every
 * hostile input built here at run time. While each is refused, /server/health and another user's list
 * are asked again and again: each answer must come within 2 s. The figures (time to refusal, the
 * process's peak RSS growth, the slowest of those answers) are printed and written to
 * .data/test/hostile-inputs-figures.json.
 */
const MB = 1024 * 1024;
const INTERNAL = /RangeError|TypeError|Error:|ERR_|heap|Invalid string length|\bat \w+ \(|node:|is not a function/;

interface Figure {
  input: string;
  status: number;
  ms: number;
  rssGrowthMb: number;
  healthMaxMs: number;
  probes: number;
}

describe('hostile inputs: nothing stalls or poisons the API', () => {
  let t: AppHandle;
  let admin: string;
  let apost: string;
  let bystander: string;
  let bankId: string;
  let loanId: string;
  const figures: Figure[] = [];
  const as = (token: string) => ({ 'X-Platform-Token': token });

  beforeAll(async () => {
    t = await startTestApp();
    [admin, apost] = await Promise.all([tokenOf(t, 'admin'), tokenOf(t, 'apost')]);
    // the bystander: another user whose lists must keep answering while the hostile requests are refused
    bystander = (await userWith(t, ['company_list', 'loan_list', 'bank_list'])).token;
    const bank = await t.http
      .post('/server/banks')
      .set(as(admin))
      .send({ name: `敌意输入银行${randomUUID().slice(0, 6)}`, category: 'JOINT_STOCK' })
      .expect(201);
    bankId = bank.body.data.id;
    loanId = (await loanInStage(t, 'generalOffice')).id;
  });
  afterAll(async () => {
    if (figures.length) {
      const out = path.resolve(__dirname, '../../.data/test/hostile-inputs-figures.json');
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, JSON.stringify(figures, null, 2));
      console.log(
        figures
          .map((f) => `${f.input}: ${f.status} in ${f.ms} ms, RSS +${f.rssGrowthMb} MB, health/list max ${f.healthMaxMs} ms (${f.probes} probes)`)
          .join('\n'),
      );
    }
    await t?.close();
  });

  /**
   * Runs the hostile requests while asking /server/health and the bystander's company list in a loop; answers
   * their responses and records the figures. The probes must each be answered within 2 s.
   */
  async function whileRefusing<T>(input: string, hostile: () => Promise<T[]>): Promise<T[]> {
    global.gc?.();
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    let done = false;
    const latencies: number[] = [];
    const statuses = new Set<string>();
    const began = Date.now();
    let ms = 0;
    const work = hostile().finally(() => {
      ms = Date.now() - began;
      done = true;
    });
    const probe = (async () => {
      do {
        const t0 = Date.now();
        const [health, list] = await Promise.all([t.http.get('/server/health'), t.http.get('/server/companies?pageSize=5').set(as(bystander))]);
        latencies.push(Date.now() - t0);
        statuses.add(`${health.status}/${list.status}`);
        // Not a wait for anything: the probes' pace while the hostile requests run (they end the loop).
        await new Promise((resolve) => setTimeout(resolve, 20));
      } while (!done);
    })();
    const answers = await work;
    await probe;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const status = (answers[0] as { status?: number })?.status ?? 0;
    const figure = { input, status, ms, rssGrowthMb: Math.round((peak - rss0) / MB), healthMaxMs: Math.max(...latencies), probes: latencies.length };
    figures.push(figure);
    expect([...statuses]).toEqual(['200/200']);
    expect(figure.healthMaxMs).toBeLessThan(2000);
    return answers;
  }

  const expectRefused = (res: { status: number; body: any; text?: string }, status: number, message: RegExp) => {
    expect({ status: res.status, message: res.body?.message }).toEqual({ status, message: expect.stringMatching(message) });
    expect(JSON.stringify(res.body)).not.toMatch(INTERNAL);
  };

  const uploadTemplate = (bytes: Buffer, name = 'hostile.docx', lang = 'en') =>
    t.http.post(`/server/banks/${bankId}/templates`).set(as(admin)).set('Accept-Language', lang).field('contractType', 'BANK_LOAN').attach('file', bytes, name);

  describe('prototype keys', () => {
    const reserved = ['__proto__', 'constructor', 'prototype'];

    it('refuses templates whose tags name __proto__, constructor or prototype (400 naming them), and the process stays whole', async () => {
      const before = await count(t, 'bank_template WHERE bank_id = $1', [bankId]);
      const bodies = [
        `{#${reserved[0]}}{order}{/${reserved[0]}}`,
        `{${reserved[0]}}`,
        `{#${reserved[1]}}{x}{/${reserved[1]}}`,
        `借款人：{companyName} {${reserved[2]}}`,
        `{#collaterals}{${reserved[0]}}{/collaterals}`,
      ];
      const langOf = (i: number) => (i % 2 ? 'zh-CN' : 'en');
      const answers = await whileRefusing('templates with __proto__/constructor/prototype tags (5 at once)', () =>
        Promise.all(bodies.map((body, i) => uploadTemplate(buildDocx(text(body)), 'proto.docx', langOf(i)))),
      );
      for (const [i, body] of bodies.entries()) {
        const [lang, res] = [langOf(i), answers[i]];
        const named = reserved.find((r) => body.includes(r))!;
        expectRefused(
          res,
          400,
          lang === 'en' ? new RegExp(`placeholder names that are not allowed: .*\\{[#]?${named}\\}`) : new RegExp(`不允许的占位符名称：.*${named}`),
        );
        expect(res.body.exception).toBe('TemplateReservedTag');
      }
      expect(await count(t, 'bank_template WHERE bank_id = $1', [bankId])).toBe(before);
      // nothing reached Object.prototype, and every user's lists still answer
      expect(({} as Record<string, unknown>).order).toBeUndefined();
      expect(({} as Record<string, unknown>).x).toBeUndefined();
      for (const url of [
        '/server/companies?pageSize=5',
        '/server/banks/options',
        '/server/loans?pageSize=5',
        '/server/banks',
        `/server/banks/${bankId}/templates`,
      ]) {
        const res = await t.http.get(url).set(as(url.includes('templates') ? admin : bystander));
        expect({ url, status: res.status }).toEqual({ url, status: 200 });
      }
      // an ordinary template is still taken
      await uploadTemplate(demoTemplate('BANK_LOAN'), '借款合同.docx').expect(201);
    });

    it('refuses them as JSON keys, query keys and on the sign-in route, naming the key', async () => {
      const send = (url: string, body: string, lang = 'en', token: string | null = admin) => {
        const req = t.http.post(url).set('Accept-Language', lang).set('Content-Type', 'application/json');
        return (token ? req.set(as(token)) : req).send(body);
      };
      expectRefused(
        await send('/server/banks', `{"name":"x","${reserved[0]}":{"polluted":true}}`),
        400,
        /The name "__proto__" in field __proto__ of the request body is not allowed/,
      );
      expectRefused(
        await send('/server/banks', `{"name":"x","phone":{"${reserved[1]}":{"prototype":1}}}`, 'zh-CN'),
        400,
        /请求体字段“phone\.constructor”使用了不允许的名称“constructor”/,
      );
      expectRefused(
        await send('/server/open/auth/platformLogin/PLATFORM', `{"username":"admin","${reserved[0]}":{"isAdmin":true}}`, 'en', null),
        400,
        /The name "__proto__"/,
      );
      const query = await t.http.get(`/server/companies?${reserved[2]}=1`).set(as(bystander)).set('Accept-Language', 'en');
      expectRefused(query, 400, /The name "prototype" in field prototype of the query is not allowed/);
      // a multipart field (multer's body), nothing written
      const attachments = await count(t, 'attachment WHERE loan_id = $1', [loanId]);
      const multipart = await t.http
        .post(`/server/archives/${loanId}/files`)
        .set(as(apost))
        .set('Accept-Language', 'en')
        .field('kind', 'BANK_CONTRACT')
        .field(`${reserved[0]}[polluted]`, 'yes')
        .attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'a.pdf');
      expectRefused(multipart, 400, /The name "__proto__" in field __proto__ of the request body is not allowed/);
      expect(await count(t, 'attachment WHERE loan_id = $1', [loanId])).toBe(attachments);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    });
  });

  describe('decompression bombs', () => {
    const docx = () => buildDocx(text('借款人：{companyName}'));
    const xlsx = async () => {
      const book = new ExcelJS.Workbook();
      book.addWorksheet('a').addRow(['x', 1]);
      return Buffer.from(await book.xlsx.writeBuffer());
    };

    it('refuses a .docx template of 120 MB inflated and one of 20,000 entries in about a second, health answered meanwhile, nothing stored', async () => {
      const bomb = withBombPart(docx(), 'word/document.xml', 120);
      const many = withManyEntries(docx(), 20_000);
      expect(bomb.length).toBeLessThan(MB);
      const before = await count(t, 'bank_template WHERE bank_id = $1', [bankId]);
      const files = await count(t, `uploaded_file WHERE kind = 'template'`);

      const [en, zh] = await whileRefusing('template .docx, document.xml 120 MB inflated', () =>
        Promise.all([uploadTemplate(bomb, 'bomb.docx', 'en'), uploadTemplate(bomb, 'bomb.docx', 'zh-CN')]),
      );
      expectRefused(en, 400, /unpacks to more than allowed \(at most 24 MB per part, 64 MB in all\)|compressed abnormally well/);
      expectRefused(zh, 400, /解压后过大|压缩比异常/);
      expect(figures.at(-1)!.ms).toBeLessThan(3000);

      const [entries] = await whileRefusing('template .docx, 20,000 entries', () => Promise.all([uploadTemplate(many, 'many.docx', 'en')]));
      expectRefused(entries, 400, /holds too many parts \(at most 1000\)/);
      expect(figures.at(-1)!.ms).toBeLessThan(3000);

      expect(await count(t, 'bank_template WHERE bank_id = $1', [bankId])).toBe(before);
      expect(await count(t, `uploaded_file WHERE kind = 'template'`)).toBe(files);
    });

    it('refuses .docx and .xlsx bombs among uploaded files (archives), and a 20,000-entry zip named as a picture', async () => {
      const attachments = await count(t, 'attachment WHERE loan_id = $1', [loanId]);
      const archive = (bytes: Buffer, name: string, lang: string) =>
        t.http.post(`/server/archives/${loanId}/files`).set(as(apost)).set('Accept-Language', lang).field('kind', 'BANK_CONTRACT').attach('file', bytes, name);

      const docxBomb = withBombPart(docx(), 'word/document.xml', 150);
      const xlsxBomb = withBombPart(await xlsx(), 'xl/worksheets/sheet1.xml', 150);
      const [d, x] = await whileRefusing('archive upload, .docx and .xlsx of 150 MB inflated, together', () =>
        Promise.all([archive(docxBomb, '合同.docx', 'zh-CN'), archive(xlsxBomb, 'sheet.xlsx', 'en')]),
      );
      expectRefused(d, 400, /解压后过大|压缩比异常/);
      expectRefused(x, 400, /unpacks to more than allowed|compressed abnormally well/);

      const many = withManyEntries(docx(), 20_000);
      const [a, b] = await whileRefusing('archive upload and avatar, 20,000 entries', () =>
        Promise.all([
          archive(many, 'many.docx', 'en'),
          t.http.post('/server/upload/user').set(as(bystander)).set('Accept-Language', 'en').attach('file', many, 'me.png'),
        ]),
      );
      expectRefused(a, 400, /holds too many parts/);
      expect(b.status).toBe(400);
      expect(JSON.stringify(b.body)).not.toMatch(INTERNAL);
      expect(await count(t, 'attachment WHERE loan_id = $1', [loanId])).toBe(attachments);
    });

    it('bounds the fill of a template stored before the limits existed: CONTRACT_GENERATE answers 400 and writes nothing', async () => {
      // A bomb already among the bank's templates (as one uploaded before this check would be).
      const bomb = withBombPart(demoTemplate('BANK_LOAN'), 'word/document.xml', 120);
      const storage = new FileStorage(t.db, t.config);
      const prepared = await storage.prepare('template', { buffer: bomb }, 'old.docx', { zipChecked: true });
      const { result: templateId } = await storage.put(prepared, null, async (em, stored) => {
        await em.query(`UPDATE bank_template SET enabled = false WHERE bank_id = $1 AND contract_type = 'BANK_LOAN'`, [bankId]);
        const [row] = await em.query(
          `INSERT INTO bank_template (bank_id, contract_type, version, file_name, file_id, size, sha256, placeholders, enabled)
           VALUES ($1, 'BANK_LOAN', 99, 'old.docx', $2, $3, $4, '{}', true) RETURNING id`,
          [bankId, stored.id, stored.size, stored.sha256],
        );
        return row.id as string;
      });
      const loan = await loanInStage(t, 'duringGuarantee');
      const documents = await count(t, 'loan_document WHERE loan_id = $1', [loan.id]);
      const [res] = await whileRefusing('CONTRACT_GENERATE from a stored template of 120 MB inflated', () =>
        Promise.all([sendEvent(t, apost, loan.id, 'CONTRACT_GENERATE', loan.version, { bankId, templateId }).set('Accept-Language', 'en')]),
      );
      expectRefused(res, 400, /unpacks to more than allowed|compressed abnormally well/);
      expect(await count(t, 'loan_document WHERE loan_id = $1', [loan.id])).toBe(documents);
      const [{ version }] = await t.db.query(`SELECT version FROM workflow_instance WHERE loan_id = $1`, [loan.id]);
      expect(version).toBe(loan.version);
    });
  });

  describe('wide JSON', () => {
    const wideObject = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":${i % 10}`).join(',')}}`;
    const longArray = (n: number) => `[${Array.from({ length: n }, (_, i) => i % 10).join(',')}]`;

    it('refuses a 60,000-key object and a 499,000-number array at the edge, five at once, on the sign-in route too', async () => {
      const object = wideObject(60_000);
      const array = longArray(499_000);
      expect(array.length).toBeLessThan(MB);
      const post = (url: string, body: string, lang: string, token?: string) => {
        const req = t.http.post(url).set('Accept-Language', lang).set('Content-Type', 'application/json');
        return (token ? req.set(as(token)) : req).send(body);
      };
      const login = '/server/open/auth/platformLogin/PLATFORM';
      const answers = await whileRefusing('wide JSON: 3 x 60,000 keys + 2 x 499,000 numbers, in parallel', () =>
        Promise.all([
          post(login, object, 'en'),
          post(login, object, 'zh-CN'),
          post('/server/companies', object, 'en', apost),
          post(login, array, 'en'),
          post('/server/banks', `{"name":"x","phone":${array}}`, 'zh-CN', admin),
        ]),
      );
      for (const [i, res] of answers.entries()) {
        const lang = [1, 4].includes(i) ? 'zh-CN' : 'en';
        expectRefused(res, 400, lang === 'en' ? /is too wide \(at most 1000 keys per object, 10000 items per array, 50000 in all\)/ : /键或元素过多/);
        expect(res.text.length).toBeLessThan(2000);
      }
      expect(figures.at(-1)!.ms).toBeLessThan(2000);
    });

    it('refuses a multipart upload of 20,000 fields before validation, quickly', async () => {
      const attachments = await count(t, 'attachment WHERE loan_id = $1', [loanId]);
      // written by hand: form-data's 20,000 appends would block this (the client's) thread itself
      const boundary = `----wide${randomUUID()}`;
      const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const body = Buffer.concat([
        Buffer.from(part('kind', 'BANK_CONTRACT') + Array.from({ length: 20_000 }, (_, i) => part(`f${i}`, '1')).join('')),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${boundary}--\r\n`,
        ),
      ]);
      const [res] = await whileRefusing('multipart upload with 20,000 fields', () =>
        Promise.all([
          t.http
            .post(`/server/archives/${loanId}/files`)
            .set(as(apost))
            .set('Accept-Language', 'en')
            .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
            .send(body),
        ]),
      );
      // Nest's multer stops at 1000 parts (LIMIT_PART_COUNT, its generic 400); the input guard's breadth is behind it
      expectRefused(res, 400, /The data in the request body is too wide|The request is not valid/);
      expect(figures.at(-1)!.ms).toBeLessThan(2000);
      expect(res.text.length).toBeLessThan(2000);
      expect(await count(t, 'attachment WHERE loan_id = $1', [loanId])).toBe(attachments);
    });

    it('answers the first 20 field errors and their count', async () => {
      const body = `{${Array.from({ length: 500 }, (_, i) => `"extra${i}":1`).join(',')}}`;
      const res = await t.http.post('/server/companies').set(as(apost)).set('Accept-Language', 'en').set('Content-Type', 'application/json').send(body);
      expect(res.status).toBe(400);
      expect(res.body.data.fieldErrors).toHaveLength(20);
      expect(res.body.data.fieldErrorCount).toBeGreaterThanOrEqual(500);
      expect(res.body.message).toMatch(/and \d+ more errors in all$/);
      expect(res.text.length).toBeLessThan(5000);
    });
  });

  describe('file names (section 3)', () => {
    const PDF = Buffer.from('%PDF-1.4\n%hostile names\n%%EOF\n');

    /** A multipart upload written by hand: the name exactly as given (form-data would escape CR and LF), as `filename*` when asked. */
    const uploadNamed = async (name: string, extended: boolean) => {
      const boundary = `----hostile${randomUUID()}`;
      const disposition = extended ? `filename*=UTF-8''${encodeURIComponent(name)}` : `filename="${name}"`;
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nBANK_CONTRACT\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: application/pdf\r\n\r\n`, 'utf8'),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.http.post(`/server/archives/${loanId}/files`).set(as(apost)).set('Content-Type', `multipart/form-data; boundary=${boundary}`).send(body);
    };
    const stored = async (attachmentId: string) => {
      const [row] = await t.db.query(`SELECT f.original_name AS name FROM attachment a JOIN uploaded_file f ON f.id = a.file_id WHERE a.id = $1`, [
        attachmentId,
      ]);
      const served = await t.http
        .get(`/server/archives/files/${attachmentId}`)
        .set(as(apost))
        .buffer(true)
        .parse((r, cb) => {
          r.on('data', () => undefined);
          r.on('end', () => cb(null, null));
        });
      expect(served.status).toBe(200);
      const header = String(served.headers['content-disposition']);
      return { name: row.name as string, served: decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(header)![1]), header };
    };

    it('stores and serves names without bidi or control characters, NFC, within 255 bytes with .pdf kept', async () => {
      const cases: [string, boolean, string][] = [
        ['invoice\u202Efdp.exe.pdf', false, 'invoicefdp.exe.pdf'],
        ['line\r\nbreak\u0007.pdf', true, 'linebreak.pdf'],
        ['\u2067report\u2069 \u200fcafe\u0301.pdf', true, 'report caf\u00e9.pdf'],
        ['a'.repeat(9_996) + '.pdf', false, 'a'.repeat(251) + '.pdf'],
      ];
      for (const [sent, extended, expected] of cases) {
        const res = await uploadNamed(sent, extended);
        expect({ sent: sent.slice(0, 40), status: res.status }).toEqual({ sent: sent.slice(0, 40), status: 201 });
        const { name, served, header } = await stored(res.body.data.id);
        expect(name).toBe(expected);
        expect(served).toBe(expected);
        expect(header).not.toMatch(/[\r\n\u202e]/);
      }
    });
  });
});
