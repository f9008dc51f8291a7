import { HttpStatus, Injectable, StreamableFile } from '@nestjs/common';
import type { Label } from '@app/workflow';
import { Clock } from '../common/clock';
import type { Page } from '../common/envelope';
import { AppError, CODES } from '../common/errors';
import type { Lang } from '../common/i18n';
import { exportSheet } from '../common/spreadsheet';
import type { RegulatoryExtensionRowDto, RegulatoryQuery, RegulatoryRowDto } from './regulatory-export.dto';
import { RegulatoryExportsRepository, type RegulatoryExtensionRow, type RegulatoryFilter, type RegulatoryLoanRow } from './regulatory-exports.repository';
import { EXTENSION_SHEET, REGULATORY_REPORTS, type RegulatoryReportKey } from './regulatory-reports';

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

function toRow(r: RegulatoryLoanRow): RegulatoryRowDto {
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

function toExtension(r: RegulatoryExtensionRow): RegulatoryExtensionRowDto {
  return {
    loanId: r.loan_id,
    companyName: r.company_name,
    creditCode: r.credit_code,
    bank: r.bank ?? null,
    disbursedAmountFen: Number(r.disbursed_amount_fen),
    extendedFen: Number(r.outstanding_fen),
    previousMaturityOn: r.previous_maturity_on ?? r.plan_maturity_on,
    newMaturityOn: r.new_maturity_on,
    approvedOn: r.approved_on,
  };
}

/**
 * The two reports to regulators (国担 national guarantee platform, 工信部 industry ministry): every
 * loan disbursed in the period, the ministry's only for SMEs. Columns and rules: MAPPING.md.
 */
@Injectable()
export class RegulatoryExportsService {
  constructor(
    private readonly loans: RegulatoryExportsRepository,
    private readonly clock: Clock,
  ) {}

  /** The report's loans for the query; 400 for a period that ends before it starts. */
  private filter(report: RegulatoryReportKey, q: RegulatoryQuery): RegulatoryFilter {
    if (q.from && q.to && q.from > q.to) {
      throw new AppError(
        HttpStatus.BAD_REQUEST,
        CODES.regulatoryPeriodInverted,
        'regulatoryPeriodInverted',
        {},
        { fieldErrors: [{ field: 'to', constraints: ['min'] }] },
      );
    }
    // The ministry counts SMEs: a company of unknown size stays in, to be completed rather than lost.
    return { query: q, employeesBelow: report === 'industrial' ? SIZE_LIMITS.MEDIUM : null };
  }

  async list(report: RegulatoryReportKey, q: RegulatoryQuery): Promise<Page<RegulatoryRowDto>> {
    const { rows, total } = await this.loans.page(this.filter(report, q));
    return { list: rows.map(toRow), total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  /** The report's extensions approved in the period (its second sheet). */
  async extensions(report: RegulatoryReportKey, q: RegulatoryQuery): Promise<RegulatoryExtensionRowDto[]> {
    return (await this.loans.extensions(this.filter(report, q))).map(toExtension);
  }

  /** Every row of the period, from a cursor, in the report's columns; then the extensions approved in the period, a sheet of their own. */
  async export(report: RegulatoryReportKey, q: RegulatoryQuery, lang: Lang): Promise<StreamableFile> {
    const filter = this.filter(report, q);
    const extensions = (await this.loans.extensions(filter)).map(toExtension);
    const cursor = this.loans.cursor(filter);
    async function* rows() {
      for await (const r of cursor) yield toRow(r);
    }
    const spec = REGULATORY_REPORTS[report];
    const name: Label = spec.name;
    return exportSheet({ name, columns: spec.columns, rows: rows() }, lang, spec.fileName, this.clock.now(), [
      { name: EXTENSION_SHEET.name, columns: EXTENSION_SHEET.columns, rows: extensions },
    ]);
  }
}
