import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** The SQL of the guarantee letters (their documents are the contracts': ContractsRepository). */
@Injectable()
export class LettersRepository {
  /** The newest enabled letter template of the live bank, held FOR SHARE (it stays enabled until this commits). */
  async shareLetterTemplate(em: EntityManager, bankId: string): Promise<{ id: string; version: number; bank_name: string } | undefined> {
    const [template] = await em.query(
      `SELECT t.id, t.version, b.name AS bank_name
         FROM bank_template t JOIN bank b ON b.id = t.bank_id AND b.deleted_at IS NULL
        WHERE t.bank_id = $1 AND t.contract_type = 'GUARANTEE_LETTER' AND t.enabled AND t.deleted_at IS NULL
        ORDER BY t.version DESC LIMIT 1 FOR SHARE OF t, b`,
      [bankId],
    );
    return template;
  }
}
