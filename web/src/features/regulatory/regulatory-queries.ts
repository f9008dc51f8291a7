import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchCompanies } from '@/features/companies/companies-api';
import {
  addGroupMember,
  addProvisionSettings,
  fetchLoanRiskShare,
  fetchProvisionHistory,
  saveLoanRiskShare,
  createGroup,
  deleteGroup,
  fetchClientClasses,
  fetchExposures,
  fetchFigures,
  fetchFiguresHistory,
  fetchGroups,
  fetchImpact,
  fetchSettingsHistory,
  removeGroupMember,
  saveClientClass,
  saveSettings,
  type ExposuresQuery,
  type ProvisionSettingsInput,
  type RegulatorySettingsInput,
} from './regulatory-api';

export const regulatoryKeys = {
  all: ['regulatory'] as const,
  figures: (asOf: string) => ['regulatory', 'figures', asOf] as const,
  history: (from: string, to: string) => ['regulatory', 'history', from, to] as const,
  exposures: (q: Pick<ExposuresQuery, 'asOf' | 'sort' | 'companyName' | 'pageNum'>) =>
    ['regulatory', 'exposures', q.asOf, q.sort, q.companyName, q.pageNum] as const,
  impact: (loanId: string, version: number) => ['regulatory', 'impact', loanId, version] as const,
  settingsHistory: ['regulatory', 'settings-history'] as const,
  provisionHistory: ['regulatory', 'provision-history'] as const,
  loanRiskShare: (loanId: string) => ['regulatory', 'loan-risk-share', loanId] as const,
  groups: ['regulatory', 'groups'] as const,
  classes: ['regulatory', 'classes'] as const,
  companySearch: (search: string) => ['regulatory', 'company-search', search] as const,
};

export function useFigures(asOf: string) {
  return useQuery({ queryKey: regulatoryKeys.figures(asOf), queryFn: () => fetchFigures(asOf), enabled: /^\d{4}-\d{2}-\d{2}$/.test(asOf) });
}

/** The nightly snapshots from `from` to `to` (the chart under the figures). */
export function useFiguresHistory(from: string, to: string) {
  return useQuery({
    queryKey: regulatoryKeys.history(from, to),
    queryFn: () => fetchFiguresHistory(from, to),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to),
  });
}

/** One page of every client in force on a day; the previous page stays on screen while the next one loads. */
export function useExposures(q: ExposuresQuery) {
  return useQuery({ queryKey: regulatoryKeys.exposures(q), queryFn: () => fetchExposures(q), placeholderData: keepPreviousData });
}

/** The loan's live check, asked again with every new version of the loan. */
export function useImpact(loanId: string, version: number, enabled: boolean) {
  return useQuery({ queryKey: regulatoryKeys.impact(loanId, version), queryFn: () => fetchImpact(loanId), enabled });
}

export function useSettingsHistory() {
  return useQuery({ queryKey: regulatoryKeys.settingsHistory, queryFn: fetchSettingsHistory });
}

export function useProvisionHistory() {
  return useQuery({ queryKey: regulatoryKeys.provisionHistory, queryFn: fetchProvisionHistory });
}

/** The loan's risk share, asked again with every new version of the loan (a contract generated or sealed). */
export function useLoanRiskShare(loanId: string, version: number) {
  return useQuery({ queryKey: [...regulatoryKeys.loanRiskShare(loanId), version], queryFn: () => fetchLoanRiskShare(loanId) });
}

export function useRelatedGroups() {
  return useQuery({ queryKey: regulatoryKeys.groups, queryFn: fetchGroups });
}

export function useClientClasses() {
  return useQuery({ queryKey: regulatoryKeys.classes, queryFn: fetchClientClasses });
}

/** The first 20 companies whose name matches what is typed. */
export function useCompanySearch(search: string) {
  return useQuery({
    queryKey: regulatoryKeys.companySearch(search),
    queryFn: () => fetchCompanies({ name: search || undefined, pageNum: 1, pageSize: 20 }),
  });
}

/** Every change reloads all the regulatory figures (a setting, a group or a class moves them). */
function useRegulatoryMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: regulatoryKeys.all }) });
}

export const useSaveSettings = () => useRegulatoryMutation((input: RegulatorySettingsInput) => saveSettings(input));
export const useCreateGroup = () => useRegulatoryMutation((name: string) => createGroup(name));
export const useDeleteGroup = () => useRegulatoryMutation((groupId: string) => deleteGroup(groupId));
export const useAddGroupMember = () => useRegulatoryMutation((v: { groupId: string; companyId: string }) => addGroupMember(v.groupId, v.companyId));
export const useRemoveGroupMember = () => useRegulatoryMutation((v: { groupId: string; companyId: string }) => removeGroupMember(v.groupId, v.companyId));
export const useSaveClientClass = () =>
  useRegulatoryMutation((v: { companyId: string; smallMicro: boolean; agricultural: boolean }) => saveClientClass(v.companyId, v.smallMicro, v.agricultural));
export const useAddProvisionSettings = () => useRegulatoryMutation((input: ProvisionSettingsInput) => addProvisionSettings(input));
export const useSaveLoanRiskShare = () => useRegulatoryMutation((v: { loanId: string; riskShareBp: number }) => saveLoanRiskShare(v.loanId, v.riskShareBp));
