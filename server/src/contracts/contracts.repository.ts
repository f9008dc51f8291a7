import { Injectable } from '@nestjs/common';
import type { ContractType } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import type { LoanDocumentDto } from './contracts.responses';

const DOCUMENT_COLUMNS = `d.id, d.kind, d.contract_type AS "contractType", f.original_name AS name, f.size, f.sha256,
  d.template_id AS "templateId", d.template_version AS "templateVersion", d.created_at AS "createdAt", d.created_by AS "createdBy"`;

function toDocument(r: Record<string, any>): LoanDocumentDto {
  return { ...r, sha256: r.sha256 ?? null, createdAt: new Date(r.createdAt).toISOString() } as LoanDocumentDto;
}

/** A bank template as CONTRACT_GENERATE names it. */
export interface NamedTemplateRow {
  id: string;
  contract_type: string;
  version: number;
  enabled: boolean;
  bank_name: string;
}

// The statements of a filled document (fill-document.ts), in the caller's transaction: plain
// functions taking the EntityManager, as fill-document's are (the demo seed fills documents too).

/**
 * The bank's enabled templates other than the letter, by contract type and newest version first,
 * share-locked until the caller's transaction ends (a disable waits).
 */
export async function shareContractTemplates(
  em: EntityManager,
  bankId: string,
): Promise<{ id: string; contract_type: ContractType; version: number; bank_name: string }[]> {
  return em.query(
    `SELECT t.id, t.contract_type, t.version, b.name AS bank_name
       FROM bank_template t JOIN bank b ON b.id = t.bank_id AND b.deleted_at IS NULL
      WHERE t.bank_id = $1 AND t.enabled AND t.deleted_at IS NULL AND t.contract_type <> 'GUARANTEE_LETTER'
      ORDER BY t.contract_type, t.version DESC FOR SHARE OF t, b`,
    [bankId],
  );
}

/** What a document says of the loan: its amount (yuan, as text), term, loan type and company (the loan must exist). */
export async function loanToFill(
  em: EntityManager,
  loanId: string,
): Promise<{ amount: string; term_months: number; loan_type: string | null; company_name: string; credit_code: string }> {
  const [loan] = await em.query(
    `SELECT l.amount::text AS amount, l.term_months, l.loan_type, c.name AS company_name, c.credit_code
       FROM loan l JOIN company c ON c.id = l.company_id WHERE l.id = $1`,
    [loanId],
  );
  return loan;
}

/** The loan type by name, with its fee rate; undefined when there is none of that name. */
export async function loanTypeByName(em: EntityManager, name: string): Promise<{ name: string; fee_rate_bp: number } | undefined> {
  const [loanType] = await em.query(`SELECT name, fee_rate_bp FROM loan_type WHERE name = $1`, [name]);
  return loanType;
}

/** The template's file (a stored file's columns) with the sha256 the template recorded of it; undefined when it has none. */
export async function templateFile(em: EntityManager, templateId: string): Promise<Record<string, any> | undefined> {
  const [file] = await em.query(
    `SELECT t.sha256 AS "templateSha256", f.id, f.kind, f.original_name AS name, f.mime, f.size, f.sha256, f.url, f.storage, f.storage_key AS "storageKey"
       FROM bank_template t JOIN uploaded_file f ON f.id = t.file_id WHERE t.id = $1`,
    [templateId],
  );
  return file;
}

