import { HttpStatus, Injectable } from '@nestjs/common';
import * as engine from '@app/workflow';
import {
  B_POST_SECTION,
  canonicalJson,
  completeDataTypes,
  completenessOf,
  DATA_EDIT_WINDOWS,
  DATA_PREVIEW_PERMISSIONS,
  DATA_READ_PERMISSIONS,
  DATA_REQUIRED_FOR_SUBMISSION,
  DATA_TYPE_SPECS,
  DATA_TYPES,
  describeIssue,
  EDIT_REFUSALS,
  editableSections,
  MAX_CONTENT_CHARS,
  validateContent,
  type DataType,
  type EditRights,
  type Label,
  type PermissionKey,
  type Post,
} from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import { AuthUser, holds } from '../auth/auth-user';
import { Clock } from '../common/clock';
import { AppError, CODES } from '../common/errors';
import type { Lang, MessageParam } from '../common/i18n';
import { LoansService } from '../loans/loans.service';
import { actorOf, WorkflowService } from '../workflow/workflow.service';
import { CopyLoanDto, SaveDataDto, SaveDraftDto } from './loan-data.dto';
import { escapeHtml, renderPreview, type PreviewPart } from './loan-data.preview';
import { DataRow, LoanDataRepository, LoanRow } from './loan-data.repository';
import { PdfRenderer } from './pdf.renderer';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const both = (label: Label): Label => ({ zh: label.zh, en: label.en });
const POST_WORDS: Record<Post, Label> = { A: { zh: 'A岗经办人', en: 'A-post officer' }, B: { zh: 'B岗经办人', en: 'B-post officer' } };
const ALL_TYPES_LABEL: Label = { zh: '全部资料', en: 'All data' };

export type PreviewTarget = DataType | 'ALL';

/**
 * A loan's data: read, save (validated, optimistic, only what the machine's state and the caller's
 * post allow), autosaved drafts, completeness, the print-ready preview and its PDF, and copying a
 * loan with its data into a new application.
 */
@Injectable()
export class LoanDataService {
  constructor(
    private readonly db: DataSource,
    private readonly repo: LoanDataRepository,
    private readonly workflow: WorkflowService,
    private readonly loans: LoansService,
    private readonly pdf: PdfRenderer,
    private readonly clock: Clock,
  ) {}

  // ---------------------------------------------------------------------------------------------
  // Guards
  // ---------------------------------------------------------------------------------------------

  parseType(raw: string): DataType {
    if (!(DATA_TYPES as readonly string[]).includes(raw)) {
      throw new AppError(HttpStatus.NOT_FOUND, CODES.dataTypeUnknown, 'dataTypeUnknown', { type: String(raw).slice(0, 20) }, null, 'DataTypeUnknown');
    }
    return raw as DataType;
  }

  private parseTarget(raw: string): PreviewTarget {
    return raw === 'ALL' ? 'ALL' : this.parseType(raw);
  }

  private requireAny(user: AuthUser, keys: readonly PermissionKey[]): void {
    if (!keys.some((key) => holds(user, key))) throw AppError.forbidden({ required: keys });
  }

  private async loadLoan(loanId: string, em?: EntityManager, lock = false): Promise<LoanRow> {
    const loan = UUID.test(loanId) ? await this.repo.loan(loanId, em, lock) : null;
    if (!loan) throw AppError.notFound('loanNotFound');
    return loan;
  }

  private checkSize(content: unknown): void {
    if (JSON.stringify(content).length > MAX_CONTENT_CHARS) {
      throw new AppError(HttpStatus.BAD_REQUEST, CODES.dataTooLarge, 'dataTooLarge', { limit: `${MAX_CONTENT_CHARS / 1024} KB` }, null, 'DataTooLarge');
    }
  }

