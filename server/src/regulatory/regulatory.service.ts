import { HttpStatus, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { compensationReserveFen, rateOf, unearnedPremiumReserveFen, type Label, type Rate } from '@app/workflow';
import { AppError, CODES } from '../common/errors';
import { Clock } from '../common/clock';
import { companyDay } from '../common/company-time';
import { pickLabel, type MessageParam } from '../common/i18n';
import type { AuthUser } from '../auth/auth-user';
import type { Page } from '../common/envelope';
import type { ExposuresQueryDto, ExposureSort, FiguresHistoryQueryDto, ProvisionSettingsInputDto, RegulatorySettingsInputDto } from './regulatory.dto';
import { BALANCE_WEIGHTS, RELAXED_LEVERAGE, weighted, weightFor } from './regulatory-rules';
import { lockSetting, writeSettingsTrail } from '../operations/operator-trail';
import { RegulatoryRepository, type ClientClassRow, type ProvisionSettingsRow, type SettingsRow } from './regulatory.repository';
import type {
  BreachDto,
  ClientClassDto,
  ClientExposureDto,
  FiguresHistoryPointDto,
  GroupExposureDto,
  LoanRiskShareDto,
  LoanRiskShareViewDto,
  ProvisionSettingsDto,
  RegulatoryDayFiguresDto,
  RegulatoryFiguresDto,
  RegulatoryImpactDto,
  RegulatoryLimit,
  RegulatorySettingsDto,
  RegulatorySettingsHistoryRowDto,
  RelatedGroupDto,
} from './regulatory.responses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const LIMIT_NAMES: Record<RegulatoryLimit, Label> = {
  LEVERAGE: { zh: '融资担保放大倍数', en: 'leverage (liability balance / net assets)' },
  SINGLE_CLIENT: { zh: '单一客户集中度', en: 'single-client concentration' },
  GROUP: { zh: '单一客户及其关联方集中度', en: 'client-with-related-parties concentration' },
};

interface Settings {
  netAssetsFen: bigint;
  /** Limits in ten-thousandths (10 -> 100000, 0.10 -> 1000): comparisons stay in integers. */
  leverageE4: bigint;
  singleE4: bigint;
  groupE4: bigint;
  dto: RegulatorySettingsDto;
}

interface ClientRow extends ClientClassRow {
  loanCount: number;
  /** The company's share of the client's balance in force. */
  balanceFen: bigint;
  /** The whole balance, the banks' risk shares included. */
  grossFen: bigint;
}

/** An extra loan counted as in force (the live check of a loan not yet disbursed). */
interface ExtraLoan {
  companyId: string;
  amountFen: bigint;
}

const ratio = (fen: bigint, netAssetsFen: bigint) => Number((fen * 1_000_000n) / netAssetsFen) / 1_000_000;
/** Weighted fen still allowed under limitE4 × net assets (negative when over). */
const headroom = (fen: bigint, limitE4: bigint, netAssetsFen: bigint) => Number((limitE4 * netAssetsFen) / 10000n - fen);
const within = (fen: bigint, limitE4: bigint, netAssetsFen: bigint) => fen * 10000n <= limitE4 * netAssetsFen;
const toE4 = (value: string | number) => BigInt(Math.round(Number(value) * 10000));

/** The longest history one request may ask for, in days. */
export const HISTORY_MAX_DAYS = 3660;

/** The clients the figures carry (the largest weighted balances); GET exposures pages through them all. */
export const FIGURES_CLIENTS = 20;

const names = new Intl.Collator('zh-CN');
type Exposure = ClientExposureDto & { weighted: bigint };
/** Ascending orders of the exposures list; ties by name, then id, so pages never overlap. */
const EXPOSURE_ORDERS: Record<ExposureSort, (a: Exposure, b: Exposure) => number> = {
  weighted: (a, b) => (a.weighted > b.weighted ? 1 : a.weighted < b.weighted ? -1 : 0),
  balance: (a, b) => a.balanceFen - b.balanceFen,
  loans: (a, b) => a.loanCount - b.loanCount,
  name: () => 0,
};

