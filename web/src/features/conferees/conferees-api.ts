import type { VotingMeetingKind } from '@app/workflow';
import { http, type Page } from '@/api/http';
import type { Person } from '@/features/meetings/meetings-api';

export interface ConfereeRow {
  userId: string;
  username: string;
  nickname: string;
  userDisabled: boolean;
  meetingKinds: VotingMeetingKind[];
  active: boolean;
  meetingCount: number;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ConfereeListParams {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  kind?: VotingMeetingKind;
  active?: boolean;
  sort?: string;
  order?: 'asc' | 'desc';
}

export async function fetchConferees(params: ConfereeListParams): Promise<Page<ConfereeRow>> {
  return (await http.get<Page<ConfereeRow>>('/conferees', { params: { ...params } })).data;
}

export async function fetchAddableUsers(keyword: string): Promise<Person[]> {
  return (await http.get<Person[]>('/conferees/users', { params: { keyword: keyword || undefined } })).data;
}

export async function addConferees(body: { userIds: string[]; meetingKinds: VotingMeetingKind[] }): Promise<void> {
  await http.post('/conferees', body, { passErrors: true });
}

export async function manageConferee(userId: string, body: { meetingKinds?: VotingMeetingKind[]; active?: boolean }): Promise<void> {
  await http.patch(`/conferees/${encodeURIComponent(userId)}`, body, { passErrors: true });
}

export async function removeConferee(userId: string): Promise<void> {
  await http.delete(`/conferees/${encodeURIComponent(userId)}`);
}
