import { HttpStatus, Injectable, StreamableFile } from '@nestjs/common';
import type { Label } from '@app/workflow';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import type { Page } from '../common/envelope';
import { AppError, CODES } from '../common/errors';
import type { Lang } from '../common/i18n';
import { cursorRows, exportSheet } from '../common/spreadsheet';
import type { RegulatoryQuery, RegulatoryRowDto } from './regulatory-export.dto';
import { REGULATORY_REPORTS, type RegulatoryReportKey } from './regulatory-reports';

/**
 * Employees at or above which a company is not an SME. 工信部联企业〔2011〕300号 sizes by industry,
 * employees and revenue; the company record holds employees only, so the rule of 其他未列明行业
 * (employees alone) applies: micro < 10, small < 100, medium < 300.
 */
const SIZE_LIMITS = { MICRO: 10, SMALL: 100, MEDIUM: 300 } as const;

export function enterpriseSize(employees: number | null): RegulatoryRowDto['enterpriseSize'] {
  if (employees === null || employees === undefined) return 'UNKNOWN';
  if (employees < SIZE_LIMITS.MICRO) return 'MICRO';
  if (employees < SIZE_LIMITS.SMALL) return 'SMALL';
  if (employees < SIZE_LIMITS.MEDIUM) return 'MEDIUM';
  return 'LARGE';
}

/** The guarantee fee on the guaranteed amount at the loan type's rate, in whole fen (half up). */
export function feeFen(amountFen: number, feeRateBp: number | null): number | null {
  return feeRateBp === null ? null : Math.round((amountFen * feeRateBp) / 10_000);
}

const like = (text: string | undefined) => (text ? `%${text.replace(/[%_\\]/g, '\\$&')}%` : null);

const SELECT = `SELECT l.id, c.name AS company_name, c.credit_code, c.employee_count, c.district_code, c.strategic_industries, c.qualifications,
          c.main_business, l.bank, l.loan_type, l.term_months, wi.amount_fen, wi.disbursed_amount_fen, wi.disbursed_on::text AS disbursed_on, wi.stage,
          rp.annual_rate_bp, rp.repaid_fen,
          COALESCE(rp.maturity_on, wi.disbursed_on + make_interval(months => l.term_months))::date::text AS maturity_on,
          t.fee_rate_bp
     FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance wi ON wi.loan_id = l.id
     LEFT JOIN repayment_plan rp ON rp.loan_id = l.id
     LEFT JOIN loan_type t ON t.name = l.loan_type`;

function toRow(r: Record<string, any>): RegulatoryRowDto {
  const amountFen = Number(r.amount_fen);
  const disbursedAmountFen = Number(r.disbursed_amount_fen ?? r.amount_fen);
  const guaranteeStatus = r.stage === 'closed' ? 'RELEASED' : r.stage === 'discontinued' ? 'DISCONTINUED' : 'IN_FORCE';
  const employees = r.employee_count === null ? null : Number(r.employee_count);
  const feeRateBp = r.fee_rate_bp === null ? null : Number(r.fee_rate_bp);
  return {
    loanId: r.id,
    companyName: r.company_name,
    creditCode: r.credit_code,
    enterpriseSize: enterpriseSize(employees),
    employeeCount: employees,
    districtCode: r.district_code ?? null,
    strategicIndustries: r.strategic_industries ?? [],
    qualifications: r.qualifications ?? [],
    mainBusiness: r.main_business ?? null,
    bank: r.bank ?? null,
    loanType: r.loan_type ?? null,
    amountFen,
    disbursedAmountFen,
    // A released or discontinued guarantee carries no liability any more.
    outstandingFen: guaranteeStatus === 'IN_FORCE' ? Math.max(0, disbursedAmountFen - Number(r.repaid_fen ?? 0)) : 0,
    termMonths: r.term_months,
    disbursedOn: r.disbursed_on,
    maturityOn: r.maturity_on,
    annualRateBp: r.annual_rate_bp === null ? null : Number(r.annual_rate_bp),
    feeRateBp,
    feeFen: feeFen(amountFen, feeRateBp),
    guaranteeStatus,
  };
}

/**
 * The two reports to regulators (国担 national guarantee platform, 工信部 industry ministry): every
 * loan disbursed in the period, the ministry's only for SMEs. Columns and rules: MAPPING.md.
 */
@Injectable()
export class RegulatoryExportsService {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  private where(report: RegulatoryReportKey, q: RegulatoryQuery): { where: string; params: unknown[] } {
    if (q.from && q.to && q.from > q.to) {
      throw new AppError(
        HttpStatus.BAD_REQUEST,
        CODES.regulatoryPeriodInverted,
        'regulatoryPeriodInverted',
        {},
        { fieldErrors: [{ field: 'to', constraints: ['min'] }] },
      );
    }
    const params: unknown[] = [q.from ?? null, q.to ?? null, like(q.companyName)];
    const conditions = [
      'l.deleted_at IS NULL',
      'wi.disbursed_on IS NOT NULL',
      '($1::date IS NULL OR wi.disbursed_on >= $1::date)',
      '($2::date IS NULL OR wi.disbursed_on <= $2::date)',
      '($3::text IS NULL OR c.name ILIKE $3)',
    ];
    // The ministry counts SMEs: a company of unknown size stays in, to be completed rather than lost.
    if (report === 'industrial') conditions.push(`(c.employee_count IS NULL OR c.employee_count < ${SIZE_LIMITS.MEDIUM})`);
    return { where: `WHERE ${conditions.join(' AND ')}`, params };
  }

  async list(report: RegulatoryReportKey, q: RegulatoryQuery): Promise<Page<RegulatoryRowDto>> {
    const { where, params } = this.where(report, q);
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(`${SELECT} ${where} ORDER BY wi.disbursed_on DESC, l.id LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`, params),
      this.db.query(
        `SELECT count(*)::int AS total FROM loan l JOIN company c ON c.id = l.company_id JOIN workflow_instance wi ON wi.loan_id = l.id ${where}`,
        params,
      ),
    ]);
    return { list: rows.map(toRow), total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  /** Every row of the period, from a cursor, in the report's columns. */
  async export(report: RegulatoryReportKey, q: RegulatoryQuery, lang: Lang): Promise<StreamableFile> {
    const { where, params } = this.where(report, q);
    const cursor = cursorRows(this.db, `${SELECT} ${where} ORDER BY wi.disbursed_on DESC, l.id`, params);
    async function* rows() {
      for await (const r of cursor) yield toRow(r);
    }
    const spec = REGULATORY_REPORTS[report];
    const name: Label = spec.name;
    return exportSheet({ name, columns: spec.columns, rows: rows() }, lang, spec.fileName, this.clock.now());
  }
}
