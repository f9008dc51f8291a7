import { CONTRACT_TYPE_LABELS, CONTRACT_TYPES, type ContractType } from '@app/workflow';
import type { EntityManager } from 'typeorm';
import { buildContext, renderTemplate, yuanToFen } from '../basic-data/docx-template';
import { contextCollaterals } from '../collateral/collateral.repository';
import { type FileStorage, sha256 } from '../files/file-storage';
import { fillTemplate, refusingBadZips } from '../files/office-thread';

/** A bank template to fill: what a generated document records of it. */
export interface FillTemplate {
  id: string;
  version: number;
  bankName: string;
  type: ContractType;
}

/** The loan documents' kinds (loan_document.kind). */
export type LoanDocumentKind = 'CONTRACT' | 'SIGNED_CONTRACT' | 'GUARANTEE_LETTER' | 'SEALED_LETTER' | 'DISBURSEMENT_VOUCHER';

/** Where a filled document goes: the loan, who made it and when, inside the caller's transaction. */
export interface FillTarget {
  em: EntityManager;
  storage: FileStorage;
  loanId: string;
  actorId: string;
  /** The event's time: `{today}` of the document. */
  at: string;
  /** The guaranteed amount in yuan as the machine holds it now (it may differ from the loan's first amount). */
  amount: number | null;
  /** Called with the removal of the bytes written, for the caller to run if its transaction fails. */
  onRollback(undo: () => Promise<void>): void;
  /**
   * The demo's own templates (demo-templates.ts), filled in the caller's thread: bytes this code
   * wrote. Every other fill runs in a worker thread within the zip's limits (files/office-thread.ts).
   */
  ownTemplates?: boolean;
}

/**
 * The bank's whole contract set: the latest enabled version of each contract type (the letter never),
 * in the order of CONTRACT_TYPES, share-locked until the caller's transaction ends (a disable waits).
 * Empty when the bank has none (or does not exist).
 */
export async function contractSetOf(em: EntityManager, bankId: string): Promise<FillTemplate[]> {
  const rows: { id: string; contract_type: ContractType; version: number; bank_name: string }[] = await em.query(
    `SELECT t.id, t.contract_type, t.version, b.name AS bank_name
       FROM bank_template t JOIN bank b ON b.id = t.bank_id AND b.deleted_at IS NULL
      WHERE t.bank_id = $1 AND t.enabled AND t.deleted_at IS NULL AND t.contract_type <> 'GUARANTEE_LETTER'
      ORDER BY t.contract_type, t.version DESC FOR SHARE OF t, b`,
    [bankId],
  );
  const latest = new Map<ContractType, FillTemplate>();
  for (const r of rows) {
    if (!latest.has(r.contract_type)) latest.set(r.contract_type, { id: r.id, version: r.version, bankName: r.bank_name, type: r.contract_type });
  }
  return CONTRACT_TYPES.flatMap((type) => latest.get(type) ?? []);
}

/**
 * Fills a bank template for the loan (company, bank, amount, loan type, collateral) and answers the
 * .docx bytes with the document's file name. The template's bytes are read inside the caller's
 * transaction and checked against their recorded sha256.
 */
export async function renderLoanDocument(
  target: Pick<FillTarget, 'em' | 'storage' | 'loanId' | 'at' | 'amount' | 'ownTemplates'>,
  template: FillTemplate,
): Promise<{ bytes: Buffer; name: string; companyName: string }> {
  const { em, storage, loanId } = target;
  const [loan] = await em.query(
    `SELECT l.amount::text AS amount, l.term_months, l.loan_type, c.name AS company_name, c.credit_code
       FROM loan l JOIN company c ON c.id = l.company_id WHERE l.id = $1`,
    [loanId],
  );
  const [loanType] = loan.loan_type ? await em.query(`SELECT name, fee_rate_bp FROM loan_type WHERE name = $1`, [loan.loan_type]) : [];
  const context = buildContext(
    { amountFen: yuanToFen(typeof target.amount === 'number' ? target.amount : loan.amount), termMonths: loan.term_months },
    { name: loan.company_name, creditCode: loan.credit_code },
    { name: template.bankName },
    loanType ? { name: loanType.name, feeRateBp: loanType.fee_rate_bp } : null,
    await contextCollaterals(em, loanId),
    new Date(target.at),
  );
  const [file] = await em.query(
    `SELECT t.sha256 AS "templateSha256", f.id, f.kind, f.original_name AS name, f.mime, f.size, f.sha256, f.url, f.storage, f.storage_key AS "storageKey"
       FROM bank_template t JOIN uploaded_file f ON f.id = t.file_id WHERE t.id = $1`,
    [template.id],
  );
  if (!file) throw new Error(`template ${template.id} has no file`);
  const { bytes } = await storage.read(file);
  if (sha256(bytes) !== file.templateSha256) throw new Error(`template ${template.id} does not match its sha256`);
  // a template stored before the zip's limits existed is bounded here the same way as an upload
  const filled = target.ownTemplates ? renderTemplate(bytes, context) : await refusingBadZips(() => fillTemplate(bytes, context));
  return {
    bytes: filled,
    name: `${loan.company_name}-${CONTRACT_TYPE_LABELS[template.type].zh}.docx`,
    companyName: loan.company_name,
  };
}

/** Keeps bytes as a document of the loan (file storage + loan_document row), in the caller's transaction. */
export async function storeLoanDocument(
  target: Pick<FillTarget, 'em' | 'storage' | 'loanId' | 'actorId' | 'onRollback'>,
  document: { kind: LoanDocumentKind; bytes: Buffer; name: string; template?: FillTemplate },
): Promise<string> {
  const { em, storage, loanId, actorId, onRollback } = target;
  // bytes docxtemplater wrote here (or the demo's): no zip check again
  const prepared = await storage.prepare('document', { buffer: document.bytes }, document.name, { zipChecked: true });
  const { file, undo } = await storage.putIn(em, prepared, actorId);
  onRollback(undo);
  const [doc] = await em.query(
    `INSERT INTO loan_document (loan_id, kind, contract_type, file_id, template_id, template_version, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [loanId, document.kind, document.template?.type ?? null, file.id, document.template?.id ?? null, document.template?.version ?? null, actorId],
  );
  return doc.id as string;
}

/** A bank template filled for the loan and kept as its document (contracts and guarantee letters). */
export async function fillLoanDocument(target: FillTarget, template: FillTemplate, kind: 'CONTRACT' | 'GUARANTEE_LETTER'): Promise<string> {
  const { bytes, name } = await renderLoanDocument(target, template);
  return storeLoanDocument(target, { kind, bytes, name, template });
}
