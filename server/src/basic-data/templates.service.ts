import { HttpStatus, Injectable, Logger, StreamableFile } from '@nestjs/common';
import type { ContractType } from '@app/workflow';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { DOCUMENT_MIME } from '../archives/document-signature';
import { AppError, CODES } from '../common/errors';
import { downloadFile } from '../common/spreadsheet';
import { UUID } from './banks.service';
import type { TemplateRowDto } from './basic-data.responses';
import { TemplatesRepository } from './templates.repository';
import { isDocx, summarizeTags, TemplateReservedTagError, TemplateSyntaxError } from './docx-template';
import { readTemplateTags, refusingBadZips } from '../files/office-thread';
import { normalizeFileName } from '../files/file-name';
import { FileStorage, sha256 } from '../files/file-storage';

/** A template may not be larger than this (a contract with a logo is well under 1 MB). */
export const TEMPLATE_MAX_BYTES = 10 * 1024 * 1024;
export const DOCX_MIME = DOCUMENT_MIME.docx;

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
    private readonly templates: TemplatesRepository,
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
      if (!(await this.templates.bankExists(bankId, em, true))) throw AppError.notFound('bankNotFound');
      return this.templates.insertVersion(em, { bankId, contractType, name, file: stored, placeholders, userId: user.id });
    });
    this.logger.log(`template ${id} (${contractType}) uploaded for bank ${bankId} by ${user.username}`);
    return this.get(id);
  }

  async get(id: string): Promise<TemplateRowDto> {
    if (!UUID.test(id)) throw AppError.notFound('templateNotFound');
    const row = await this.templates.row(id);
    if (!row) throw AppError.notFound('templateNotFound');
    return row;
  }

  /** Every kept version of a bank's templates, by contract type then newest version first. */
  async list(bankId: string, contractType?: ContractType): Promise<TemplateRowDto[]> {
    if (!UUID.test(bankId)) throw AppError.notFound('bankNotFound');
    if (!(await this.templates.bankExists(bankId))) throw AppError.notFound('bankNotFound');
    return this.templates.ofBank(bankId, contractType ?? null);
  }

  /** Enables one version (and disables the other versions of its type), or disables it. */
  async setEnabled(id: string, enabled: boolean, user: AuthUser): Promise<TemplateRowDto> {
    if (!UUID.test(id)) throw AppError.notFound('templateNotFound');
    await this.db.transaction(async (em) => {
      const row = await this.templates.lock(em, id);
      if (!row) throw AppError.notFound('templateNotFound');
      if (enabled) await this.templates.disableOthers(em, id, row.bank_id, row.contract_type);
      await this.templates.setEnabled(em, id, enabled);
    });
    this.logger.log(`template ${id} ${enabled ? 'enabled' : 'disabled'} by ${user.username}`);
    return this.get(id);
  }

  /** Soft delete: the row and the bytes stay, so documents generated from this version keep their source. */
  async remove(id: string, user: AuthUser): Promise<{ id: string }> {
    if (!UUID.test(id)) throw AppError.notFound('templateNotFound');
    if (!(await this.templates.softDelete(id, user.id))) throw AppError.notFound('templateNotFound');
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
    return this.templates.enabledOfBank(bankId);
  }

  /** A kept version with its bytes (checked against the recorded sha256). */
  async withBytes(id: string): Promise<TemplateWithBytes> {
    const template = await this.get(id);
    const { bytes } = await this.storage.read(await this.templates.file(id));
    if (sha256(bytes) !== template.sha256) throw new Error(`template ${id} does not match its sha256`);
    return { template, bytes };
  }
}
