import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_OVERDUE_BUCKETS } from '@app/workflow';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import { CloseOfBusinessCard } from './CloseOfBusinessCard';
import { OverdueBucketsCard } from './OverdueBucketsCard';

const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown) => jsonResponse({ code: 'A00000', message: 'ok', data });
const admin = makeUser({ roles: ['ROLE_ADMIN', 'ROLE_USER'] });
const RUNS = {
  schedule: '30 0 * * *',
  timeZone: 'Asia/Shanghai',
  runs: [
    {
      day: '2026-11-28',
      startedAt: '2026-11-27T16:30:00.000Z',
      finishedAt: null,
      attempts: 2,
      steps: [
        {
          step: 'overdue',
          position: 1,
          startedAt: '2026-11-27T16:30:00.000Z',
          finishedAt: '2026-11-27T16:30:02.500Z',
          durationMs: 2500,
          rowsTouched: 1234,
          attempts: 1,
        },
        { step: 'notify', position: 2, startedAt: '2026-11-27T16:30:02.600Z', finishedAt: null, durationMs: null, rowsTouched: null, attempts: 2 },
      ],
    },
  ],
};
let putBody: unknown;
let refuse = false;

beforeEach(() => {
  putBody = undefined;
  refuse = false;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/server/admin/close-of-business/buckets') && init?.method === 'PUT') {
      putBody = JSON.parse(String(init.body));
      if (refuse)
        return jsonResponse(
          { code: 'A00400', message: '逾期分档设置无效：bucket 2 must start on day 11', data: { fieldErrors: [{ field: 'buckets', message: 'x' }] } },
          400,
        );
      return ok({ ...(putBody as object), custom: true, changedByName: '系统管理员', changedAt: '2026-11-28T01:00:00.000Z' });
    }
    if (url.startsWith('/server/admin/close-of-business/buckets'))
      return ok({ buckets: DEFAULT_OVERDUE_BUCKETS, custom: false, changedByName: null, changedAt: null });
    if (url.startsWith('/server/admin/close-of-business')) return ok(RUNS);
    return ok(null);
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

describe('the close of business beside the queue page', () => {
  it("lists the latest runs with each step's start, end, duration and rows", async () => {
    renderWithApp(<CloseOfBusinessCard />, { user: admin });
    const run = await screen.findByTestId('close-of-business-run');
    expect(run.textContent).toContain('2026-11-28');
    expect(run.textContent).toContain('未完成');
    const steps = screen.getAllByTestId('close-of-business-step').map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(steps).toEqual([
      ['', '1. 逾期计算', '2026-11-28 00:30:00', '2026-11-28 00:30:02', '2.50 s', '1,234', '1'],
      ['', '2. 逾期通知', '2026-11-28 00:30:02', '未完成（下次启动时重做）', '—', '—', '2'],
    ]);
    expect(screen.getByTestId('close-of-business-schedule').textContent).toBe('每日执行：30 0 * * *（Asia/Shanghai）');
  });

  it('sets the buckets: first days follow, the last is open, rows are checked before sending', async () => {
    renderWithApp(<OverdueBucketsCard />, { user: admin });
    const form = await screen.findByTestId('buckets-form');
    expect(screen.getByTestId('buckets-changed').textContent).toBe('默认分档（未设置过）');
    expect(
      within(form)
        .getAllByTestId('bucket-from')
        .map((td) => td.textContent),
    ).toEqual(['1', '31', '61', '91']);
    expect(within(form).getAllByTestId('bucket-open')).toHaveLength(1);

    // the first bucket ends on day 15: the second starts on 16
    fireEvent.change(within(form).getAllByTestId('bucket-to')[0], { target: { value: '15' } });
    await waitFor(() => expect(within(form).getAllByTestId('bucket-from')[1].textContent).toBe('16'));
    // a new bucket before the open one, left empty: refused here
    fireEvent.click(within(form).getByTestId('bucket-add'));
    expect(within(form).getAllByTestId('bucket-row')).toHaveLength(5);
    fireEvent.click(within(form).getByTestId('buckets-save'));
    expect((await within(form).findByTestId('buckets-error')).textContent).toBe('请修正标红的项目');
    expect(within(form).getByText('代码须为 1-30 个字母、数字或下划线')).toBeTruthy();
    expect(putBody).toBeUndefined();
    fireEvent.click(within(form).getAllByTestId('bucket-remove')[3]);
    fireEvent.click(within(form).getByTestId('buckets-save'));
    await waitFor(() => expect(putBody).toBeDefined());
    expect((putBody as { buckets: { key: string; fromDay: number; toDay: number | null }[] }).buckets.map((b) => [b.key, b.fromDay, b.toDay])).toEqual([
      ['D1_30', 1, 15],
      ['D31_60', 16, 60],
      ['D61_90', 61, 90],
      ['D90_PLUS', 91, null],
    ]);
  });

  it("shows the server's refusal in the form", async () => {
    refuse = true;
    renderWithApp(<OverdueBucketsCard />, { user: admin });
    const form = await screen.findByTestId('buckets-form');
    fireEvent.click(within(form).getByTestId('buckets-save'));
    expect((await within(form).findByTestId('buckets-error')).textContent).toBe('逾期分档设置无效：bucket 2 must start on day 11');
  });
});
