import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AgreementDto } from '../common/misc.responses';

const COLUMNS = `id, type, language, version, title, content, current, created_at AS "createdAt"`;

/** The SQL of the agreement table (service agreement and privacy policy, per language and version). */
@Injectable()
export class AgreementsRepository {
  constructor(private readonly db: DataSource) {}

  async current(type: string, language: string): Promise<AgreementDto | null> {
    const [row] = await this.db.query(`SELECT ${COLUMNS} FROM agreement WHERE type = $1 AND language = $2 AND current`, [type, language]);
    return row ?? null;
  }

  /** Every version, newest first. */
  versions(type: string, language: string): Promise<AgreementDto[]> {
    return this.db.query(`SELECT ${COLUMNS} FROM agreement WHERE type = $1 AND language = $2 ORDER BY version DESC`, [type, language]);
  }
}