/**
 * Regulatory figures: the financing guarantee liability balance as of a day, leverage and
 * concentration against the administrator's settings, and the live check of a loan at withdrawal.
 * How each figure is measured, and why, is in README.md beside this file.
 */
@Injectable()
export class RegulatoryService {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly regulatory: RegulatoryRepository,
  ) {}

  // --- settings ---------------------------------------------------------------------------------

  private async settingsRow(em: EntityManager): Promise<Settings> {
    return this.settingsOf(await this.regulatory.latestSettings(em));
  }

  private settingsOf(row: SettingsRow): Settings {
    const netAssetsFen = BigInt(row.netAssetsFen);
    return {
      netAssetsFen,
      leverageE4: toE4(row.leverageLimit),
      singleE4: toE4(row.singleClientLimit),
      groupE4: toE4(row.groupLimit),
      dto: {
        netAssets: Number(netAssetsFen) / 100,
        netAssetsFen: Number(netAssetsFen),
        leverageLimit: Number(row.leverageLimit),
        singleClientLimit: Number(row.singleClientLimit),
        groupLimit: Number(row.groupLimit),
        changedByName: row.changedByName ?? null,
        changedAt: new Date(row.changedAt).toISOString(),
      },
    };
  }

  async settings(): Promise<RegulatorySettingsDto> {
    return (await this.settingsRow(this.db.manager)).dto;
  }

  async history(): Promise<RegulatorySettingsHistoryRowDto[]> {
    const rows = await this.regulatory.settingsHistory();
    return rows.map((row) => ({ id: Number(row.id), ...this.settingsOf(row).dto }));
  }

  async updateSettings(input: RegulatorySettingsInputDto, user: AuthUser): Promise<RegulatorySettingsDto> {
    if (input.groupLimit < input.singleClientLimit) {
      throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.regulatoryGroupBelowSingle, 'regulatoryGroupBelowSingle', 'groupLimit', 'BadRequest');
    }
    // Whole fen from yuan without float drift: the DTO allowed two decimals at most.
    const netAssetsFen = Math.round(input.netAssets * 100);
    const after = { netAssetsFen, leverageLimit: input.leverageLimit, singleClientLimit: input.singleClientLimit, groupLimit: input.groupLimit };
    await this.db.transaction(async (em) => {
      await lockSetting(em, 'regulatory_settings');
      const { changedByName: _by, changedAt: _at, netAssets: _yuan, ...before } = (await this.settingsRow(em)).dto;
      await this.regulatory.insertSettings(after, user.id, em);
      await writeSettingsTrail(em, user.id, 'regulatory-limits', before, after);
    });
    return this.settings();
  }

  // --- figures ----------------------------------------------------------------------------------

  private today(): string {
    return companyDay(this.clock.now());
  }

  private checkDay(asOf: string | undefined): string {
    const day = asOf ?? this.today();
    const parsed = new Date(`${day}T00:00:00Z`);
    if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) {
      throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.regulatoryBadDay, 'regulatoryBadDay', 'asOf', 'BadRequest', { value: day });
    }
    return day;
  }

  /**
   * Clients in force at the end of `asOf` (company day): loans disbursed on or before it, not closed
   * by then, their amount lent less the repayments recorded by then (RECORD_REPAYMENT events), so a
   * past day gives the figures it had.
   */
  private async clientsInForce(em: EntityManager, asOf: string): Promise<ClientRow[]> {
    const rows = await this.regulatory.clientsInForce(em, asOf);
    return rows.map((r) => ({ ...r, balanceFen: BigInt(r.balanceFen), grossFen: BigInt(r.grossFen) }));
  }

  /** A company not yet in force (the live check's client): its class and group. */
  private async clientShell(em: EntityManager, companyId: string): Promise<ClientRow> {
    const row = await this.regulatory.clientClass(em, companyId);
    return { ...row, loanCount: 0, balanceFen: 0n, grossFen: 0n };
  }

  /** The settings and the clients in force: the one read over every loan a set of figures needs. */
  private async inputs(em: EntityManager, asOf: string): Promise<{ settings: Settings; clients: ClientRow[] }> {
    return { settings: await this.settingsRow(em), clients: await this.clientsInForce(em, asOf) };
  }

  private async compute(
    em: EntityManager,
    asOf: string,
    extra?: ExtraLoan,
    read?: { settings: Settings; clients: ClientRow[] },
  ): Promise<RegulatoryFiguresDto & { exposures: Exposure[]; allBreaches: BreachDto[] }> {
    const { settings, clients: loaded } = read ?? (await this.inputs(em, asOf));
    const { netAssetsFen } = settings;
    // Copies: the live check figures "before" and "after" from one read, and "after" adds the loan in.
    const clients = loaded.map((c) => ({ ...c }));
    if (extra && extra.amountFen > 0n) {
      let client = clients.find((c) => c.companyId === extra.companyId);
      if (!client) {
        client = await this.clientShell(em, extra.companyId);
        clients.push(client);
      }
      client.loanCount += 1;
      client.balanceFen += extra.amountFen;
      client.grossFen += extra.amountFen;
    }

    const lines = new Map(BALANCE_WEIGHTS.map((w) => [w.key, { clientCount: 0, balanceFen: 0n, weightedFen: 0n }]));
    let balanceFen = 0n;
    let grossFen = 0n;
    let weightedFen = 0n;
    let loanCount = 0;
    let preferredBalance = 0n;
    let preferredClients = 0;
    const exposures: Exposure[] = [];
    for (const client of clients) {
      const weight = weightFor(client);
      const clientWeighted = weighted(client.balanceFen, weight.weightBp);
      const line = lines.get(weight.key)!;
      line.clientCount += 1;
      line.balanceFen += client.balanceFen;
      line.weightedFen += clientWeighted;
      balanceFen += client.balanceFen;
      grossFen += client.grossFen;
      weightedFen += clientWeighted;
      loanCount += client.loanCount;
      // The 15-times share counts small/micro and farmer clients whatever their weight.
      if (client.smallMicro || client.agricultural) {
        preferredBalance += client.balanceFen;
        preferredClients += 1;
      }
      exposures.push({
        companyId: client.companyId,
        companyName: client.companyName,
        groupName: client.groupName,
        smallMicro: client.smallMicro,
        agricultural: client.agricultural,
        loanCount: client.loanCount,
        balanceFen: Number(client.balanceFen),
        weightBp: weight.weightBp,
        weightedFen: Number(clientWeighted),
        ratio: ratio(clientWeighted, netAssetsFen),
        headroomFen: headroom(clientWeighted, settings.singleE4, netAssetsFen),
        withinLimit: within(clientWeighted, settings.singleE4, netAssetsFen),
        weighted: clientWeighted,
      });
    }
    // The figures' order (and GET exposures' default): largest weighted balance first, then by name and id.
    exposures.sort((a, b) => -EXPOSURE_ORDERS.weighted(a, b) || names.compare(a.companyName, b.companyName) || (a.companyId < b.companyId ? -1 : 1));

    const groupSums = new Map<string, { name: string; members: number; weighted: bigint }>();
    for (const [i, client] of clients.entries()) {
      if (!client.groupId) continue;
      const sum = groupSums.get(client.groupId) ?? { name: client.groupName!, members: 0, weighted: 0n };
      sum.members += 1;
      sum.weighted += weighted(client.balanceFen, weightFor(clients[i]).weightBp);
      groupSums.set(client.groupId, sum);
    }
    const groups: GroupExposureDto[] = [...groupSums.entries()]
      .map(([groupId, g]) => ({
        groupId,
        name: g.name,
        memberCount: g.members,
        weightedFen: Number(g.weighted),
        ratio: ratio(g.weighted, netAssetsFen),
        headroomFen: headroom(g.weighted, settings.groupE4, netAssetsFen),
        withinLimit: within(g.weighted, settings.groupE4, netAssetsFen),
      }))
      .sort((a, b) => b.weightedFen - a.weightedFen);

    const balanceShareBp = balanceFen === 0n ? 0 : Number((preferredBalance * 10000n) / balanceFen);
    const clientShareBp = clients.length === 0 ? 0 : Math.floor((preferredClients * 10000) / clients.length);
    const relaxed = clients.length > 0 && balanceShareBp >= RELAXED_LEVERAGE.balanceShareBp && clientShareBp >= RELAXED_LEVERAGE.clientShareBp;
    const leverageE4 = relaxed && settings.leverageE4 < BigInt(RELAXED_LEVERAGE.limit * 10000) ? BigInt(RELAXED_LEVERAGE.limit * 10000) : settings.leverageE4;

    const breaches: BreachDto[] = [];
    if (!within(weightedFen, leverageE4, netAssetsFen))
      breaches.push({ limit: 'LEVERAGE', value: ratio(weightedFen, netAssetsFen), limitValue: Number(leverageE4) / 10000, subject: null, subjectId: null });
    for (const e of exposures)
      if (!e.withinLimit)
        breaches.push({ limit: 'SINGLE_CLIENT', value: e.ratio, limitValue: settings.dto.singleClientLimit, subject: e.companyName, subjectId: e.companyId });
    for (const g of groups)
      if (!g.withinLimit) breaches.push({ limit: 'GROUP', value: g.ratio, limitValue: settings.dto.groupLimit, subject: g.name, subjectId: g.groupId });

    return {
      asOf,
      settings: settings.dto,
      loanCount,
      clientCount: clients.length,
      balanceFen: Number(balanceFen),
      weightedBalanceFen: Number(weightedFen),
      grossBalanceFen: Number(grossFen),
      bankShareFen: Number(grossFen - balanceFen),
      weights: BALANCE_WEIGHTS.map((w) => {
        const line = lines.get(w.key)!;
        return {
          key: w.key,
          zh: w.zh,
          en: w.en,
          weightBp: w.weightBp,
          source: w.source,
          sourceEn: w.sourceEn,
          clientCount: line.clientCount,
          balanceFen: Number(line.balanceFen),
          weightedFen: Number(line.weightedFen),
        };
      }),
      leverage: {
        value: ratio(weightedFen, netAssetsFen),
        limit: Number(leverageE4) / 10000,
        relaxed,
        smallMicroBalanceShareBp: balanceShareBp,
        smallMicroClientShareBp: clientShareBp,
        headroomFen: headroom(weightedFen, leverageE4, netAssetsFen),
        withinLimit: within(weightedFen, leverageE4, netAssetsFen),
      },
      clients: exposures.slice(0, FIGURES_CLIENTS).map(({ weighted: _omit, ...rest }) => rest),
      groups,
      // The rate itself is computed with the other figures of loans that went bad (figures(), badLoanFigures).
      compensation: { available: false, rate: null },
      // Clients over the limit are the largest (the limit is one weighted balance for all): the first ones stand for the rest.
      breaches: [...breaches.filter((b) => b.limit !== 'SINGLE_CLIENT'), ...breaches.filter((b) => b.limit === 'SINGLE_CLIENT').slice(0, FIGURES_CLIENTS)],
      breachCount: breaches.length,
      allBreaches: breaches,
      exposures,
    };
  }

  async figures(asOf: string | undefined): Promise<RegulatoryDayFiguresDto> {
    const day = this.checkDay(asOf);
    const { exposures: _all, allBreaches: _every, ...figures } = await this.compute(this.db.manager, day);
    const bad = await this.badLoanFigures(this.db.manager, day);
    return { ...figures, compensation: { available: true, rate: bad.compensationRate.value }, ...bad };
  }

  /** The weighted liability balance (the company's share) at the end of a day: what the compensation reserve is a share of. */
  private async weightedBalanceAt(em: EntityManager, day: string): Promise<bigint> {
    let sum = 0n;
    for (const client of await this.clientsInForce(em, day)) sum += weighted(client.balanceFen, weightFor(client).weightBp);
    return sum;
  }

  /**
   * The figures of loans that went bad at the end of `asOf`, from the event log and the snapshots'
   * compensation (README.md: "Loans that went bad"): the compensation balance, the three rates of the
   * year to asOf, the two provisions at the rates in force that day, and their coverage.
   */
  private async badLoanFigures(em: EntityManager, asOf: string): Promise<Omit<RegulatoryDayFiguresDto, keyof RegulatoryFiguresDto>> {
    const year = Number(asOf.slice(0, 4));
    const yearStart = `${asOf.slice(0, 4)}-01-01`;
    const positive = (fen: bigint) => (fen > 0n ? fen : 0n);
    let balance = 0n;
    let balanceAtYearStart = 0n;
    let paidInYear = 0n;
    let recoveredInYear = 0n;
    let writtenOffInYear = 0n;
    for (const loan of await this.regulatory.compensatedLoans(em, asOf, yearStart)) {
      const paid = BigInt(loan.paidFen);
      const recoveredBefore = BigInt(loan.recoveredBeforeYearFen);
      const recoveredIn = BigInt(loan.recoveredInYearFen);
      const writtenOff = BigInt(loan.writtenOffFen);
      const writtenOffBy = (day: string) => (loan.writtenOffOn !== null && loan.writtenOffOn <= day ? writtenOff : 0n);
      balance += positive(paid - recoveredBefore - recoveredIn - writtenOffBy(asOf));
      if (loan.paidOn < yearStart) {
        // the balance at the end of the last day of the previous year
        balanceAtYearStart += positive(paid - recoveredBefore - (loan.writtenOffOn !== null && loan.writtenOffOn < yearStart ? writtenOff : 0n));
      } else {
        paidInYear += paid;
      }
      recoveredInYear += recoveredIn;
      if (loan.writtenOffOn !== null && loan.writtenOffOn >= yearStart && loan.writtenOffOn <= asOf) writtenOffInYear += writtenOff;
    }
    const released = await this.regulatory.releasedFen(em, yearStart, asOf);
    const premiumIncome = await this.regulatory.premiumIncomeFen(em, yearStart, asOf);
    const settings = await this.regulatory.provisionSettingsAt(em, asOf);
    const first = await this.regulatory.firstDisbursedOn(em);
    const yearEndBalances: { year: number; balanceFen: number }[] = [];
    if (first !== null) {
      for (let y = Number(first.slice(0, 4)); y < year; y += 1)
        yearEndBalances.push({ year: y, balanceFen: Number(await this.weightedBalanceAt(em, `${y}-12-31`)) });
    }
    const unearned = unearnedPremiumReserveFen(Number(premiumIncome), settings.unearnedPremiumRateBp);
    const reserve = compensationReserveFen(yearEndBalances, settings.compensationReserveRateBp, settings.compensationReserveCapBp);
    const rate = (r: Rate) => ({ value: r.value, reason: r.reason });
    return {
      compensationBalanceFen: Number(balance),
      compensationRate: rate(rateOf(Number(paidInYear), Number(released))),
      recoveryRate: rate(rateOf(Number(recoveredInYear), Number(balanceAtYearStart))),
      lossRate: rate(rateOf(Number(writtenOffInYear), Number(released))),
      provisions: { unearnedPremiumReserveFen: unearned, compensationReserveFen: reserve },
      provisionCoverage: rate(rateOf(unearned + reserve, Number(balance))),
      provisionSettings: this.provisionDto(settings),
      basis: {
        yearStart,
        compensationPaidInYearFen: Number(paidInYear),
        recoveredInYearFen: Number(recoveredInYear),
        writtenOffInYearFen: Number(writtenOffInYear),
        releasedInYearFen: Number(released),
        compensationBalanceAtYearStartFen: Number(balanceAtYearStart),
        premiumIncomeInYearFen: Number(premiumIncome),
        yearEndBalances,
      },
    };
  }

  // --- provision settings, history, risk sharing -------------------------------------------------

  private provisionDto(row: ProvisionSettingsRow): ProvisionSettingsDto {
    return {
      id: Number(row.id),
      validFrom: row.validFrom,
      unearnedPremiumRateBp: row.unearnedPremiumRateBp,
      compensationReserveRateBp: row.compensationReserveRateBp,
      compensationReserveCapBp: row.compensationReserveCapBp,
      changedByName: row.changedByName ?? null,
      changedAt: new Date(row.changedAt).toISOString(),
    };
  }

  async provisionSettings(asOf: string | undefined): Promise<ProvisionSettingsDto> {
    return this.provisionDto(await this.regulatory.provisionSettingsAt(this.db.manager, this.checkDay(asOf)));
  }

  async provisionHistory(): Promise<ProvisionSettingsDto[]> {
    return (await this.regulatory.provisionSettingsHistory()).map((row) => this.provisionDto(row));
  }

  /** A new version of the provision rates, valid from its day (administrators; the older versions stay for the days before). */
  async addProvisionSettings(input: ProvisionSettingsInputDto, user: AuthUser): Promise<ProvisionSettingsDto> {
    const validFrom = this.checkDay(input.validFrom);
    if (input.compensationReserveCapBp < input.compensationReserveRateBp) {
      throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.badRequest, 'provisionCapBelowRate', 'compensationReserveCapBp', 'BadRequest');
    }
    const after = {
      validFrom,
      unearnedPremiumRateBp: input.unearnedPremiumRateBp,
      compensationReserveRateBp: input.compensationReserveRateBp,
      compensationReserveCapBp: input.compensationReserveCapBp,
    };
    // a new version valid from its day: the trail keeps it beside the settings' own history
    const id = await this.db.transaction(async (em) => {
      const made = await this.regulatory.insertProvisionSettings(after, user.id, em);
      await writeSettingsTrail(em, user.id, 'provisions', null, after);
      return made;
    });
    const saved = (await this.regulatory.provisionSettingsHistory()).find((row) => String(row.id) === String(id))!;
    return this.provisionDto(saved);
  }

  /** The nightly snapshots from `from` to `to`: the figures a chart draws, null where a snapshot lacks one. */
  async figuresHistory(q: FiguresHistoryQueryDto): Promise<FiguresHistoryPointDto[]> {
    const from = this.checkDay(q.from);
    const to = this.checkDay(q.to);
    if (from > to) throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.regulatoryPeriodInverted, 'regulatoryPeriodInverted', 'from', 'BadRequest');
    // about ten years of days at most: one answer, one chart
    if (Date.parse(to) - Date.parse(from) > HISTORY_MAX_DAYS * 86_400_000)
      throw AppError.ofField(HttpStatus.BAD_REQUEST, CODES.regulatoryBadDay, 'regulatoryBadDay', 'to', 'BadRequest', { value: to });
    const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
    const rateValue = (v: unknown): number | null => (v && typeof v === 'object' ? num((v as { value?: unknown }).value) : num(v));
    const rows = await this.regulatory.snapshots(from, to);
    return rows.map(({ day, figures: f }) => ({
      day,
      weightedBalanceFen: num(f.weightedBalanceFen),
      compensationBalanceFen: num(f.compensationBalanceFen),
      compensationRate: rateValue(f.compensationRate),
      recoveryRate: rateValue(f.recoveryRate),
      lossRate: rateValue(f.lossRate),
      provisionCoverage: rateValue(f.provisionCoverage),
    }));
  }

  /** A loan's risk share, the bank's default beside it, and whether it may be changed now. */
  async loanRiskShare(loanId: string): Promise<LoanRiskShareViewDto> {
    const row = UUID.test(loanId) ? await this.regulatory.loanRiskShare(loanId) : null;
    if (!row) throw AppError.notFound('loanNotFound');
    return {
      loanId,
      riskShareBp: row.riskShareBp === null ? null : Number(row.riskShareBp),
      bankName: row.bankName ?? null,
      bankRiskShareBp: row.bankRiskShareBp === null || row.bankRiskShareBp === undefined ? null : Number(row.bankRiskShareBp),
      editable: row.contractGenerated && !row.contractSealed,
    };
  }

  /** The bank's share of a loan's risk, set while its contract is generated and not yet sealed. */
  async setRiskShare(loanId: string, riskShareBp: number): Promise<LoanRiskShareDto> {
    return this.db.transaction(async (em) => {
      const loan = UUID.test(loanId) ? await this.regulatory.lockLoanContract(em, loanId) : null;
      if (!loan) throw AppError.notFound('loanNotFound');
      if (!loan.contractGenerated || loan.contractSealed) {
        throw AppError.ofField(HttpStatus.CONFLICT, CODES.conflict, 'riskShareLocked', 'riskShareBp', 'Conflict');
      }
      await this.regulatory.setLoanRiskShare(em, loanId, riskShareBp);
      return { loanId, riskShareBp };
    });
  }

  /** CONTRACT_GENERATE's writer (regulatory.hooks.ts): the loan takes the contract bank's default share. */
  async copyBankRiskShare(em: EntityManager, loanId: string, bankId: string): Promise<void> {
    await this.regulatory.copyBankRiskShare(em, loanId, bankId);
  }

  /** Every client in force as the figures count it, one page at a time: the pages add up to the figures' totals. */
  async exposures(q: ExposuresQueryDto): Promise<Page<ClientExposureDto>> {
    const { exposures: all } = await this.compute(this.db.manager, this.checkDay(q.asOf));
    const word = q.companyName?.trim();
    const exposures = word ? all.filter((e) => e.companyName.includes(word)) : all;
    const sort = q.sort ?? 'weighted';
    const sign = (q.order ?? (sort === 'name' ? 'asc' : 'desc')) === 'asc' ? 1 : -1;
    const by = EXPOSURE_ORDERS[sort];
    exposures.sort((a, b) => sign * by(a, b) || names.compare(a.companyName, b.companyName) || (a.companyId < b.companyId ? -1 : 1));
    const from = (q.pageNum - 1) * q.pageSize;
    return {
      list: exposures.slice(from, from + q.pageSize).map(({ weighted: _omit, ...rest }) => rest),
      total: exposures.length,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  // --- live check -------------------------------------------------------------------------------

  /** `inForce`: an extension's check, where the loan already in force counts as it stands (its breaches refuse). */
  private async impactWith(em: EntityManager, loanId: string, options: { inForce?: boolean } = {}): Promise<RegulatoryImpactDto> {
    const loan = UUID.test(loanId) ? await this.regulatory.impactLoan(em, loanId) : null;
    if (!loan) throw AppError.notFound('loanNotFound');
    const asOf = this.today();
    // A loan disbursed is already in the figures; one closed or discontinued adds nothing.
    const adds = !loan.disbursed && !['closed', 'discontinued'].includes(loan.stage);
    const addedFen = adds ? BigInt(loan.amountFen) : 0n;
    // One read of the loans in force for both sets of figures (LEADER_APPROVE runs this in its transaction).
    const read = await this.inputs(em, asOf);
    const before = await this.compute(em, asOf, undefined, read);
    const after = adds ? await this.compute(em, asOf, { companyId: loan.companyId, amountFen: addedFen }, read) : before;
    const groupId = await this.regulatory.groupIdOf(em, loan.companyId);
    // Only what this loan touches: the leverage, its own client, its own group.
    const breaches = after.allBreaches.filter(
      (b) =>
        b.limit === 'LEVERAGE' ||
        (b.limit === 'SINGLE_CLIENT' && b.subjectId === loan.companyId) ||
        (b.limit === 'GROUP' && groupId !== null && b.subjectId === groupId),
    );
    const override = await this.regulatory.lastOverride(em, loanId);
    const { exposures: _b, allBreaches: _bb, ...beforeFigures } = before;
    const { exposures: _a, allBreaches: _ab, ...afterFigures } = after;
    return {
      loanId,
      companyId: loan.companyId,
      companyName: loan.companyName,
      groupId,
      addedFen: Number(addedFen),
      before: beforeFigures,
      after: afterFigures,
      breaches: adds || (options.inForce && loan.disbursed) ? breaches : [],
      overridden: Boolean(override),
      overrideReason: override?.reason ?? null,
    };
  }

  async impact(loanId: string): Promise<RegulatoryImpactDto> {
    return this.impactWith(this.db.manager, loanId);
  }

  /** LEADER_APPROVE: 409 naming every limit the loan would break, unless an administrator overrode them. */
  /** LEADER_APPROVE's preparer (regulatory.hooks.ts); runs again inside the event's transaction, with the loan's instance locked. */
  async refuseBreach(em: EntityManager, loanId: string, options: { inForce?: boolean } = {}): Promise<void> {
    const impact = await this.impactWith(em, loanId, options);
    if (impact.breaches.length === 0 || impact.overridden) return;
    const names = (lang: 'zh-CN' | 'en') =>
      impact.breaches
        .map((b) => {
          const name = pickLabel(LIMIT_NAMES[b.limit], lang);
          const subject = b.subject ? (lang === 'en' ? ` (${b.subject})` : `（${b.subject}）`) : '';
          return `${name}${subject} ${b.value.toFixed(4)} > ${b.limitValue}`;
        })
        .join(lang === 'en' ? '; ' : '；');
    const limits: MessageParam = { zh: names('zh-CN'), en: names('en') };
    throw new AppError(HttpStatus.CONFLICT, CODES.regulatoryLimitBreached, 'regulatoryLimitBreached', { limits }, { breaches: impact.breaches }, 'Conflict');
  }

  // --- related groups and client classes ------------------------------------------------------

  async groups(): Promise<RelatedGroupDto[]> {
    const groups = await this.regulatory.groups();
    const members = await this.regulatory.groupMembers();
    return groups.map((g) => ({
      ...g,
      members: members.filter((m) => m.groupId === g.id).map(({ groupId: _g, ...m }) => m),
    }));
  }

  async createGroup(name: string, user: AuthUser): Promise<{ id: string }> {
    if (await this.regulatory.groupNameTaken(name))
      throw AppError.ofField(HttpStatus.CONFLICT, CODES.relatedGroupNameTaken, 'relatedGroupNameTaken', 'name', 'Conflict', { name });
    // Two saves of one name at once: the unique index decides, and the loser hears the same 409.
    const id = await this.regulatory.insertGroup(name, user.id);
    if (!id) throw AppError.ofField(HttpStatus.CONFLICT, CODES.relatedGroupNameTaken, 'relatedGroupNameTaken', 'name', 'Conflict', { name });
    return { id };
  }

  async deleteGroup(groupId: string): Promise<void> {
    await this.db.transaction(async (em) => {
      await this.groupExists(em, groupId);
      await this.regulatory.deleteGroup(em, groupId);
    });
  }

  private async groupExists(em: EntityManager, groupId: string): Promise<void> {
    const found = UUID.test(groupId) && (await this.regulatory.lockGroup(em, groupId));
    if (!found) throw new AppError(HttpStatus.NOT_FOUND, CODES.relatedGroupNotFound, 'relatedGroupNotFound', {}, null, 'NotFound');
  }

  private async companyExists(em: EntityManager, companyId: string): Promise<void> {
    const found = UUID.test(companyId) && (await this.regulatory.companyExists(em, companyId));
    if (!found) throw AppError.notFound('companyNotFound');
  }

  async addMember(groupId: string, companyId: string, user: AuthUser): Promise<void> {
    await this.db.transaction(async (em) => {
      await this.groupExists(em, groupId);
      await this.companyExists(em, companyId);
      const current = await this.regulatory.groupOfCompany(em, companyId);
      if (current?.id === groupId) return;
      if (current) throw new AppError(HttpStatus.CONFLICT, CODES.companyInOtherGroup, 'companyInOtherGroup', { group: current.name }, null, 'Conflict');
      // A parallel add of the same company: the one-group-per-company key keeps the first.
      if (!(await this.regulatory.addMember(em, groupId, companyId, user.id))) {
        const winner = await this.regulatory.groupOfCompany(em, companyId);
        if (winner && winner.id !== groupId)
          throw new AppError(HttpStatus.CONFLICT, CODES.companyInOtherGroup, 'companyInOtherGroup', { group: winner.name }, null, 'Conflict');
      }
    });
  }

  async removeMember(groupId: string, companyId: string): Promise<void> {
    await this.db.transaction(async (em) => {
      await this.groupExists(em, groupId);
      const member = UUID.test(companyId) && (await this.regulatory.isMember(em, groupId, companyId));
      if (!member) throw AppError.notFound('companyNotFound');
      await this.regulatory.removeMember(em, groupId, companyId);
    });
  }

  async clientClasses(): Promise<ClientClassDto[]> {
    return this.regulatory.clientClasses();
  }

  async setClientClass(companyId: string, smallMicro: boolean, agricultural: boolean, user: AuthUser): Promise<ClientClassDto> {
    await this.companyExists(this.db.manager, companyId);
    await this.regulatory.saveClientClass(companyId, smallMicro, agricultural, user.id);
    const name = await this.regulatory.companyName(companyId);
    return { companyId, name, smallMicro, agricultural };
  }
}