/** A loan_document row for a stored file (with the template it was filled from, if any); its id. */
export async function insertLoanDocument(
  em: EntityManager,
  row: {
    loanId: string;
    kind: string;
    contractType: ContractType | null;
    fileId: string;
    templateId: string | null;
    templateVersion: number | null;
    actorId: string;
  },
): Promise<string> {
  const [doc] = await em.query(
    `INSERT INTO loan_document (loan_id, kind, contract_type, file_id, template_id, template_version, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [row.loanId, row.kind, row.contractType, row.fileId, row.templateId, row.templateVersion, row.actorId],
  );
  return doc.id as string;
}

/** The SQL of a loan's documents (loan_document, and the attachments listed beside them). */
@Injectable()
export class ContractsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * The kept template of the live bank, held FOR SHARE until the transaction ends: it stays enabled
   * until this commits (a disable waits, or came first and is seen).
   */
  async shareTemplate(em: EntityManager, bankId: string, templateId: string): Promise<NamedTemplateRow | null> {
    const [template] = await em.query(
      `SELECT t.id, t.contract_type, t.version, t.enabled, b.name AS bank_name
         FROM bank_template t JOIN bank b ON b.id = t.bank_id AND b.deleted_at IS NULL
        WHERE t.id = $1 AND t.bank_id = $2 AND t.deleted_at IS NULL FOR SHARE OF t, b`,
      [templateId, bankId],
    );
    return template ?? null;
  }

  /** Deletes the loan's contracts (generated and signed) and their file rows; answers the files' places, for their bytes. */
  async deleteContracts(em: EntityManager, loanId: string): Promise<{ storage: string; storageKey: string }[] | null> {
    // a DELETE answers [rows, count] through TypeORM
    const [docs]: [{ file_id: string }[], number] = await em.query(
      `DELETE FROM loan_document WHERE loan_id = $1 AND kind IN ('CONTRACT', 'SIGNED_CONTRACT') RETURNING file_id`,
      [loanId],
    );
    if (!docs.length) return null;
    const [files]: [{ storage: string; storageKey: string }[], number] = await em.query(
      `DELETE FROM uploaded_file WHERE id = ANY($1) RETURNING storage, storage_key AS "storageKey"`,
      [docs.map((d) => d.file_id)],
    );
    return files;
  }

  async liveLoanExists(loanId: string): Promise<boolean> {
    const [loan] = await this.db.query(`SELECT id FROM loan WHERE id = $1 AND deleted_at IS NULL`, [loanId]);
    return !!loan;
  }

  /** The loan's own documents and every file uploaded onto it (archive, counter-guarantee, vouchers, visit reports), oldest first. */
  async documentsOfLoan(loanId: string): Promise<LoanDocumentDto[]> {
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

  /** A document or attachment of a live loan, with its stored file (as FileStorage.read takes it). */
  async documentFile(id: string): Promise<(Record<string, any> & { loanId: string }) | null> {
    const [row] = await this.db.query(
      `SELECT d.loan_id AS "loanId", f.id, f.kind, f.original_name AS name, f.mime, f.size, f.sha256, f.url, f.storage, f.storage_key AS "storageKey"
         FROM (SELECT loan_id, file_id FROM loan_document WHERE id = $1
               UNION ALL SELECT loan_id, file_id FROM attachment WHERE id = $1 AND loan_id IS NOT NULL AND deleted_at IS NULL) d
         JOIN uploaded_file f ON f.id = d.file_id JOIN loan l ON l.id = d.loan_id AND l.deleted_at IS NULL`,
      [id],
    );
    return row ?? null;
  }

  /** The live loan's machine snapshot, its instance locked until the transaction ends; undefined when there is no such loan. */
  async lockSnapshot(em: EntityManager, loanId: string): Promise<{ snapshot: any } | undefined> {
    const [row] = await em.query(
      `SELECT wi.snapshot FROM workflow_instance wi JOIN loan l ON l.id = wi.loan_id AND l.deleted_at IS NULL WHERE wi.loan_id = $1 FOR UPDATE OF wi`,
      [loanId],
    );
    return row;
  }

  async insertDocument(em: EntityManager, loanId: string, kind: string, fileId: string, userId: string): Promise<string> {
    const [doc] = await em.query(`INSERT INTO loan_document (loan_id, kind, file_id, created_by) VALUES ($1, $2, $3, $4) RETURNING id`, [
      loanId,
      kind,
      fileId,
      userId,
    ]);
    return doc.id as string;
  }

  async document(id: string): Promise<LoanDocumentDto> {
    const [doc] = await this.db.query(`SELECT ${DOCUMENT_COLUMNS} FROM loan_document d JOIN uploaded_file f ON f.id = d.file_id WHERE d.id = $1`, [id]);
    return toDocument(doc);
  }
}
