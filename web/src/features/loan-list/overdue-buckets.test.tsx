import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router-dom';
import { resetSessionDialogForTests } from '@/api/http';
import { setLanguage } from '@/i18n';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import type { LoanRow } from './loan-list-api';
import { LoanListView } from './LoanListView';
import { bucketWords } from './overdue-buckets';

// An administrator's own buckets (PUT /server/admin/close-of-business/buckets), not the default ones.
const IN_FORCE = [
  { key: 'W1', fromDay: 1, toDay: 15, label: { zh: '逾期1-15天', en: '1-15 days' } },
  { key: 'W2', fromDay: 16, toDay: null, label: { zh: '逾期16天以上', en: 'Over 15 days' } },
];
const rowOf = (id: string, company: string, bucket: string | null, days: number | null) =>
  ({
    id,
    companyId: 'c1',
    companyName: company,
    creditCode: '91310000MA1FL00000',
    amount: 1_000_000,
    termMonths: 12,
    bank: '中国银行',
    loanType: null,
    aPostOfficer: null,
    bPostOfficer: null,
    createdAt: '2026-11-01T02:00:00Z',
    updatedAt: '2026-11-01T02:00:00Z',
    disbursedOn: '2026-01-05',
    disbursedAmountFen: 100_000_000,
    daysPastDue: days,
    overdueBucket: bucket,
    deletable: false,
    workflow: {
      loanId: id,
      machineVersion: 1,
      version: 30,
      stage: 'afterGuarantee',
      state: { afterGuarantee: 'monitoring' },
      statusLabels: {
        stage: { key: 'afterGuarantee', zh: '保后管理', en: 'After guarantee' },
        status: { key: 'X', zh: '保后', en: 'After' },
        step: { key: 'X', zh: '保后', en: 'After' },
      },
      legalActions: [],
    },
  }) as unknown as LoanRow;
const ROWS = [
  rowOf('00000000-0000-4000-8000-000000000001', '甲公司', 'W2', 20),
  // a key the last close of business wrote before the buckets were changed: the default words
  rowOf('00000000-0000-4000-8000-000000000002', '乙公司', 'D61_90', 70),
  rowOf('00000000-0000-4000-8000-000000000003', '丙公司', 'GONE', 5),
  rowOf('00000000-0000-4000-8000-000000000004', '丁公司', null, null),
];

const ok = (data: unknown) => jsonResponse({ code: 'A00000', message: 'ok', data });
const fetchMock = vi.fn<typeof fetch>();
const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

beforeEach(() => {
  resetSessionDialogForTests();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (request) => {
    const url = String(request);
    if (url.startsWith('/server/overdue-buckets')) return ok({ buckets: IN_FORCE, custom: true, changedByName: '管理员', changedAt: '2026-11-01T00:00:00Z' });
    if (url.startsWith('/server/worklists/')) return ok({ list: ROWS, total: ROWS.length, pageNum: 1, pageSize: 10 });
    return ok([]);
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}
const user = makeUser({ authorityList: ['protectAfter', 'overdue_list', 'archives_detail'] });

describe('the overdue bucket in the lists', () => {
  it('shows the words of the buckets in force, filters by one and keeps it in the URL', async () => {
    renderWithApp(
      <>
        <LoanListView name="overdueList" title="逾期项目" />
        <Where />
      </>,
      { user, route: '/protectAfter/overdueList?overdueBucket=W2' },
    );
    await screen.findByText('甲公司');
    const bucketCell = (company: string) => {
      const row = screen.getByText(company).closest('tr')!;
      return [...row.querySelectorAll('td')].map((td) => td.textContent);
    };
    await waitFor(() => expect(bucketCell('甲公司')).toContain('逾期16天以上'));
    expect(bucketCell('乙公司')).toContain('逾期61-90天');
    expect(bucketCell('丙公司')).toContain('GONE');
    expect(bucketCell('甲公司')).not.toContain('W2');
    // the applied filter is sent and shown in words
    expect(urls().find((u) => u.startsWith('/server/worklists/overdueList'))).toContain('overdueBucket=W2');
    const filter = screen.getByTestId('filter-overdue-bucket') as HTMLInputElement;
    await waitFor(() => expect(filter.value).toBe('逾期16天以上'));

    fireEvent.focus(filter);
    fireEvent.click(filter);
    const listbox = document.getElementById(filter.getAttribute('aria-controls')!)!;
    expect([...listbox.querySelectorAll('[data-combobox-option]')].map((o) => o.textContent)).toEqual(['逾期1-15天', '逾期16天以上']);
    fireEvent.click(within(listbox).getByText('逾期1-15天'));
    fireEvent.click(screen.getByTestId('search'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/protectAfter/overdueList?overdueBucket=W1'));
    await waitFor(() => expect(urls().some((u) => u.startsWith('/server/worklists/overdueList') && u.includes('overdueBucket=W1'))).toBe(true));
  });

  it('has no bucket filter, and asks for no buckets, in a list without the bucket column', async () => {
    renderWithApp(<LoanListView name="financeList" title="财务" />, { user: makeUser({ authorityList: ['protectAfter', 'finance_list'] }) });
    await screen.findByText('甲公司');
    expect(screen.queryByTestId('filter-overdue-bucket')).toBeNull();
    expect(urls().some((u) => u.startsWith('/server/overdue-buckets'))).toBe(false);
  });

  it('words a key in either language: in force, else default, else the key', () => {
    expect(bucketWords('W1', IN_FORCE, 'en')).toBe('1-15 days');
    expect(bucketWords('D31_60', IN_FORCE, 'zh')).toBe('逾期31-60天');
    expect(bucketWords('D31_60', IN_FORCE, 'en')).toBe('31-60 days past due');
    expect(bucketWords('GONE', IN_FORCE, 'zh')).toBe('GONE');
  });
});