  /** 403 for who the caller is (no permission, not the loan's officer), 409 for where the loan is. */
  private refuse(type: DataType, rights: EditRights, loan: LoanRow, user: AuthUser, only: 'who' | 'all'): void {
    switch (rights.refusal) {
      case null:
        return;
      case 'PERMISSION':
        throw AppError.forbidden({ required: [...new Set(DATA_EDIT_WINDOWS.filter((w) => w.types.includes(type)).map((w) => w.permission))] });
      case 'OFFICER': {
        const posts = new Set(DATA_EDIT_WINDOWS.filter((w) => w.types.includes(type) && holds(user, w.permission)).map((w) => w.post));
        const post: Post = posts.has('A') ? 'A' : 'B';
        throw new AppError(
          HttpStatus.FORBIDDEN,
          CODES.notLoanOfficer,
          'notLoanOfficer',
          { post: both(POST_WORDS[post]) },
          { refusal: 'OFFICER', post },
          'NotLoanOfficer',
        );
      }
      case 'STATE': {
        if (only === 'who') return;
        const step = engine.statusLabels(loan.snapshot).step;
        throw new AppError(
          HttpStatus.CONFLICT,
          CODES.dataNotEditable,
          'dataNotEditable',
          { status: both(step), type: both(DATA_TYPE_SPECS[type]) },
          { refusal: 'STATE', state: loan.snapshot.value },
          'DataNotEditable',
        );
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Reading
  // ---------------------------------------------------------------------------------------------

  private async loanSummary(loan: LoanRow) {
    const context = loan.snapshot.context;
    const names = await this.repo.nicknames([context.aPostOfficerId, context.bPostOfficerId]);
    const labels = engine.statusLabels(loan.snapshot);
    return {
      id: loan.loanId,
      companyId: loan.companyId,
      companyName: loan.companyName,
      creditCode: loan.creditCode,
      amount: context.amount,
      termMonths: context.termMonths,
      bank: loan.bank,
      loanType: loan.loanType,
      aPostOfficerId: context.aPostOfficerId,
      aPostOfficerName: names.get(context.aPostOfficerId) ?? null,
      bPostOfficerId: context.bPostOfficerId,
      bPostOfficerName: context.bPostOfficerId ? (names.get(context.bPostOfficerId) ?? null) : null,
      stage: engine.stageOf(loan.snapshot),
      state: loan.snapshot.value,
      status: labels.step,
      workflowVersion: loan.version,
    };
  }

  private rightsView(rights: EditRights) {
    return { sections: rights.sections, refusal: rights.refusal, reason: rights.refusal ? EDIT_REFUSALS[rights.refusal] : null };
  }

  private dataView(type: DataType, row: DataRow | null) {
    return {
      content: row?.content ?? {},
      version: row?.version ?? 0,
      updatedAt: row?.updatedAt ?? null,
      updatedBy: row ? { id: row.updatedBy, name: row.updatedByName } : null,
      completeness: completenessOf(type, row?.content),
    };
  }

  /** One data type of a loan, with the caller's draft, what the caller may edit now, and completeness. */
  async get(loanId: string, rawType: string, user: AuthUser) {
    const type = this.parseType(rawType);
    this.requireAny(user, DATA_READ_PERMISSIONS);
    const loan = await this.loadLoan(loanId);
    const [row, draft] = await Promise.all([this.repo.data(loanId, type), this.repo.draft(loanId, type, user.id)]);
    const rights = editableSections(type, loan.snapshot, actorOf(user));
    const prefill = type === 'CLIENT' && !row ? prefillClient(await this.repo.companyRecord(loan.companyId)) : null;
    return {
      loanId,
      type,
      loan: await this.loanSummary(loan),
      ...this.dataView(type, row),
      draft,
      prefill,
      editable: this.rightsView(rights),
    };
  }

  /** Which types and sections are complete, what is missing, and whether the materials may be submitted. */
  async completeness(loanId: string, user: AuthUser) {
    this.requireAny(user, DATA_READ_PERMISSIONS);
    await this.loadLoan(loanId);
    const all = await this.repo.allData(loanId);
    const types = DATA_TYPES.map((type) => ({
      ...completenessOf(type, all[type]?.content),
      version: all[type]?.version ?? 0,
      label: DATA_TYPE_SPECS[type] && { zh: DATA_TYPE_SPECS[type].zh, en: DATA_TYPE_SPECS[type].en },
    }));
    const complete = completeDataTypes(Object.fromEntries(DATA_TYPES.map((t) => [t, all[t]?.content])));
    return {
      loanId,
      types,
      completeDataTypes: complete,
      requiredForSubmission: DATA_REQUIRED_FOR_SUBMISSION,
      submittable: DATA_REQUIRED_FOR_SUBMISSION.every((t) => complete.includes(t)),
    };
  }

  async versions(loanId: string, rawType: string, user: AuthUser) {
    const type = this.parseType(rawType);
    this.requireAny(user, DATA_READ_PERMISSIONS);
    await this.loadLoan(loanId);
    return this.repo.versions(loanId, type);
  }

  // ---------------------------------------------------------------------------------------------
  // Writing
  // ---------------------------------------------------------------------------------------------

  /**
   * Saves one data type: who (403), what (400: the schema of @app/workflow), when (409: the machine's
   * state, read again under a lock) and against which version (409), in one transaction. Sections
   * the caller may not edit must come back unchanged; absent sections are kept.
   */
  async save(loanId: string, rawType: string, dto: SaveDataDto, user: AuthUser) {
    const type = this.parseType(rawType);
    this.checkSize(dto.content);
    const actor = actorOf(user);
    const loan = await this.loadLoan(loanId);
    this.refuse(type, editableSections(type, loan.snapshot, actor), loan, user, 'who');
    const issues = validateContent(type, dto.content);
    if (issues.length) throw dataInvalid(type, issues);
    this.refuse(type, editableSections(type, loan.snapshot, actor), loan, user, 'all');

    await this.db.transaction(async (em) => {
      // FOR SHARE: no event moves the loan on while its data is being saved.
      const locked = await this.loadLoan(loanId, em, true);
      const rights = editableSections(type, locked.snapshot, actor);
      this.refuse(type, rights, locked, user, 'all');
      const stored = await this.repo.data(loanId, type, em, true);
      if ((stored?.version ?? 0) !== dto.expectedVersion) throw stale(type, stored?.version ?? 0);
      const content = mergeSections(type, stored?.content ?? {}, dto.content, rights.sections);
      const saved = await this.repo.save(em, { loanId, type, content, expectedVersion: dto.expectedVersion, userId: user.id });
      if (!saved) throw stale(type, dto.expectedVersion + 1);
    });
    return this.get(loanId, type, user);
  }

  /** Autosave of the caller's own draft: any partial content, checked only for being an object and its size. */
  async saveDraft(loanId: string, rawType: string, dto: SaveDraftDto, user: AuthUser) {
    const type = this.parseType(rawType);
    this.checkSize(dto.content);
    const loan = await this.loadLoan(loanId);
    this.refuse(type, editableSections(type, loan.snapshot, actorOf(user)), loan, user, 'all');
    const draft = await this.repo.saveDraft({ loanId, type, userId: user.id, content: dto.content, baseVersion: dto.baseVersion ?? 0 });
    return { savedAt: draft.savedAt, baseVersion: draft.baseVersion };
  }

  async discardDraft(loanId: string, rawType: string, user: AuthUser) {
    const type = this.parseType(rawType);
    this.requireAny(user, DATA_READ_PERMISSIONS);
    await this.loadLoan(loanId);
    await this.repo.deleteDraft(loanId, type, user.id);
    return { discarded: true };
  }

  // ---------------------------------------------------------------------------------------------
  // Preview and PDF
  // ---------------------------------------------------------------------------------------------

  async preview(loanId: string, rawTarget: string, part: 'A' | 'B' | 'ALL' | undefined, user: AuthUser, lang: Lang): Promise<{ html: string; title: string }> {
    const target = this.parseTarget(rawTarget);
    this.requireAny(user, DATA_PREVIEW_PERMISSIONS);
    const loan = await this.loadLoan(loanId);
    const all = await this.repo.allData(loanId);
    const types = target === 'ALL' ? [...DATA_TYPES] : [target];
    const parts: PreviewPart[] = types.map((type) => ({
      type,
      post: type === 'REPORT' && part && part !== 'ALL' ? part : 'ALL',
      content: all[type]?.content ?? null,
      version: all[type]?.version ?? 0,
      updatedAt: all[type]?.updatedAt ?? null,
      updatedByName: all[type]?.updatedByName ?? null,
    }));
    const summary = await this.loanSummary(loan);
    const short = lang === 'en' ? 'en' : 'zh';
    const html = renderPreview({
      loan: { ...summary, status: summary.status },
      parts,
      lang: short,
      printedAt: this.clock.now(),
    });
    const label =
      target === 'ALL' ? ALL_TYPES_LABEL : target === 'REPORT' && part === 'B' ? { zh: 'B岗结论', en: 'B-post conclusion' } : DATA_TYPE_SPECS[target];
    return { html, title: `${loan.companyName}-${label[short]}` };
  }

  async pdfOf(loanId: string, rawTarget: string, part: 'A' | 'B' | 'ALL' | undefined, user: AuthUser, lang: Lang): Promise<{ pdf: Buffer; fileName: string }> {
    const { html, title } = await this.preview(loanId, rawTarget, part, user, lang);
    const pdf = await this.pdf.render(html, escapeHtml(title));
    return { pdf, fileName: `${title.replace(/[\\/:*?"<>|\r\n]+/g, '_')}.pdf` };
  }

  // ---------------------------------------------------------------------------------------------
  // Copy
  // ---------------------------------------------------------------------------------------------

  /**
   * A new application for the same company, prefilled with the earlier loan's saved data (its B-post
   * conclusion left out: that belongs to the earlier review), its workflow at the start of data
   * collection; all in one transaction.
   */
  async copy(loanId: string, dto: CopyLoanDto, user: AuthUser) {
    const newId = await this.db.transaction(async (em) => {
      const source = await this.loadLoan(loanId, em);
      const context = source.snapshot.context;
      if (!(await this.repo.shareCompany(em, source.companyId))) throw AppError.notFound('companyNotFound');
      const aPost = (await this.repo.holdsActiveRole(em, user.id, 'A_POST')) ? user.id : context.aPostOfficerId;
      if (!(await this.repo.holdsActiveRole(em, aPost, 'A_POST'))) throw AppError.badRequest('userMissing');
      const bPost =
        context.bPostOfficerId && context.bPostOfficerId !== aPost && (await this.repo.holdsActiveRole(em, context.bPostOfficerId, 'B_POST'))
          ? context.bPostOfficerId
          : null;
      const amount = dto.amount ?? context.amount;
      const termMonths = dto.termMonths ?? Math.min(context.termMonths, 360);
      const loan = await this.repo.insertLoan(em, {
        companyId: source.companyId,
        amount,
        termMonths,
        bank: source.bank,
        loanType: source.loanType,
        aPost,
        bPost,
        userId: user.id,
      });
      await this.workflow.createInstance(em, loan.id, {
        loanId: loan.id,
        amount,
        termMonths,
        aPostOfficerId: aPost,
        ...(bPost ? { bPostOfficerId: bPost } : {}),
      });
      const stored = await this.repo.allData(source.loanId, em);
      for (const type of DATA_TYPES) {
        const content = stored[type]?.content;
        if (!content) continue;
        const copied = { ...content };
        delete copied[B_POST_SECTION];
        await this.repo.save(em, { loanId: loan.id, type, content: copied, expectedVersion: 0, userId: user.id });
      }
      return loan.id as string;
    });
    return this.loans.get(newId, user);
  }
}

function stale(type: DataType, version: number) {
  return new AppError(HttpStatus.CONFLICT, CODES.dataStale, 'dataStale', { type: both(DATA_TYPE_SPECS[type]) }, { version }, 'DataStale');
}

/** 400 with every problem: a sentence per language for the message, and the issues for the form. */
function dataInvalid(type: DataType, issues: engine.DataIssue[]) {
  const shown = issues.slice(0, 5);
  const more = issues.length > shown.length ? issues.length - shown.length : 0;
  const detail: MessageParam = {
    zh: shown.map((i) => describeIssue(type, i, 'zh')).join('；') + (more ? `；另有 ${more} 处` : ''),
    en: shown.map((i) => describeIssue(type, i, 'en')).join('; ') + (more ? `; and ${more} more` : ''),
  };
  const fieldErrors = issues.map((i) => ({
    field: i.path,
    code: i.code,
    params: i.params ?? {},
    message: { zh: describeIssue(type, i, 'zh'), en: describeIssue(type, i, 'en') },
  }));
  return new AppError(HttpStatus.BAD_REQUEST, CODES.dataInvalid, 'dataInvalid', { detail }, { issues, fieldErrors }, 'DataInvalid');
}

/** The stored content with the caller's sections replaced; any other section must come back as it was. */
export function mergeSections(
  type: DataType,
  stored: Record<string, unknown>,
  incoming: Record<string, unknown>,
  editable: readonly string[],
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(incoming)) {
    if (editable.includes(key)) {
      if (value === null || value === undefined) delete result[key];
      else result[key] = value;
    } else if (canonicalJson(value ?? null) !== canonicalJson(stored[key] ?? null)) {
      const section = DATA_TYPE_SPECS[type].sections.find((s) => s.key === key);
      throw new AppError(
        HttpStatus.FORBIDDEN,
        CODES.sectionNotEditable,
        'sectionNotEditable',
        { section: both(section ?? { zh: key, en: key }) },
        { section: key },
        'SectionNotEditable',
      );
    }
  }
  return result;
}

/**
 * A loan's first customer data, taken from the company record (whatever of it is filled in): the
 * A-post officer starts from what the company list already knows.
 */
export function prefillClient(record: Record<string, unknown> | null): Record<string, Record<string, unknown>> | null {
  if (!record) return null;
  const pick = (key: string) => (record[key] === undefined || record[key] === null || record[key] === '' ? undefined : record[key]);
  const list = (key: string) => (Array.isArray(record[key]) && (record[key] as unknown[]).length ? record[key] : undefined);
  const num = (key: string) => (pick(key) === undefined ? undefined : Number(pick(key)));
  const basic = Object.fromEntries(
    Object.entries({
      companyName: pick('name'),
      creditCode: pick('credit_code'),
      legalRepresentative: pick('legal_representative'),
      registeredCapital: num('registered_capital'),
      establishedDate: typeof pick('established_date') === 'string' ? String(pick('established_date')).slice(0, 10) : undefined,
      registeredAddress: pick('registered_address'),
      district: pick('district_code'),
      enterpriseKinds: list('enterprise_kinds'),
      strategicIndustries: list('strategic_industries'),
      qualifications: list('qualifications'),
      honours: list('honours'),
      listingType: pick('listing_type'),
      employees: num('employee_count'),
      mainBusiness: pick('main_business'),
    }).filter(([, v]) => v !== undefined),
  );
  const prefill: Record<string, Record<string, unknown>> = { basic };
  if (pick('contact_person') && pick('contact_phone')) prefill.contacts = { contacts: [{ name: pick('contact_person'), phone: pick('contact_phone') }] };
  if (pick('bank_category')) prefill.application = { bankCategory: pick('bank_category') };
  if (pick('property_type')) prefill.assets = { properties: [{ propertyType: pick('property_type') }] };
  return prefill;
}
