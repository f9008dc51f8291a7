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

  /**
   * The live loan with its snapshot, company, bank and A-post officer (name and language), the
   * instance share-locked until the transaction ends (the loan stays where it stands); undefined when there is no such loan.
   */
  async shareLoanToRemind(em: EntityManager, loanId: string): Promise<Record<string, any> | undefined> {
    const [loan] = await em.query(
      `SELECT wi.snapshot, c.name AS company, l.bank, l.a_post_officer_id AS "officerId", u.nickname AS "officerName", u.language
           FROM loan l JOIN workflow_instance wi ON wi.loan_id = l.id JOIN company c ON c.id = l.company_id
           LEFT JOIN app_user u ON u.id = l.a_post_officer_id
          WHERE l.id = $1 AND l.deleted_at IS NULL
          FOR SHARE OF wi`,
      [loanId],
    );
    return loan;
  }

  /** The disbursement reminder's message, unless the recipient has one of that source key already; answers the rows inserted. */
  async insertReminderMessage(
    em: EntityManager,
    message: { userId: string; title: string; content: string; sourceKey: string; link: string },
  ): Promise<{ id: string; createdAt: Date }[]> {
    return em.query(
      `INSERT INTO message (user_id, title, content, type, source_key, link) VALUES ($1, $2, $3, 'REMINDER', $4, $5)
         ON CONFLICT (user_id, source_key) WHERE source_key IS NOT NULL DO NOTHING RETURNING id, created_at AS "createdAt"`,
      [message.userId, message.title, message.content, message.sourceKey, message.link],
    );
  }

  /** The user's messages of a source key (one at most). */
  async messagesBySourceKey(em: EntityManager, userId: string, sourceKey: string): Promise<{ id: string; title: string; content: string; createdAt: Date }[]> {
    return em.query(`SELECT id, title, content, created_at AS "createdAt" FROM message WHERE user_id = $1 AND source_key = $2`, [userId, sourceKey]);
  }
}
