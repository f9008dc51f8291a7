import { CONTRACT_TYPE_LABELS, CONTRACT_TYPES, type ContractType } from '@app/workflow';
import type { EntityManager } from 'typeorm';
import { buildContext, renderTemplate, yuanToFen } from '../basic-data/docx-template';
import { contextCollaterals } from '../collateral/collateral.repository';
import { type FileStorage, sha256 } from '../files/file-storage';
import { fillTemplate, refusingBadZips } from '../files/office-thread';
import { insertLoanDocument, loanToFill, loanTypeByName, shareContractTemplates, templateFile } from './contracts.repository';

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
  const rows = await shareContractTemplates(em, bankId);
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
  const loan = await loanToFill(em, loanId);
  const loanType = loan.loan_type ? await loanTypeByName(em, loan.loan_type) : undefined;
  const context = buildContext(
    { amountFen: yuanToFen(typeof target.amount === 'number' ? target.amount : loan.amount), termMonths: loan.term_months },
    { name: loan.company_name, creditCode: loan.credit_code },
    { name: template.bankName },
    loanType ? { name: loanType.name, feeRateBp: loanType.fee_rate_bp } : null,
    await contextCollaterals(em, loanId),
    new Date(target.at),
  );
  const file = await templateFile(em, template.id);
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
  return insertLoanDocument(em, {
    loanId,
    kind: document.kind,
    contractType: document.template?.type ?? null,
    fileId: file.id,
    templateId: document.template?.id ?? null,
    templateVersion: document.template?.version ?? null,
    actorId,
  });
}

/** A bank template filled for the loan and kept as its document (contracts and guarantee letters). */
export async function fillLoanDocument(target: FillTarget, template: FillTemplate, kind: 'CONTRACT' | 'GUARANTEE_LETTER'): Promise<string> {
  const { bytes, name } = await renderLoanDocument(target, template);
  return storeLoanDocument(target, { kind, bytes, name, template });
}
