import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import ArchiveDetailPage from './ArchiveDetailPage';

const LOAN = '44444444-4444-4444-8444-444444444444';
const fetchMock = vi.fn<typeof fetch>();

const archive = {
  loan: { loanId: LOAN, companyName: '上海测试科技有限公司', amount: 5000000, termMonths: 12, bank: null, stage: { zh: '归档', en: 'Archive' } },
  groups: [{ kind: 'BANK_CONTRACT', label: { zh: '银行合同', en: 'Bank contract' }, files: [] }],
  total: 0,
};

let answerUpload: () => Response;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === `/server/archives/${LOAN}`) return jsonResponse({ code: 'A00000', data: archive });
    if (url === `/server/archives/${LOAN}/files` && init?.method === 'POST') return answerUpload();
    return jsonResponse({ code: 'A00000', data: null });
  });
});
afterEach(() => vi.unstubAllGlobals());

const uploads = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

const renderPage = () =>
  renderWithApp(
    <Routes>
      <Route path="/meeting/filesDetail/:encryptId" element={<ArchiveDetailPage />} />
    </Routes>,
    { route: `/meeting/filesDetail/${LOAN}`, user: makeUser({ authorityList: ['sys:archive:upload', 'sys:archive:detail'] }) },
  );

const openUpload = async () => {
  renderPage();
  fireEvent.click(await screen.findByTestId('archive-upload'));
  return screen.findByTestId('archive-upload-form');
};

const pickFile = (form: HTMLElement, file: File) => fireEvent.change(form.querySelector('input[type="file"]')!, { target: { files: [file] } });

describe('archive upload form', () => {
  it('asks for a kind and a file of an accepted type before sending', async () => {
    answerUpload = () => jsonResponse({ code: 'A00000', data: { id: 'f-1' } }, 201);
    const form = await openUpload();
    fireEvent.click(within(form).getByRole('button', { name: '上传附件' }));
    expect(await within(form).findByText('请选择附件类型')).toBeTruthy();
    expect(within(form).getByText('请选择文件')).toBeTruthy();

    pickFile(form, new File(['x'], 'run.exe', { type: 'application/octet-stream' }));
    expect(await within(form).findByText(/文件类型不支持/)).toBeTruthy();
    expect(uploads()).toHaveLength(0);
  });

  it("sends the file with its kind, and shows the server's refusal in the form", async () => {
    answerUpload = () => jsonResponse({ code: 'A00400', message: '文件内容与类型不符', data: null }, 400);
    renderPage();
    // The group's own button opens the form with its kind chosen.
    const group = await screen.findByTestId('archive-group');
    fireEvent.click(within(group).getByRole('button', { name: '上传附件' }));
    const form = await screen.findByTestId('archive-upload-form');
    pickFile(form, new File(['%PDF-1.4'], 'contract.pdf', { type: 'application/pdf' }));
    fireEvent.click(within(form).getByRole('button', { name: '上传附件' }));

    expect((await within(form).findByTestId('form-error')).textContent).toBe('文件内容与类型不符');
    expect(uploads()).toHaveLength(1);
    const body = uploads()[0][1]!.body as FormData;
    expect(body.get('kind')).toBe('BANK_CONTRACT');
    expect((body.get('file') as File).name).toBe('contract.pdf');
  });
});
