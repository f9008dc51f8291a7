import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { ChangePasswordModal } from './ChangePasswordModal';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonResponse({ code: 'A00000', data: null }));
});
afterEach(() => vi.unstubAllGlobals());

describe('change-password form', () => {
  it('checks the fields before sending, and the errors follow the typing after a first attempt', async () => {
    renderWithApp(<ChangePasswordModal opened onClose={() => {}} />, { user: makeUser() });
    const submit = await screen.findByRole('button', { name: '确认' });

    fireEvent.click(submit);
    expect(await screen.findByText('请输入原密码')).toBeTruthy();
    expect(screen.getByText('请输入新密码')).toBeTruthy();
    expect(screen.getByText('请再次输入新密码')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/原密码/), { target: { value: 'Demo@2026' } });
    fireEvent.change(screen.getByLabelText(/^新密码/), { target: { value: 'Better@2027' } });
    fireEvent.change(screen.getByLabelText(/确认新密码/), { target: { value: 'Better@2028' } });
    await waitFor(() => expect(screen.queryByText('请输入原密码')).toBeNull());
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();

    fireEvent.click(submit);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
