import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { MeetingDetailPage } from './MeetingDetailPage';

const MEETING = '55555555-5555-4555-8555-555555555555';
const LOAN = '44444444-4444-4444-8444-444444444444';
const BAD_LOAN = '66666666-6666-4666-8666-666666666666';
const fetchMock = vi.fn<typeof fetch>();

const agendaRow = (over: Record<string, unknown>) => ({
  itemId: `item-${String(over.loanId)}`,
  loanId: LOAN,
  companyName: '上海审查科技有限公司',
  amount: 5000000,
  compensationTotalFen: null,
  termMonths: 12,
  bank: null,
  allocatedAt: '2026-11-20T01:00:00.000Z',
  allocatedByName: '领导',
  stage: { key: 'insuranceReview', code: null, zh: '保审会', en: 'Review committee' },
  status: { code: 'NOT_STARTED', label: { zh: '未开始', en: 'Not started' } },
  step: { zh: '会议进行中，投票中', en: 'Meeting in progress: voting' },
  onMeeting: true,
  outcome: null,
  voteCount: 0,
  version: 30,
  legalActions: [],
  canCancelAllocation: false,
  ...over,
});

/** A review-committee meeting in progress with a loan under review and a loan's compensation (3,000,000.00 yuan). */
const meeting = {
  id: MEETING,
  kind: 'BS',
  title: '第三次保审会',
  heldAt: '2026-11-21T01:30:00.000Z',
  place: '三楼会议室',
  status: 'START',
  rule: { quorum: 2 / 3, passThreshold: 2 / 3, base: 'attendees', passWhen: 'atLeast', onTie: 'FAIL' },
  createdBy: '1',
  createdByName: '领导',
  createdAt: '2026-11-20T01:00:00.000Z',
  startedAt: '2026-11-21T01:30:00.000Z',
  endedAt: null,
  cancelledAt: null,
  kindLabel: { zh: '保审会', en: 'Review-committee meeting' },
  ruleText: { zh: '规则', en: 'rule' },
  attendees: [{ id: 'u1', username: 'bs1', nickname: '保审会 周一' }],
  loans: [
    agendaRow({ loanId: LOAN }),
    agendaRow({
      loanId: BAD_LOAN,
      companyName: '上海代偿贸易有限公司',
      compensationTotalFen: 300_000_000,
      stage: { key: 'compensation', code: null, zh: '代偿', en: 'Compensation' },
      step: { zh: '保审会进行中，代偿表决中', en: 'Review committee in progress: voting on the compensation' },
    }),
  ],
  minutes: [],
  steps: ['end', 'cancel'],
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === `/server/meetings/bs/${MEETING}`) return jsonResponse({ code: 'A00000', data: meeting });
    return jsonResponse({ code: 'A00000', data: null });
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('zh-CN'));
});

const renderPage = () =>
  renderWithApp(
    <Routes>
      <Route path="/meeting/bsMeetingDetail/:encryptId" element={<MeetingDetailPage kind="BS" />} />
    </Routes>,
    { route: `/meeting/bsMeetingDetail/${MEETING}`, user: makeUser({ authorityList: ['sys:bs-meeting:detail', 'sys:bs-meeting:end'] }) },
  );

const rowOf = async (loanId: string) => (await screen.findAllByTestId('agenda-row')).find((r) => r.getAttribute('data-loan-id') === loanId)!;

describe('a review-committee meeting page with a compensation on its agenda', () => {
  it('marks the compensation item with its badge and total in yuan, and leaves the loan under review unmarked', async () => {
    renderPage();
    const item = await rowOf(BAD_LOAN);
    expect(within(item).getByTestId('compensation-item').textContent).toContain('代偿');
    expect(within(item).getByTestId('compensation-total').textContent).toBe('代偿合计 3,000,000.00 元');
    expect(within(await rowOf(LOAN)).queryByTestId('compensation-item')).toBeNull();
  });

  it('says it in English too', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderPage();
    const item = await rowOf(BAD_LOAN);
    expect(within(item).getByTestId('compensation-item').textContent).toContain('Compensation');
    expect(within(item).getByTestId('compensation-total').textContent).toBe('Compensation total 3,000,000.00 yuan');
  });

  it('names what ending the meeting does to the compensation before it is confirmed', async () => {
    renderPage();
    await rowOf(BAD_LOAN);
    fireEvent.click(screen.getByRole('button', { name: '结束会议' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('其中 1 项为代偿：表决通过即批准代偿（随后由财务支付），未通过则退回保后管理。');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
