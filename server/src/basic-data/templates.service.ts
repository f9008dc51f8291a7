import { HttpStatus, Injectable, Logger, StreamableFile } from '@nestjs/common';
import type { ContractType } from '@app/workflow';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { DOCUMENT_MIME } from '../archives/document-signature';
import { AppError, CODES } from '../common/errors';
import { downloadFile } from '../common/spreadsheet';
import { UUID } from './banks.service';
import type { TemplateRowDto } from './basic-data.responses';
import { isDocx, summarizeTags, TemplateReservedTagError, TemplateSyntaxError } from './docx-template';
import { readTemplateTags, refusingBadZips } from '../files/office-thread';
import { normalizeFileName } from '../files/file-name';
import { FileStorage, sha256 } from '../files/file-storage';

/** A template may not be larger than this (a contract with a logo is well under 1 MB). */
export const TEMPLATE_MAX_BYTES = 10 * 1024 * 1024;
export const DOCX_MIME = DOCUMENT_MIME.docx;

const COLUMNS = `t.id, t.bank_id, t.contract_type, t.version, t.file_name, t.size, t.sha256, t.placeholders, t.enabled,
  u.nickname AS created_by_name, t.created_at`;

function toRow(r: Record<string, any>): TemplateRowDto {
  return {
    id: r.id,
    bankId: r.bank_id,
    contractType: r.contract_type,
    version: r.version,
    fileName: r.file_name,
    size: r.size,
    sha256: r.sha256,
    placeholders: r.placeholders ?? [],
    enabled: r.enabled,
    createdByName: r.created_by_name,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** A kept template with where its bytes are: what contract generation reads. */
export interface TemplateWithBytes {
  template: TemplateRowDto;
  bytes: Buffer;
}

/**
 * Word contract templates per bank and contract type. Every upload is a new version (versions are
 * never overwritten, deleted ones keep their number) and becomes the enabled one of its type; a
 * generated document records the id and version it came from.
 */
@Injectable()
export class TemplatesService {
  private readonly logger = new Logger(TemplatesService.name);

  constructor(
    private readonly db: DataSource,
    private readonly storage: FileStorage,
  ) {}

  /**
   * The checks of an upload, before anything is written: a .docx by name and bytes, within the zip's
   * limits, no reserved tag names, known tags only. The zip is read in a worker thread (office-thread.ts).
   */
  private async check(file: Express.Multer.File | undefined): Promise<{ name: string; placeholders: string[] }> {
    if (!file || !file.buffer?.length) throw new AppError(HttpStatus.BAD_REQUEST, CODES.fileMissing, 'fileMissing');
    if (file.size > TEMPLATE_MAX_BYTES) throw new AppError(HttpStatus.BAD_REQUEST, CODES.fileTooLarge, 'fileTooLarge', { limit: '10 MB' });
    const name = normalizeFileName(file.originalname, 'template.docx');
    if (!/\.docx$/i.test(name)) throw new AppError(HttpStatus.BAD_REQUEST, CODES.fileWrongType, 'fileWrongType', { types: '.docx' });
    const docx = await refusingBadZips(async () => isDocx(file.buffer));
    if (!docx) throw new AppError(HttpStatus.BAD_REQUEST, CODES.templateNotDocx, 'templateNotDocx', { name }, null, 'TemplateNotDocx');
    let scan;
    try {
      scan = summarizeTags(await refusingBadZips(() => readTemplateTags(file.buffer)));
    } catch (error: unknown) {
      if (error instanceof TemplateReservedTagError) {
        const names = error.tags.map((n) => `{${n}}`).join(', ');
        throw new AppError(
          HttpStatus.BAD_REQUEST,
          CODES.templateReservedTag,
          'templateReservedTag',
          { names },
          { reserved: error.tags },
          'TemplateReservedTag',
        );
      }
      if (!(error instanceof TemplateSyntaxError)) throw error;
      const detail = error.problems.slice(0, 5).join('; ');
      throw new AppError(
        HttpStatus.BAD_REQUEST,
        CODES.templateSyntax,
        'templateSyntax',
        { detail },
        { problems: error.problems.slice(0, 20) },
        'TemplateSyntax',
      );
    }
    if (scan.unknown.length) {
      const names = scan.unknown.map((n) => `{${n}}`).join(', ');
      throw new AppError(
        HttpStatus.BAD_REQUEST,
        CODES.templateUnknownPlaceholders,
        'templateUnknownPlaceholders',
        { names },
        { unknown: scan.unknown, placeholders: scan.placeholders },
        'TemplateUnknownPlaceholders',
      );
    }
    return { name, placeholders: scan.placeholders };
  }

  async upload(bankId: string, contractType: ContractType, file: Express.Multer.File | undefined, user: AuthUser): Promise<TemplateRowDto> {
    if (!UUID.test(bankId)) throw AppError.notFound('bankNotFound');
    const { name, placeholders } = await this.check(file);
    // the bytes go through the one storage (kind template: a .docx by its bytes and name, sha256 kept)
    const prepared = await this.storage.prepare('template', file, name, { zipChecked: true });
    const { result: id } = await this.storage.put(prepared, user.id, async (em, stored) => {
      // the bank row lock orders uploads of one bank (version numbers) and a concurrent delete
      const [bank] = await em.query(`SELECT id FROM bank WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [bankId]);
      if (!bank) throw AppError.notFound('bankNotFound');
      const [{ next }] = await em.query(`SELECT coalesce(max(version), 0) + 1 AS next FROM bank_template WHERE bank_id = $1 AND contract_type = $2`, [
        bankId,
        contractType,
      ]);
      await em.query(`UPDATE bank_template SET enabled = false, updated_at = now() WHERE bank_id = $1 AND contract_type = $2 AND enabled`, [
        bankId,
        contractType,
      ]);
      const [row] = await em.query(
        `INSERT INTO bank_template (bank_id, contract_type, version, file_name, file_id, size, sha256, placeholders, enabled, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, $9) RETURNING id`,
        [bankId, contractType, next, name, stored.id, stored.size, stored.sha256, placeholders, user.id],
      );
      return row.id as string;
    });
    this.logger.log(`template ${id} (${contractType}) uploaded for bank ${bankId} by ${user.username}`);
    return this.get(id);
  }

  async get(id: string): Promise<TemplateRowDto> {
    if (!UUID.test(id)) throw AppError.notFound('templateNotFound');
    const [row] = await this.db.query(
      `SELECT ${COLUMNS} FROM bank_template t LEFT JOIN app_user u ON u.id = t.created_by
        JOIN bank b ON b.id = t.bank_id AND b.deleted_at IS NULL
        WHERE t.id = $1 AND t.deleted_at IS NULL`,
      [id],
    );
    if (!row) throw AppError.notFound('templateNotFound');
    return toRow(row);
  }

  /** Every kept version of a bank's templates, by contract type then newest version first. */
  async list(bankId: string, contractType?: ContractType): Promise<TemplateRowDto[]> {
    if (!UUID.test(bankId)) throw AppError.notFound('bankNotFound');
    const [bank] = await this.db.query(`SELECT id FROM bank WHERE id = $1 AND deleted_at IS NULL`, [bankId]);
    if (!bank) throw AppError.notFound('bankNotFound');
    const rows = await this.db.query(
      `SELECT ${COLUMNS} FROM bank_template t LEFT JOIN app_user u ON u.id = t.created_by
        WHERE t.bank_id = $1 AND t.deleted_at IS NULL AND ($2::text IS NULL OR t.contract_type = $2)
        ORDER BY t.contract_type, t.version DESC`,
      [bankId, contractType ?? null],
    );
    return rows.map(toRow);
  }

  /** Enables one version (and disables the other versions of its type), or disables it. */
  async setEnabled(id: string, enabled: boolean, user: AuthUser): Promise<TemplateRowDto> {
    if (!UUID.test(id)) throw AppError.notFound('templateNotFound');
    await this.db.transaction(async (em) => {
      const [row] = await em.query(
        `SELECT t.bank_id, t.contract_type FROM bank_template t JOIN bank b ON b.id = t.bank_id AND b.deleted_at IS NULL
          WHERE t.id = $1 AND t.deleted_at IS NULL FOR UPDATE OF b, t`,
        [id],
      );
      if (!row) throw AppError.notFound('templateNotFound');
      if (enabled) {
        await em.query(`UPDATE bank_template SET enabled = false, updated_at = now() WHERE bank_id = $1 AND contract_type = $2 AND enabled AND id <> $3`, [
          row.bank_id,
          row.contract_type,
          id,
        ]);
      }
      await em.query(`UPDATE bank_template SET enabled = $2, updated_at = now() WHERE id = $1`, [id, enabled]);
    });
    this.logger.log(`template ${id} ${enabled ? 'enabled' : 'disabled'} by ${user.username}`);
    return this.get(id);
  }

  /** Soft delete: the row and the bytes stay, so documents generated from this version keep their source. */
  async remove(id: string, user: AuthUser): Promise<{ id: string }> {
    if (!UUID.test(id)) throw AppError.notFound('templateNotFound');
    const updated = await this.db.query(
      `UPDATE bank_template SET deleted_at = now(), deleted_by = $2, enabled = false, updated_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
      [id, user.id],
    );
    if (!updated[0]?.length) throw AppError.notFound('templateNotFound');
    this.logger.log(`template ${id} deleted by ${user.username}`);
    return { id };
  }

  async download(id: string): Promise<StreamableFile> {
    const { template, bytes } = await this.withBytes(id);
    return downloadFile(bytes, DOCX_MIME, template.fileName);
  }

  // --- for contract generation (CONTRACT_GENERATE, guarantee letters) ---------------------------

  /** The enabled template of each contract type of a bank. */
  async enabledTemplates(bankId: string): Promise<TemplateRowDto[]> {
    if (!UUID.test(bankId)) return [];
    const rows = await this.db.query(
      `SELECT ${COLUMNS} FROM bank_template t LEFT JOIN app_user u ON u.id = t.created_by
        JOIN bank b ON b.id = t.bank_id AND b.deleted_at IS NULL
        WHERE t.bank_id = $1 AND t.enabled AND t.deleted_at IS NULL ORDER BY t.contract_type`,
      [bankId],
    );
    return rows.map(toRow);
  }

  /** A kept version with its bytes (checked against the recorded sha256). */
  async withBytes(id: string): Promise<TemplateWithBytes> {
    const template = await this.get(id);
    const [row] = await this.db.query(
      `SELECT f.id, f.kind, f.original_name AS name, f.mime, f.size, f.sha256, f.url, f.storage, f.storage_key AS "storageKey"
         FROM bank_template t JOIN uploaded_file f ON f.id = t.file_id WHERE t.id = $1`,
      [id],
    );
    const { bytes } = await this.storage.read(row);
    if (sha256(bytes) !== template.sha256) throw new Error(`template ${id} does not match its sha256`);
    return { template, bytes };
  }
}
