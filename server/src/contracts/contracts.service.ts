import { HttpStatus, Injectable, Logger, StreamableFile } from '@nestjs/common';
import { windowOpen, type ContractType, type GuaranteeContext, type StateWindowKey } from '@app/workflow';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { TemplatesService } from '../basic-data/templates.service';
import { AppError, CODES } from '../common/errors';
import { downloadFile } from '../common/spreadsheet';
import { assertMaySee } from '../files/file-access';
import { FileStorage, type IncomingFile } from '../files/file-storage';
import type { EventWriteContext } from '../workflow/hooks';
import type { ContractTemplateOptionDto, LoanDocumentDto } from './contracts.responses';
import { contractSetOf, fillLoanDocument, type FillTemplate } from './fill-document';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DOCUMENT_COLUMNS = `d.id, d.kind, d.contract_type AS "contractType", f.original_name AS name, f.size, f.sha256,
  d.template_id AS "templateId", d.template_version AS "templateVersion", d.created_at AS "createdAt", d.created_by AS "createdBy"`;

function toDocument(r: Record<string, any>): LoanDocumentDto {
  return { ...r, sha256: r.sha256 ?? null, createdAt: new Date(r.createdAt).toISOString() } as LoanDocumentDto;
}

/**
 * The documents of a loan's contract stage: generated with CONTRACT_GENERATE from a bank template
 * (filled by the .docx engine, kept by the one file storage), deleted with CONTRACT_DELETE, both in
 * the event's transaction (writers in contracts.hooks.ts): the step and its documents commit or fail together.
 */
@Injectable()
export class ContractsService {
  private readonly logger = new Logger(ContractsService.name);

  constructor(
    private readonly db: DataSource,
    private readonly templates: TemplatesService,
    private readonly storage: FileStorage,
  ) {}

  /**
   * CONTRACT_GENERATE {bankId, templateId?}: with templateId, that template of the chosen bank; without,
   * the bank's whole contract set (the latest enabled version of each contract type, never the letter).
   * Every document is written in the event's transaction: all of them commit with the step or none.
   */
  async generate({ em, loanId, event, user, snapshot, onRollback }: EventWriteContext): Promise<void> {
    if (event.type !== 'CONTRACT_GENERATE') return;
    const { bankId, templateId } = event;
    const templates = templateId === undefined ? await this.contractSet(em, bankId) : [await this.namedTemplate(em, bankId, templateId)];
    for (const template of templates) {
      await this.fillDocument({ em, loanId, event, user, snapshot, onRollback }, template, 'CONTRACT');
      this.logger.log(`contract ${template.type} generated for loan ${loanId} from template ${template.id} v${template.version} by ${user.username}`);
    }
  }

  /** The one template CONTRACT_GENERATE names: enabled, of the chosen bank, not a letter. */
  private async namedTemplate(em: EventWriteContext['em'], bankId: string, templateId: string): Promise<FillTemplate> {
    // the share lock keeps the template enabled until this commits (a disable waits, or came first and is seen)
    const [template] =
      UUID.test(bankId) && UUID.test(templateId)
        ? await em.query(
            `SELECT t.id, t.contract_type, t.version, t.enabled, b.name AS bank_name
               FROM bank_template t JOIN bank b ON b.id = t.bank_id AND b.deleted_at IS NULL
              WHERE t.id = $1 AND t.bank_id = $2 AND t.deleted_at IS NULL FOR SHARE OF t, b`,
            [templateId, bankId],
          )
        : [];
    if (!template?.enabled) {
      throw new AppError(
        HttpStatus.CONFLICT,
        CODES.contractTemplateUnusable,
        'contractTemplateUnusable',
        {},
        { bankId, templateId },
        'ContractTemplateUnusable',
      );
    }
    const type = template.contract_type as ContractType;
    if (type === 'GUARANTEE_LETTER') throw new AppError(HttpStatus.BAD_REQUEST, CODES.contractTemplateUnusable, 'contractTemplateIsLetter');
    return { id: template.id, version: template.version, bankName: template.bank_name, type };
  }

