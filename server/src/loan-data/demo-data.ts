import { exampleContent, exampleReport, type DataType, type StageKey } from '@app/workflow';
import { EntityManager } from 'typeorm';

/** Stages reached after the B-post officer wrote the conclusion. */
const AFTER_RISK_CONTROL: readonly StageKey[] = ['insuranceReview', 'withdrawal', 'duringGuarantee', 'disbursement', 'afterGuarantee', 'release', 'closed'];

async function saveVersion(em: EntityManager, loanId: string, type: DataType, version: number, content: unknown, userId: string): Promise<void> {
  await em.query(
    `INSERT INTO loan_data (loan_id, type, content, version, updated_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (loan_id, type) DO UPDATE SET content = EXCLUDED.content, version = EXCLUDED.version, updated_by = EXCLUDED.updated_by`,
    [loanId, type, content, version, userId],
  );
  await em.query(`INSERT INTO loan_data_version (loan_id, type, version, content, saved_by) VALUES ($1, $2, $3, $4, $5)`, [
    loanId,
    type,
    version,
    content,
    userId,
  ]);
}

/**
 * The demo loans' data, as their officers would have saved it: nothing for the loan still in data
 * collection (a newcomer fills it in), what the A-post officer writes for the loans past it, and the
 * B-post conclusion (a second version, by the B-post officer) for those past risk control.
 */
export async function seedDemoLoanData(em: EntityManager, aPostId: string, bPostId: string): Promise<number> {
  const loans: { id: string; stage: StageKey; name: string; creditCode: string; createdAt: Date }[] = await em.query(
    `SELECT l.id, wi.stage, c.name, c.credit_code AS "creditCode", l.created_at AS "createdAt"
       FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance wi ON wi.loan_id = l.id WHERE l.deleted_at IS NULL`,
  );
  let saved = 0;
  for (const loan of loans) {
    if (loan.stage === 'collection') continue;
    const latestYear = new Date(loan.createdAt).getFullYear() - 1;
    const types: DataType[] = loan.stage === 'discontinued' ? ['CLIENT', 'INQUIRY'] : ['CLIENT', 'INQUIRY', 'AGENT', 'REPORT'];
    for (const type of types) {
      const content =
        type === 'REPORT'
          ? exampleReport(loan.name, latestYear, false)
          : exampleContent(type, { companyName: loan.name, creditCode: loan.creditCode, latestYear });
      await saveVersion(em, loan.id, type, 1, content, aPostId);
      saved++;
    }
    if (AFTER_RISK_CONTROL.includes(loan.stage)) await saveVersion(em, loan.id, 'REPORT', 2, exampleReport(loan.name, latestYear, true), bPostId);
  }
  return saved;
}
