import { fireEvent, screen, waitFor } from '@testing-library/react';
import { demoActors, demoInput, EVENT_PERMISSIONS, eventsToStage, legalActions, replay, statusLabels, type Actor } from '@app/workflow';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionDialogForTests } from '@/api/http';
import type { LoanRow } from './loan-list-api';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { LoanListView } from './LoanListView';

const LOAN = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const input = demoInput({ loanId: LOAN });
const snapshot = replay(input, eventsToStage(input, 'preReview'));
const approver = makeUser({ id: demoActors.approver, authorityList: [EVENT_PERMISSIONS.PRE_REVIEW_APPROVE, 'archives_detail'] });
const actor: Actor = { id: String(approver.id), roles: approver.roles, authorityList: approver.authorityList };
const actions = legalActions(snapshot, actor);

// A list row as the server sends it: where the loan stands, no snapshot.
const row: LoanRow = {
  id: LOAN,
  companyId: 'c1',
  companyName: '上海列表测试有限公司',
  creditCode: '91310000MA1FL00000',
  amount: 1_000_000,
  termMonths: 12,
  bank: '中国银行',
  loanType: null,
  aPostOfficer: { id: demoActors.aPost, name: 'A岗 王敏' },
  bPostOfficer: null,
  createdAt: '2026-11-01T02:00:00Z',
  updatedAt: '2026-11-01T02:00:00Z',
  disbursedOn: null,
  disbursedAmountFen: null,
  daysPastDue: null,
  overdueBucket: null,
  deletable: false,
  workflow: {
    loanId: LOAN,
    machineVersion: 1,
    version: 3,
    stage: 'preReview',
    state: snapshot.value,
    statusLabels: statusLabels(snapshot),
    legalActions: actions,
  },
};

const ok = (data: unknown) => jsonResponse({ code: 'A00000', message: 'ok', data });
const fetchMock = vi.fn<typeof fetch>();
const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

beforeEach(() => {
  resetSessionDialogForTests();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (request) => {
    const url = String(request);
    if (url.startsWith('/server/worklists/reviewMeetingVoteList')) return ok({ list: [row], total: 1, pageNum: 1, pageSize: 10 });
    if (url.startsWith('/server/loans/officers')) return ok([]);
    if (url.endsWith(`/server/loans/${LOAN}/workflow`))
      return ok({
        loanId: LOAN,
        machineVersion: 1,
        version: 4,
        stage: 'preReview',
        state: snapshot.value,
        statusLabels: statusLabels(snapshot),
        legalActions: actions,
        snapshot,
      });
    return ok(null);
  });
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

describe('worklist page (rendered)', () => {
  it('lists the rows of GET /server/worklists/{name}, with the filters in the URL', async () => {
    renderWithApp(
      <>
        <LoanListView name="reviewMeetingVoteList" title="预审审批" />
        <Where />
      </>,
      { user: approver, route: '/process/reviewMeetingVoteList' },
    );
    expect(await screen.findByText('上海列表测试有限公司')).toBeTruthy();
    expect(screen.getByTestId('loan-list-page').getAttribute('data-list')).toBe('reviewMeetingVoteList');
    expect(screen.getByTestId('row-status').getAttribute('data-status')).toBe('WAIT_EXAMINE');
    expect(urls().find((u) => u.startsWith('/server/worklists/'))).toContain(
      '/server/worklists/reviewMeetingVoteList?pageNum=1&pageSize=10&sort=createdAt&order=desc',
    );

    fireEvent.change(screen.getByTestId('filter-company'), { target: { value: ' 上海 ' } });
    fireEvent.click(screen.getByTestId('search'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/process/reviewMeetingVoteList?companyName=%E4%B8%8A%E6%B5%B7'));
    await waitFor(() => expect(urls().some((u) => u.includes('companyName=%E4%B8%8A%E6%B5%B7'))).toBe(true));
  });

  it('shows an estimated total as "about N" and fetches the next page by its cursor', async () => {
    fetchMock.mockImplementation(async (request) => {
      const url = String(request);
      if (url.startsWith('/server/worklists/reviewMeetingVoteList'))
        return ok({ list: [row], total: 123456, totalCapped: true, totalEstimated: true, pageNum: 1, pageSize: 10, nextCursor: 'CURSOR_P2' });
      return ok([]);
    });
    renderWithApp(<LoanListView name="reviewMeetingVoteList" title="预审审批" />, { user: approver, route: '/process/reviewMeetingVoteList' });
    expect(await screen.findByText(/约 123,456 条/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '2' }));
    await waitFor(() => expect(urls().some((u) => u.includes('pageNum=2') && u.includes('cursor=CURSOR_P2'))).toBe(true));
  });

  it("opens a row's action with the loan's context and version from its workflow view", async () => {
    renderWithApp(<LoanListView name="reviewMeetingVoteList" title="预审审批" />, { user: approver, route: '/process/reviewMeetingVoteList' });
    const button = await screen.findByRole('button', { name: '审批通过' });
    expect(button.getAttribute('data-action')).toBe('PRE_REVIEW_APPROVE');
    fireEvent.click(button);
    const form = await screen.findByTestId('action-form');
    expect(form.getAttribute('data-action')).toBe('PRE_REVIEW_APPROVE');
    expect(urls()).toContain(`/server/loans/${LOAN}/workflow`);
    fireEvent.click(screen.getByTestId('action-submit'));
    fireEvent.click(await screen.findByTestId('action-submit'));
    await waitFor(() => expect(urls().some((u) => u.endsWith('/events'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/events'))!;
    // The version sent is the workflow view's (4), not the row's (3).
    expect(JSON.parse(String(init?.body))).toMatchObject({ type: 'PRE_REVIEW_APPROVE', expectedVersion: 4 });
  });
});
