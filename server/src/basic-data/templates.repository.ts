import { Injectable } from '@nestjs/common';
import type { ContractType } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import type { TemplateRowDto } from './basic-data.responses';

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

/** The SQL of the bank_template table. */
@Injectable()
export class TemplatesRepository {
  constructor(private readonly db: DataSource) {}

  /** The live bank exists; `lock` (inside a transaction) holds its row until the transaction ends. */
  async bankExists(bankId: string, em: DataSource | EntityManager = this.db, lock = false): Promise<boolean> {
    const [bank] = await em.query(`SELECT id FROM bank WHERE id = $1 AND deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`, [bankId]);
    return !!bank;
  }

  /**
   * A new version of the bank's template of this type, the enabled one of its type (the others of the
   * type disabled); call with the bank row locked, which orders the version numbers.
   */
  async insertVersion(
    em: EntityManager,
    row: {
      bankId: string;
      contractType: ContractType;
      name: string;
      file: { id: string; size: number; sha256: string | null };
      placeholders: string[];
      userId: string;
    },
  ): Promise<string> {
    const { bankId, contractType } = row;
    const [{ next }] = await em.query(`SELECT coalesce(max(version), 0) + 1 AS next FROM bank_template WHERE bank_id = $1 AND contract_type = $2`, [
      bankId,
      contractType,
    ]);
    await em.query(`UPDATE bank_template SET enabled = false, updated_at = now() WHERE bank_id = $1 AND contract_type = $2 AND enabled`, [
      bankId,
      contractType,
    ]);
    const [inserted] = await em.query(
      `INSERT INTO bank_template (bank_id, contract_type, version, file_name, file_id, size, sha256, placeholders, enabled, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, $9) RETURNING id`,
      [bankId, contractType, next, row.name, row.file.id, row.file.size, row.file.sha256, row.placeholders, row.userId],
    );
    return inserted.id as string;
  }

  /** A kept version of a live bank. */
  async row(id: string): Promise<TemplateRowDto | null> {
    const [row] = await this.db.query(
      `SELECT ${COLUMNS} FROM bank_template t LEFT JOIN app_user u ON u.id = t.created_by
        JOIN bank b ON b.id = t.bank_id AND b.deleted_at IS NULL
        WHERE t.id = $1 AND t.deleted_at IS NULL`,
      [id],
    );
    return row ? toRow(row) : null;
  }

  async ofBank(bankId: string, contractType: ContractType | null): Promise<TemplateRowDto[]> {
    const rows = await this.db.query(
      `SELECT ${COLUMNS} FROM bank_template t LEFT JOIN app_user u ON u.id = t.created_by
        WHERE t.bank_id = $1 AND t.deleted_at IS NULL AND ($2::text IS NULL OR t.contract_type = $2)
        ORDER BY t.contract_type, t.version DESC`,
      [bankId, contractType],
    );
    return rows.map(toRow);
  }

  /** The kept version's bank and type, its row and its bank's locked until the transaction ends. */
  async lock(em: EntityManager, id: string): Promise<{ bank_id: string; contract_type: ContractType } | null> {
    const [row] = await em.query(
      `SELECT t.bank_id, t.contract_type FROM bank_template t JOIN bank b ON b.id = t.bank_id AND b.deleted_at IS NULL
        WHERE t.id = $1 AND t.deleted_at IS NULL FOR UPDATE OF b, t`,
      [id],
    );
    return row ?? null;
  }

  /** Disables the other versions of the type. */
  async disableOthers(em: EntityManager, id: string, bankId: string, contractType: ContractType): Promise<void> {
    await em.query(`UPDATE bank_template SET enabled = false, updated_at = now() WHERE bank_id = $1 AND contract_type = $2 AND enabled AND id <> $3`, [
      bankId,
      contractType,
      id,
    ]);
  }

  async setEnabled(em: EntityManager, id: string, enabled: boolean): Promise<void> {
    await em.query(`UPDATE bank_template SET enabled = $2, updated_at = now() WHERE id = $1`, [id, enabled]);
  }

  /** Soft delete; false when no kept version has the id. */
  async softDelete(id: string, userId: string): Promise<boolean> {
    const updated = await this.db.query(
      `UPDATE bank_template SET deleted_at = now(), deleted_by = $2, enabled = false, updated_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
      [id, userId],
    );
    return !!updated[0]?.length;
  }

  async enabledOfBank(bankId: string): Promise<TemplateRowDto[]> {
    const rows = await this.db.query(
      `SELECT ${COLUMNS} FROM bank_template t LEFT JOIN app_user u ON u.id = t.created_by
        JOIN bank b ON b.id = t.bank_id AND b.deleted_at IS NULL
        WHERE t.bank_id = $1 AND t.enabled AND t.deleted_at IS NULL ORDER BY t.contract_type`,
      [bankId],
    );
    return rows.map(toRow);
  }

  /** The stored file of a version, as FileStorage.read takes it. */
  async file(id: string): Promise<Record<string, any>> {
    const [row] = await this.db.query(
      `SELECT f.id, f.kind, f.original_name AS name, f.mime, f.size, f.sha256, f.url, f.storage, f.storage_key AS "storageKey"
         FROM bank_template t JOIN uploaded_file f ON f.id = t.file_id WHERE t.id = $1`,
      [id],
    );
    return row;
  }
}
