/** Regulatory figures, settings, related groups, client classes and the live check (server: regulatory feature). */
import { http, type Page } from '@/api/http';
import type {
  ClientClassDto,
  ClientExposureDto,
  FiguresHistoryPointDto,
  LoanRiskShareViewDto,
  ProvisionSettingsDto,
  ProvisionSettingsInputDto,
  RegulatoryDayFiguresDto,
  RegulatoryImpactDto,
  RegulatorySettingsDto,
  RegulatorySettingsHistoryRowDto,
  RegulatorySettingsInputDto,
  RelatedGroupDto,
} from '@/api/schema.gen';

export type RegulatoryFigures = RegulatoryDayFiguresDto;
export type FiguresHistoryPoint = FiguresHistoryPointDto;
export type ProvisionSettings = ProvisionSettingsDto;
export type ProvisionSettingsInput = ProvisionSettingsInputDto;
export type LoanRiskShare = LoanRiskShareViewDto;
export type Rate = RegulatoryDayFiguresDto['compensationRate'];
export type RegulatoryImpact = RegulatoryImpactDto;
export type RegulatorySettings = RegulatorySettingsDto;
export type RegulatorySettingsRow = RegulatorySettingsHistoryRowDto;
export type RegulatorySettingsInput = RegulatorySettingsInputDto;
export type RelatedGroup = RelatedGroupDto;
export type ClientClass = ClientClassDto;

export async function fetchFigures(asOf: string): Promise<RegulatoryFigures> {
  return (await http.get('/regulatory/figures', { params: { asOf } })).data;
}

/** The nightly snapshots of the figures from one day to another (for the chart). */
export async function fetchFiguresHistory(from: string, to: string): Promise<FiguresHistoryPoint[]> {
  return (await http.get('/regulatory/figures/history', { params: { from, to } })).data;
}

/** Every version of the provision rates, the latest valid first. */
export async function fetchProvisionHistory(): Promise<ProvisionSettings[]> {
  return (await http.get('/regulatory/provision-settings/history')).data;
}

/** A new version of the provision rates, valid from its day (administrators). */
export async function addProvisionSettings(input: ProvisionSettingsInput): Promise<ProvisionSettings> {
  return (await http.post('/regulatory/provision-settings', input)).data;
}

/** A loan's risk share in force, its bank's default, and whether it may be changed now. */
export async function fetchLoanRiskShare(loanId: string): Promise<LoanRiskShare> {
  // quiet: a reader without the key simply does not see the panel
  return (await http.get('/regulatory/loans/{loanId}/risk-share', { path: { loanId }, passErrors: true })).data;
}

/** Sets the bank's share of a loan's risk (basis points) while its contract is generated and not sealed. */
export async function saveLoanRiskShare(loanId: string, riskShareBp: number): Promise<void> {
  await http.put('/regulatory/loans/{loanId}/risk-share', { riskShareBp }, { path: { loanId } });
}

export const EXPOSURE_SORTS = ['weighted', 'balance', 'loans', 'name'] as const;
export type ExposureSort = (typeof EXPOSURE_SORTS)[number];
export type ClientExposure = ClientExposureDto;

export interface ExposuresQuery {
  asOf: string;
  sort: ExposureSort;
  companyName: string;
  pageNum: number;
  pageSize: number;
}

/** One page of every client in force on a day (GET exposures): the figures carry only the largest. */
export async function fetchExposures(q: ExposuresQuery): Promise<Page<ClientExposure>> {
  const params = { asOf: q.asOf, sort: q.sort, pageNum: q.pageNum, pageSize: q.pageSize, ...(q.companyName ? { companyName: q.companyName } : {}) };
  return (await http.get('/regulatory/exposures', { params })).data;
}

export async function fetchImpact(loanId: string): Promise<RegulatoryImpact> {
  return (await http.get('/regulatory/impact', { params: { loanId }, passErrors: true })).data;
}

export async function fetchSettingsHistory(): Promise<RegulatorySettingsRow[]> {
  return (await http.get('/regulatory/settings/history')).data;
}

export async function saveSettings(input: RegulatorySettingsInput): Promise<RegulatorySettings> {
  return (await http.put('/regulatory/settings', input)).data;
}

export async function fetchGroups(): Promise<RelatedGroup[]> {
  return (await http.get('/regulatory/groups')).data;
}

export async function createGroup(name: string): Promise<void> {
  await http.post('/regulatory/groups', { name });
}

export async function deleteGroup(groupId: string): Promise<void> {
  await http.delete('/regulatory/groups/{groupId}', { path: { groupId } });
}

export async function addGroupMember(groupId: string, companyId: string): Promise<void> {
  await http.post('/regulatory/groups/{groupId}/members', { companyId }, { path: { groupId } });
}

export async function removeGroupMember(groupId: string, companyId: string): Promise<void> {
  await http.delete('/regulatory/groups/{groupId}/members/{companyId}', { path: { groupId, companyId } });
}

export async function fetchClientClasses(): Promise<ClientClass[]> {
  return (await http.get('/regulatory/clients')).data;
}

export async function saveClientClass(companyId: string, smallMicro: boolean, agricultural: boolean): Promise<void> {
  await http.put('/regulatory/clients/{companyId}', { smallMicro, agricultural }, { path: { companyId } });
}

/** A ratio as a percentage with two decimals (0.0625 -> 6.25%). */
export const percent = (ratio: number) => `${(ratio * 100).toFixed(2)}%`;
