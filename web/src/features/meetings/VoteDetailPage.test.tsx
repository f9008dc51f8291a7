import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { VoteDetailPage } from './VoteDetailPage';

const ITEM = '33333333-3333-4333-8333-333333333333';
const LOAN = '44444444-4444-4444-8444-444444444444';
const MEETING = '55555555-5555-4555-8555-555555555555';
const fetchMock = vi.fn<typeof fetch>();

const item = {
  itemId: ITEM,
  meeting: {
    id: MEETING,
    kind: 'ZB',
    title: '第一次总办会',
    heldAt: '2026-11-21T01:30:00.000Z',
    place: '三楼会议室',
    status: 'START',
    rule: { quorum: 0.5, passThreshold: 0.5, base: 'cast', passWhen: 'above', onTie: 'PENGING_RESOLUTION' },
    kindLabel: { zh: '总办会', en: 'General-office meeting' },
    ruleText: { zh: '规则', en: 'rule' },
  },
  loan: {
    id: LOAN,
    companyName: '上海测试科技有限公司',
    creditCode: '913100000000000000',
    amount: 5000000,
    termMonths: 12,
    bank: null,
    loanType: null,
    aPostOfficerName: null,
  },
  allocationCancelled: false,
  isAttendee: true,
  attendees: [{ id: 'u1', nickname: '总办会 陈一', voted: false, opinion: null, comment: null, at: null }],
  myVote: null,
  outcome: null,
  workflow: {
    version: 7,
    statusLabels: { step: { zh: '投票中', en: 'Voting' } },
    legalActions: [{ type: 'GENERAL_OFFICE_CAST_VOTE', permission: 'sys:zb-vote:vote', label: { zh: '投票', en: 'Vote' } }],
  },
};

let answerVote: () => Response;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === `/server/votes/zb/${ITEM}`) return jsonResponse({ code: 'A00000', data: item });
    if (url === `/server/loans/${LOAN}/events` && init?.method === 'POST') return answerVote();
    return jsonResponse({ code: 'A00000', data: null });
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  renderWithApp(
    <Routes>
      <Route path="/process/zbMeetingVoteDetail/:encryptId" element={<VoteDetailPage kind="ZB" />} />
    </Routes>,
    { route: `/process/zbMeetingVoteDetail/${ITEM}`, user: makeUser({ authorityList: ['sys:zb-vote:vote', 'sys:zb-vote:detail'] }) },
  );

describe('vote page', () => {
  it('asks for an opinion, then sends the CAST_VOTE event on the version shown', async () => {
    answerVote = () => jsonResponse({ code: 'A00000', data: {} });
    renderPage();
    fireEvent.click(await screen.findByTestId('vote-submit'));
    expect(await screen.findByText('请选择表决意见')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('同意'));
    // After a first attempt the errors follow the input: the opinion's goes once one is chosen.
    await waitFor(() => expect(screen.queryByText('请选择表决意见')).toBeNull());
    fireEvent.change(screen.getByLabelText('说明'), { target: { value: '  经营稳健  ' } });
    fireEvent.click(screen.getByTestId('vote-submit'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      type: 'GENERAL_OFFICE_CAST_VOTE',
      payload: { meetingId: MEETING, opinion: 'AGREE', comment: '经营稳健' },
      expectedVersion: 7,
    });
  });

  it("shows the machine's refusal of a second vote (409)", async () => {
    answerVote = () => jsonResponse({ code: 'A03001', message: '当前节点（投票中）不能执行该操作：您已经投过票', data: null }, 409);
    renderPage();
    fireEvent.click(await screen.findByLabelText('不同意'));
    fireEvent.click(screen.getByTestId('vote-submit'));
    expect((await screen.findByTestId('vote-refused')).textContent).toContain('您已经投过票');
    // The item is read again, to show where it now stands.
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url) === `/server/votes/zb/${ITEM}`).length).toBeGreaterThan(1));
  });
});