  /** The bank's whole contract set (see contractSetOf); 409 when the bank has no enabled contract template. */
  private async contractSet(em: EventWriteContext['em'], bankId: string): Promise<FillTemplate[]> {
    const set = UUID.test(bankId) ? await contractSetOf(em, bankId) : [];
    if (!set.length) throw new AppError(HttpStatus.CONFLICT, CODES.contractSetEmpty, 'contractSetEmpty', {}, { bankId }, 'ContractSetEmpty');
    return set;
  }

  /**
   * Fills a bank template for the loan (company, bank, amount as the machine holds it, collateral) and
   * keeps it as a loan document, in the event's transaction: shared by contracts and guarantee letters
   * (and, through fillLoanDocument, by the demo data).
   */
  async fillDocument(
    { em, loanId, event, user, snapshot, onRollback }: Omit<EventWriteContext, 'onCommit'>,
    template: FillTemplate,
    kind: 'CONTRACT' | 'GUARANTEE_LETTER',
  ): Promise<string> {
    // the machine holds the amount as it stands now (it may have been modified in the meetings)
    const current = (snapshot as { context: GuaranteeContext }).context.amount;
    return fillLoanDocument(
      { em, storage: this.storage, loanId, actorId: user.id, at: event.at, amount: typeof current === 'number' ? current : null, onRollback },
      template,
      kind,
    );
  }

  /** CONTRACT_DELETE: the loan's contracts (generated and signed copies) go, their bytes once the step has committed. */
  /** CONTRACT_DELETE's writer: the rows go with the step, the bytes once it committed. */
  async deleteContracts({ em, loanId, onCommit }: EventWriteContext): Promise<void> {
    // a DELETE answers [rows, count] through TypeORM
    const [docs]: [{ file_id: string }[], number] = await em.query(
      `DELETE FROM loan_document WHERE loan_id = $1 AND kind IN ('CONTRACT', 'SIGNED_CONTRACT') RETURNING file_id`,
      [loanId],
    );
    if (!docs.length) return;
    const [files]: [{ storage: string; storageKey: string }[], number] = await em.query(
      `DELETE FROM uploaded_file WHERE id = ANY($1) RETURNING storage, storage_key AS "storageKey"`,
      [docs.map((d) => d.file_id)],
    );
    onCommit(() => this.storage.removeBytes(files));
  }

  async list(loanId: string, user: AuthUser): Promise<LoanDocumentDto[]> {
    assertMaySee(user, { loanId });
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    const [loan] = await this.db.query(`SELECT id FROM loan WHERE id = $1 AND deleted_at IS NULL`, [loanId]);
    if (!loan) throw AppError.notFound('loanNotFound');
    // the loan's own documents, and every file uploaded onto it (archive, counter-guarantee, vouchers,
    // visit reports): one list by kind on the loan page; meeting minutes stay in the archive
    const rows = await this.db.query(
      `SELECT * FROM (
         SELECT ${DOCUMENT_COLUMNS}, d.contract_type AS sort_type FROM loan_document d JOIN uploaded_file f ON f.id = d.file_id WHERE d.loan_id = $1
         UNION ALL
         SELECT a.id, a.kind, NULL, f.original_name, f.size, f.sha256, NULL, NULL, a.created_at, a.created_by, NULL
           FROM attachment a JOIN uploaded_file f ON f.id = a.file_id WHERE a.loan_id = $1 AND a.deleted_at IS NULL
       ) x ORDER BY "createdAt", sort_type NULLS LAST, id`,
      [loanId],
    );
    return rows.map(({ sort_type: _sort, ...r }: Record<string, any>) => toDocument(r));
  }

