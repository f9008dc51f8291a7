import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StateValue } from 'xstate';
import type { BatchDto, RetryDto } from '@/api/schema.gen';
import {
  cancelBatch,
  createBatch,
  fetchBatch,
  fetchBatches,
  fetchBatchItems,
  fetchFailedWork,
  fetchLimits,
  fetchMoveTargets,
  fetchStuck,
  fetchTrail,
  moveLoan,
  putLimit,
  retryWork,
  type Outcome,
  type StuckParams,
  type TrailParams,
} from './operations-api';

/** One owner of the console's keys: every operator action changes the trail, and most the stuck list. */
export const operationsKeys = {
  all: ['operations'] as const,
  targets: ['operations', 'move-targets'] as const,
  stuck: (params: StuckParams) => ['operations', 'stuck', params] as const,
  limits: ['operations', 'limits'] as const,
  failed: ['operations', 'failed-work'] as const,
  batches: ['operations', 'batches'] as const,
  batch: (id: string) => ['operations', 'batches', id] as const,
  items: (id: string, outcome: Outcome | undefined) => ['operations', 'batches', id, 'items', outcome ?? 'ALL'] as const,
  trail: (params: TrailParams) => ['operations', 'trail', params] as const,
};

/** A batch still doing its items is read again every 2 s; a finished one stays still. */
const running = (status: string | undefined) => status === 'QUEUED' || status === 'RUNNING';
const POLL_MS = 2000;

export const useMoveTargets = () => useQuery({ queryKey: operationsKeys.targets, queryFn: fetchMoveTargets, staleTime: Infinity });
export const useStuck = (params: StuckParams) =>
  useQuery({ queryKey: operationsKeys.stuck(params), queryFn: () => fetchStuck(params), placeholderData: keepPreviousData });
export const useLimits = () => useQuery({ queryKey: operationsKeys.limits, queryFn: fetchLimits });
export const useFailedWork = () => useQuery({ queryKey: operationsKeys.failed, queryFn: fetchFailedWork });
export const useTrail = (params: TrailParams) =>
  useQuery({ queryKey: operationsKeys.trail(params), queryFn: () => fetchTrail(params), placeholderData: keepPreviousData });

export function useBatches() {
  return useQuery({
    queryKey: operationsKeys.batches,
    queryFn: fetchBatches,
    refetchInterval: (query) => (query.state.data?.some((b) => running(b.status)) ? POLL_MS : false),
  });
}

export function useBatch(id: string | null) {
  return useQuery({
    queryKey: operationsKeys.batch(id ?? ''),
    queryFn: () => fetchBatch(id!),
    enabled: id !== null,
    refetchInterval: (query) => (running(query.state.data?.status) ? POLL_MS : false),
  });
}

/** The items of a batch, one page of 100 after `after`; re-read while the batch runs. */
export function useBatchItems(id: string, outcome: Outcome | undefined, after: number, live: boolean) {
  return useQuery({
    queryKey: [...operationsKeys.items(id, outcome), after],
    queryFn: () => fetchBatchItems(id, outcome, after),
    refetchInterval: live ? POLL_MS : false,
  });
}

function useOperatorChange<A, R>(change: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => queryClient.invalidateQueries({ queryKey: operationsKeys.all }) });
}

export const useMoveLoan = () =>
  useOperatorChange(({ loanId, version, target, reason, key }: { loanId: string; version: number; target: StateValue; reason: string; key: string }) =>
    moveLoan(loanId, version, target, reason, key),
  );
export const useRetry = () => useOperatorChange((body: RetryDto) => retryWork(body));
export const useCreateBatch = () => useOperatorChange((body: BatchDto) => createBatch(body));
export const useCancelBatch = () => useOperatorChange(({ id, reason }: { id: string; reason: string }) => cancelBatch(id, reason));
export const useSetLimit = () => useOperatorChange((body: Parameters<typeof putLimit>[0]) => putLimit(body));
