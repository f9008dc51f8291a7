import { HttpStatus, Injectable, Logger, StreamableFile } from '@nestjs/common';
import { windowOpen, type ContractType, type GuaranteeContext, type StateWindowKey } from '@app/workflow';
import type { AuthUser } from '../auth/auth-user';
import { TemplatesService } from '../basic-data/templates.service';
import { AppError, CODES } from '../common/errors';
import { downloadFile } from '../common/spreadsheet';
import { assertMaySee } from '../files/file-access';
import { FileStorage, type IncomingFile } from '../files/file-storage';
import type { EventWriteContext } from '../workflow/hooks';
import { ContractsRepository } from './contracts.repository';
import type { ContractTemplateOptionDto, LoanDocumentDto } from './contracts.responses';
import { contractSetOf, fillLoanDocument, type FillTemplate } from './fill-document';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The documents of a loan's contract stage: generated with CONTRACT_GENERATE from a bank template
 * (filled by the .docx engine, kept by the one file storage), deleted with CONTRACT_DELETE, both in
 * the event's transaction (writers in contracts.hooks.ts): the step and its documents commit or fail together.
 */
@Injectable()
export class ContractsService {
  private readonly logger = new Logger(ContractsService.name);

  constructor(
    private readonly documents: ContractsRepository,
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
    const template = UUID.test(bankId) && UUID.test(templateId) ? await this.documents.shareTemplate(em, bankId, templateId) : null;
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
    const files = await this.documents.deleteContracts(em, loanId);
    if (!files) return;
    onCommit(() => this.storage.removeBytes(files));
  }

  async list(loanId: string, user: AuthUser): Promise<LoanDocumentDto[]> {
    assertMaySee(user, { loanId });
    if (!UUID.test(loanId)) throw AppError.notFound('loanNotFound');
    if (!(await this.documents.liveLoanExists(loanId))) throw AppError.notFound('loanNotFound');
    // the loan's own documents, and every file uploaded onto it (archive, counter-guarantee, vouchers,
    // visit reports): one list by kind on the loan page; meeting minutes stay in the archive
    return this.documents.documentsOfLoan(loanId);
  }

  async file(id: string, user: AuthUser): Promise<StreamableFile> {
    if (!UUID.test(id)) throw AppError.notFound('documentNotFound');
    const row = await this.documents.documentFile(id);
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
      const row = await this.documents.lockSnapshot(em, loanId);
      if (!row) throw AppError.notFound('loanNotFound');
      if (!windowOpen(window, row.snapshot)) refuse();
      return this.documents.insertDocument(em, loanId, kind, stored.id, user.id);
    });
    this.logger.log(`${kind} ${id} uploaded for loan ${loanId} by ${user.username}`);
    return this.documents.document(id);
  }

  /** The enabled contract templates of a bank (letters excluded): what CONTRACT_GENERATE may name. */
  async templateOptions(bankId: string): Promise<ContractTemplateOptionDto[]> {
    const rows = await this.templates.enabledTemplates(bankId);
    return rows
      .filter((t) => t.contractType !== 'GUARANTEE_LETTER')
      .map((t) => ({ id: t.id, contractType: t.contractType as ContractType, version: t.version, fileName: t.fileName }));
  }
}