  async file(id: string, user: AuthUser): Promise<StreamableFile> {
    if (!UUID.test(id)) throw AppError.notFound('documentNotFound');
    const [row] = await this.db.query(
      `SELECT d.loan_id AS "loanId", f.id, f.kind, f.original_name AS name, f.mime, f.size, f.sha256, f.url, f.storage, f.storage_key AS "storageKey"
         FROM (SELECT loan_id, file_id FROM loan_document WHERE id = $1
               UNION ALL SELECT loan_id, file_id FROM attachment WHERE id = $1 AND loan_id IS NOT NULL AND deleted_at IS NULL) d
         JOIN uploaded_file f ON f.id = d.file_id JOIN loan l ON l.id = d.loan_id AND l.deleted_at IS NULL`,
      [id],
    );
    // the loan's rule first: whether such a document exists is not told to those who may not see loans
    assertMaySee(user, { loanId: row?.loanId ?? '' });
    if (!row) throw AppError.notFound('documentNotFound');
    const { file, bytes } = await this.storage.read(row);
    return downloadFile(bytes, file.mime, file.name);
  }

  /**
   * A signed copy of the contract (pdf or docx, kind document), while the loan's contract stands
   * generated (before it is submitted for review): the instance row is locked so a submit waits.
   */
  uploadSigned(loanId: string, incoming: IncomingFile | undefined, user: AuthUser): Promise<LoanDocumentDto> {
    return this.uploadDocument(loanId, incoming, user, 'SIGNED_CONTRACT', 'SIGNED_CONTRACT_UPLOAD', () => {
      throw new AppError(HttpStatus.CONFLICT, CODES.signedCopyNotNow, 'signedCopyNotNow', {}, null, 'SignedCopyNotNow');
    });
  }

  /**
   * An uploaded document of the loan (pdf or docx, kind document) while its state window (workflow
   * STATE_WINDOWS) is open; the instance row is locked so the step that needs the document waits.
   */
  async uploadDocument(
    loanId: string,
    incoming: IncomingFile | undefined,
    user: AuthUser,
    kind: 'SIGNED_CONTRACT' | 'SEALED_LETTER' | 'DISBURSEMENT_VOUCHER',
    window: StateWindowKey,
    refuse: () => never,
  ): Promise<LoanDocumentDto> {
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    const prepared = await this.storage.prepare('document', incoming);
    const { result: id } = await this.storage.put(prepared, user.id, async (em, stored) => {
      const [row] = await em.query(
        `SELECT wi.snapshot FROM workflow_instance wi JOIN loan l ON l.id = wi.loan_id AND l.deleted_at IS NULL WHERE wi.loan_id = $1 FOR UPDATE OF wi`,
        [loanId],
      );
      if (!row) throw AppError.notFound('loanNotFound');
      if (!windowOpen(window, row.snapshot)) refuse();
      const [doc] = await em.query(`INSERT INTO loan_document (loan_id, kind, file_id, created_by) VALUES ($1, $2, $3, $4) RETURNING id`, [
        loanId,
        kind,
        stored.id,
        user.id,
      ]);
      return doc.id as string;
    });
    this.logger.log(`${kind} ${id} uploaded for loan ${loanId} by ${user.username}`);
    const [doc] = await this.db.query(`SELECT ${DOCUMENT_COLUMNS} FROM loan_document d JOIN uploaded_file f ON f.id = d.file_id WHERE d.id = $1`, [id]);
    return toDocument(doc);
  }

  /** The enabled contract templates of a bank (letters excluded): what CONTRACT_GENERATE may name. */
  async templateOptions(bankId: string): Promise<ContractTemplateOptionDto[]> {
    const rows = await this.templates.enabledTemplates(bankId);
    return rows
      .filter((t) => t.contractType !== 'GUARANTEE_LETTER')
      .map((t) => ({ id: t.id, contractType: t.contractType as ContractType, version: t.version, fileName: t.fileName }));
  }
}
