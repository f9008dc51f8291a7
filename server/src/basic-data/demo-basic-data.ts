import { CONTRACT_TYPES } from '@app/workflow';
import type { EntityManager } from 'typeorm';
import type { FileStorage } from '../files/file-storage';
import { scanTemplate } from './docx-template';
import { demoTemplate } from './demo-templates';

/** The lenders of the demo loans (loans name their bank), each in its category. */
const DEMO_BANKS: { name: string; category: string; phone: string; address: string }[] = [
  { name: '中国工商银行', category: 'STATE_OWNED', phone: '95588', address: '上海市浦东新区银城中路 8 号' },
  { name: '中国银行', category: 'STATE_OWNED', phone: '95566', address: '上海市浦东新区银城中路 200 号' },
  { name: '中国建设银行', category: 'STATE_OWNED', phone: '95533', address: '上海市浦东新区陆家嘴环路 900 号' },
  { name: '中国农业银行', category: 'STATE_OWNED', phone: '95599', address: '上海市浦东新区银城路 9 号' },
  { name: '交通银行', category: 'STATE_OWNED', phone: '95559', address: '上海市浦东新区银城中路 188 号' },
  { name: '浦发银行', category: 'JOINT_STOCK', phone: '95528', address: '上海市中山东一路 12 号' },
  { name: '招商银行', category: 'JOINT_STOCK', phone: '95555', address: '上海市浦东新区陆家嘴环路 1088 号' },
  { name: '兴业银行', category: 'JOINT_STOCK', phone: '95561', address: '上海市浦东新区银城路 167 号' },
  { name: '中信银行', category: 'JOINT_STOCK', phone: '95558', address: '上海市浦东新区世纪大道 1568 号' },
  { name: '上海银行', category: 'LOCAL_COMMERCIAL', phone: '95594', address: '上海市黄浦区银城中路 168 号' },
  { name: '宁波银行', category: 'LOCAL_COMMERCIAL', phone: '95574', address: '上海市浦东新区世纪大道 210 号' },
  { name: '上海农商银行', category: 'RURAL_FINANCIAL', phone: '021-962999', address: '上海市黄浦区中山东二路 70 号' },
];

/** The bank of the demo loan that stands in duringGuarantee: it has a template of every contract type. */
export const DEMO_TEMPLATE_BANK = '浦发银行';

const DEMO_LOAN_TYPES: { name: string; bp: number; repayment: number; maturity: number }[] = [
  { name: '流动资金贷款', bp: 150, repayment: 7, maturity: 30 },
  { name: '固定资产贷款', bp: 200, repayment: 10, maturity: 60 },
  { name: '科技履约贷', bp: 100, repayment: 7, maturity: 30 },
];

/**
 * Demo banks, loan types and, for DEMO_TEMPLATE_BANK (and the other `templateBanks`: those the demo
 * loans' documents come from), one template per contract type and the letter, written as .docx at
 * seed time (no binary file in the repository) and kept by the one file storage in the seed's
 * transaction.
 */
export async function seedDemoBasicData(
  em: EntityManager,
  storage: FileStorage,
  adminId: string,
  templateBanks: readonly string[] = [DEMO_TEMPLATE_BANK],
): Promise<void> {
  const ids: Record<string, string> = {};
  for (const bank of DEMO_BANKS) {
    const [row] = await em.query(`INSERT INTO bank (name, category, phone, address, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`, [
      bank.name,
      bank.category,
      bank.phone,
      bank.address,
      adminId,
    ]);
    ids[bank.name] = row.id;
  }
  for (const bank of templateBanks) {
    if (!ids[bank]) throw new Error(`demo templates: ${bank} is not a demo bank`);
    for (const type of CONTRACT_TYPES) {
      const name = `${bank}-${type.toLowerCase()}.docx`;
      const bytes = demoTemplate(type);
      const prepared = await storage.prepare('template', { buffer: bytes, originalname: name }, name, { zipChecked: true });
      // a failed seed rolls back its rows and leaves the few bytes it wrote in the folder (demo only)
      const { file } = await storage.putIn(em, prepared, adminId);
      await em.query(
        `INSERT INTO bank_template (bank_id, contract_type, version, file_name, file_id, size, sha256, placeholders, enabled, created_by)
         VALUES ($1, $2, 1, $3, $4, $5, $6, $7, true, $8)`,
        [ids[bank], type, name, file.id, file.size, file.sha256, scanTemplate(bytes).placeholders, adminId],
      );
    }
  }
  for (const t of DEMO_LOAN_TYPES) {
    await em.query(
      `INSERT INTO loan_type (name, fee_rate_bp, repayment_reminder_days, maturity_reminder_days, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $5)`,
      [t.name, t.bp, t.repayment, t.maturity, adminId],
    );
  }
}
