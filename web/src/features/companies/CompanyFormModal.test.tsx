import { fireEvent, screen, waitFor } from '@testing-library/react';
import { withCheckChar } from '@app/workflow';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { CompanyFormModal } from './CompanyFormModal';

const CODE = withCheckChar('91310000MA1FL0000');
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

function open(onSaved = vi.fn()) {
  renderWithApp(<CompanyFormModal opened company={null} onClose={vi.fn()} onSaved={onSaved} />, { user: makeUser({ authorityList: ['sys:company:add'] }) });
  return onSaved;
}
const input = (field: string) => document.querySelector<HTMLInputElement>(`[data-field="${field}"]`)!;

describe('company form (rendered)', () => {
  it('shows the client-side errors and sends nothing', async () => {
    open();
    fireEvent.change(input('creditCode'), { target: { value: CODE.slice(0, 17) + (CODE[17] === '0' ? '1' : '0') } });
    fireEvent.change(input('contactPhone'), { target: { value: '1380013' } });
    fireEvent.click(screen.getByTestId('company-submit'));
    expect(await screen.findByText('请填写企业名称')).toBeTruthy();
    expect(screen.getByText('统一社会信用代码应为 18 位，且校验位正确')).toBeTruthy();
    expect(screen.getByText('联系电话须为 11 位数字')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('hints the check character while the code is typed', async () => {
    open();
    fireEvent.change(input('creditCode'), { target: { value: CODE.slice(0, 17) } });
    expect((await screen.findByTestId('credit-code-hint')).textContent).toContain(CODE[17]);
    fireEvent.change(input('creditCode'), { target: { value: CODE } });
    expect((await screen.findByTestId('credit-code-hint')).textContent).toBe('校验位正确');
  });

  it('sends a valid record and shows the server refusal of a duplicate code', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 'A04002', message: '该统一社会信用代码已存在', data: null }, 409));
    const onSaved = open();
    fireEvent.change(input('name'), { target: { value: '上海申芯微电子科技有限公司' } });
    fireEvent.change(input('creditCode'), { target: { value: CODE.toLowerCase() } });
    fireEvent.click(screen.getByTestId('company-submit'));
    expect(await screen.findByText('该统一社会信用代码已存在')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/server/companies');
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: '上海申芯微电子科技有限公司', creditCode: CODE, contactPhone: null });
    expect(onSaved).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 'A00000', data: { id: 'c1' } }, 201));
    fireEvent.click(screen.getByTestId('company-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('keeps a negative capital as typed and refuses it with a message (no silent rewrite)', async () => {
    open();
    fireEvent.change(input('registeredCapital'), { target: { value: '-500' } });
    fireEvent.change(input('employeeCount'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByTestId('company-submit'));
    expect(await screen.findByText('注册资本（万元）须大于 0')).toBeTruthy();
    expect(screen.getByText(/须为整数/)).toBeTruthy();
    expect(input('registeredCapital').value).toBe('-500');
    expect(input('employeeCount').value).toBe('1.5');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts a refusal that names a field (duplicate code, 409) on that field, not in the alert', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { code: 'A04002', message: '该统一社会信用代码已存在', data: { fieldErrors: [{ field: 'creditCode', message: '该统一社会信用代码已存在' }] } },
        409,
      ),
    );
    open();
    fireEvent.change(input('name'), { target: { value: '上海申芯微电子科技有限公司' } });
    fireEvent.change(input('creditCode'), { target: { value: CODE } });
    fireEvent.click(screen.getByTestId('company-submit'));
    await waitFor(() => expect(input('creditCode').getAttribute('aria-invalid')).toBe('true'));
    const describedBy = input('creditCode').getAttribute('aria-describedby') ?? '';
    const errorText = describedBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(errorText).toContain('该统一社会信用代码已存在');
    expect(screen.queryByTestId('form-error')).toBeNull();
  });
});
