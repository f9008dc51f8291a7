import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { AllocateModal } from './AllocateModal';

const MEETING = '55555555-5555-4555-8555-555555555555';
const LOAN = '44444444-4444-4444-8444-444444444444';
const OTHER = '66666666-6666-4666-8666-666666666666';
const fetchMock = vi.fn<typeof fetch>();
const candidate = {
  loanId: LOAN,
  companyName: '上海测试科技有限公司',
  amount: 5000000,
  termMonths: 12,
  bank: null,
  aPostOfficerName: null,
  createdAt: '2026-11-20T01:00:00.000Z',
  status: { code: 'X', label: { zh: '待上会', en: 'Awaiting' } },
  step: { zh: '待上会', en: 'Awaiting a meeting' },
};

let answerAllocate: () => Response;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith(`/server/meetings/zb/${MEETING}/candidates`))
      return jsonResponse({ code: 'A00000', data: { list: [candidate], total: 1, pageNum: 1, pageSize: 10 } });
    if (url === `/server/meetings/zb/${MEETING}/allocations` && init?.method === 'POST') return answerAllocate();
    return jsonResponse({ code: 'A00000', data: null });
  });
});
afterEach(() => vi.unstubAllGlobals());

const candidateReads = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/candidates')).length;

const choose = async () => {
  const form = await screen.findByTestId('allocate-form');
  const row = await within(form).findByText('上海测试科技有限公司');
  fireEvent.click(within(row.closest('tr')!).getByRole('checkbox'));
  await waitFor(() => expect(within(form).getByTestId('allocate-submit').hasAttribute('disabled')).toBe(false));
  fireEvent.click(within(form).getByTestId('allocate-submit'));
  return form;
};

describe('allocation form', () => {
  it('allocates the chosen loans in one request', async () => {
    answerAllocate = () => jsonResponse({ code: 'A00000', data: {} }, 201);
    const onDone = vi.fn();
    renderWithApp(<AllocateModal kind="ZB" meeting={{ id: MEETING, title: '第一次总办会' }} opened onClose={() => {}} onDone={onDone} />, {
      user: makeUser({ authorityList: ['sys:zb-meeting:allocate'] }),
    });
    await choose();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({ loanIds: [LOAN] });
  });

  it('marks a compensation among the review committee candidates with its total in yuan', async () => {
    const compensation = { ...candidate, loanId: OTHER, companyName: '上海代偿贸易有限公司', compensationTotalFen: 123_456_789 };
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith(`/server/meetings/bs/${MEETING}/candidates`)
        ? jsonResponse({ code: 'A00000', data: { list: [{ ...candidate, compensationTotalFen: null }, compensation], total: 2, pageNum: 1, pageSize: 10 } })
        : jsonResponse({ code: 'A00000', data: null }),
    );
    renderWithApp(<AllocateModal kind="BS" meeting={{ id: MEETING, title: '第一次保审会' }} opened onClose={() => {}} onDone={() => {}} />, {
      user: makeUser({ authorityList: ['sys:bs-meeting:allocate'] }),
    });
    const form = await screen.findByTestId('allocate-form');
    const rows = await within(form).findAllByTestId('candidate-row');
    const marked = rows.find((r) => r.getAttribute('data-loan-id') === OTHER)!;
    expect(within(marked).getByTestId('compensation-item').textContent).toContain('代偿');
    expect(within(marked).getByTestId('compensation-total').textContent).toBe('代偿合计 1,234,567.89 元');
    expect(within(rows.find((r) => r.getAttribute('data-loan-id') === LOAN)!).queryByTestId('compensation-item')).toBeNull();
  });

  it('shows a refusal in the form and reads the candidates again', async () => {
    answerAllocate = () => jsonResponse({ code: 'A03001', message: '当前节点不能执行该操作', data: null }, 409);
    const onDone = vi.fn();
    renderWithApp(<AllocateModal kind="ZB" meeting={{ id: MEETING, title: '第一次总办会' }} opened onClose={() => {}} onDone={onDone} />, {
      user: makeUser({ authorityList: ['sys:zb-meeting:allocate'] }),
    });
    const form = await choose();
    const reads = candidateReads();
    expect((await within(form).findByTestId('form-error')).textContent).toBe('当前节点不能执行该操作');
    await waitFor(() => expect(candidateReads()).toBeGreaterThan(reads));
    expect(onDone).not.toHaveBeenCalled();
  });
});
