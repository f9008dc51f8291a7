import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { DocumentsPanel } from './DocumentsPanel';

const LOAN = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const ok = (data: unknown) => jsonResponse({ code: 'A00000', message: 'ok', data });
const fetchMock = vi.fn<typeof fetch>();
const during = (contract: string) => ({ duringGuarantee: { contract, premium: 'toUpload', counterGuarantee: 'pending', letter: 'toGenerate' } });
const apost = makeUser({ roles: ['ROLE_USER'], authorityList: ['sys:contract:upload'] });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => ok([]));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the documents panel', () => {
  it('offers the signed copy of the contract while it stands generated, and posts it to the loan’s documents', async () => {
    renderWithApp(<DocumentsPanel loanId={LOAN} version={9} state={during('generated')} />, { user: apost });
    const button = await screen.findByTestId('upload-SIGNED_CONTRACT');
    expect(button.textContent).toBe('上传签署件');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], '签署件.pdf', { type: 'application/pdf' })] } });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith(`/loans/${LOAN}/documents`) && init?.method === 'POST')).toBe(true),
    );
  });

  it('offers nothing once the contract is submitted, nor to whoever lacks the permission', async () => {
    const first = renderWithApp(<DocumentsPanel loanId={LOAN} version={9} state={during('submitted')} />, { user: apost });
    await screen.findByTestId('documents-panel');
    expect(screen.queryByTestId('upload-SIGNED_CONTRACT')).toBeNull();
    first.unmount();
    renderWithApp(<DocumentsPanel loanId={LOAN} version={9} state={during('generated')} />, { user: makeUser() });
    await screen.findByTestId('documents-panel');
    expect(screen.queryByTestId('upload-SIGNED_CONTRACT')).toBeNull();
  });
});
