/** Small shared pieces of the meeting pages: formatting and colours. */
import type { MeetingStatus, VoteOpinion, VoteResult } from '@app/workflow';
import dayjs from 'dayjs';

export const PAGE_SIZES = [10, 20, 50];

export const STATUS_COLORS: Record<MeetingStatus, string> = {
  PREPARATION: 'blue',
  START: 'orange',
  END: 'teal',
  CANCEL: 'gray',
};

export const RESULT_COLORS: Record<VoteResult | 'NOT_STARTED', string> = {
  NOT_STARTED: 'gray',
  PASSED: 'teal',
  FAIL: 'red',
  PENGING_RESOLUTION: 'yellow',
};

export const OPINION_COLORS: Record<VoteOpinion, string> = {
  AGREE: 'teal',
  DISAGREE: 'red',
  ABSTAIN: 'gray',
};

export function formatTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '';
}

export function formatAmount(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return '';
  return amount.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
