import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { CreateMeetingModal } from './CreateMeetingModal';

const fetchMock = vi.fn<typeof fetch>();
const POOL = [
  { id: '11111111-1111-4111-8111-111111111111', username: 'zb1', nickname: '总办会 陈一' },
  { id: '22222222-2222-4222-8222-222222222222', username: 'zb2', nickname: '总办会 陈二' },
];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/server/meetings/zb/attendee-pool')) return jsonResponse({ code: 'A00000', data: POOL });
    if (url === '/server/meetings/zb' && init?.method === 'POST') return jsonResponse({ code: 'A00000', data: { id: 'm-1' } }, 201);
    return jsonResponse({ code: 'A00000', data: null });
  });
});
afterEach(() => vi.unstubAllGlobals());

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('add-meeting form', () => {
  it('checks the fields like the server before sending, then sends the chosen attendees', async () => {
    const onCreated = vi.fn();
    renderWithApp(<CreateMeetingModal kind="ZB" opened onClose={() => {}} onCreated={onCreated} />, {
      user: makeUser({ authorityList: ['sys:zb-meeting:add'] }),
    });
    await screen.findByLabelText('总办会 陈一');

    fireEvent.click(screen.getByTestId('meeting-submit'));
    expect(await screen.findByText('请至少选择一名参会人员')).toBeTruthy();
    expect(screen.getAllByText('此项为必填项')).toHaveLength(3);
    expect(posts()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/会议主题/), { target: { value: '第一次总办会' } });
    fireEvent.change(screen.getByLabelText(/会议时间/), { target: { value: '2026-11-21T09:30' } });
    fireEvent.change(screen.getByLabelText(/会议地点/), { target: { value: '三楼会议室' } });
    fireEvent.click(screen.getByLabelText('总办会 陈一'));
    fireEvent.click(screen.getByLabelText('总办会 陈二'));
    fireEvent.click(screen.getByTestId('meeting-submit'));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('m-1'));
    const body = JSON.parse(String(posts()[0][1]!.body));
    expect(body).toEqual({
      title: '第一次总办会',
      heldAt: '2026-11-21T01:30:00.000Z', // 09:30 in the company's zone (Asia/Shanghai)
      place: '三楼会议室',
      attendeeIds: POOL.map((p) => p.id),
    });
  });

  it("shows the server's refusal in the form's alert and keeps the form open", async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/server/meetings/zb/attendee-pool')) return jsonResponse({ code: 'A00000', data: POOL });
      if (url === '/server/meetings/zb' && init?.method === 'POST') return jsonResponse({ code: 'A00400', message: '参会人员不在名单内', data: null }, 400);
      return jsonResponse({ code: 'A00000', data: null });
    });
    const onClose = vi.fn();
    renderWithApp(<CreateMeetingModal kind="ZB" opened onClose={onClose} onCreated={() => {}} />, {
      user: makeUser({ authorityList: ['sys:zb-meeting:add'] }),
    });
    await screen.findByLabelText('总办会 陈一');
    fireEvent.change(screen.getByLabelText(/会议主题/), { target: { value: '第一次总办会' } });
    fireEvent.change(screen.getByLabelText(/会议时间/), { target: { value: '2026-11-21T09:30' } });
    fireEvent.change(screen.getByLabelText(/会议地点/), { target: { value: '三楼会议室' } });
    fireEvent.click(screen.getByLabelText('总办会 陈一'));
    fireEvent.click(screen.getByTestId('meeting-submit'));

    expect((await screen.findByTestId('form-error')).textContent).toBe('参会人员不在名单内');
    expect(posts()).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});
