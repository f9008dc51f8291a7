import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { demoActors, demoInput, EVENT_PERMISSIONS, eventsToStage, legalActions, MACHINE_VERSION, replay, statusLabels, type Actor } from '@app/workflow';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionDialogForTests } from '@/api/http';
import { jsonResponse, makeUser, renderWithApp } from '@/test/render';
import LoanNodePage from './LoanNodePage';
import type { WorkflowView } from './loan-node-api';

const LOAN = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const input = demoInput({ loanId: LOAN });
const snapshot = replay(input, eventsToStage(input, 'preReview'));
const approver = makeUser({ id: demoActors.approver, roles: ['ROLE_USER'], authorityList: [EVENT_PERMISSIONS.PRE_REVIEW_APPROVE] });
const actor: Actor = { id: String(approver.id), roles: approver.roles, authorityList: approver.authorityList };

const view = (overrides: Partial<WorkflowView> = {}): WorkflowView => ({
  loanId: LOAN,
  // the snapshot was replayed through the current machine
  machineVersion: MACHINE_VERSION,
  version: 3,
  stage: 'preReview',
  state: snapshot.value,
  statusLabels: statusLabels(snapshot),
  legalActions: legalActions(snapshot, actor),
  snapshot,
  ...overrides,
});

const ok = (data: unknown) => jsonResponse({ code: 'A00000', message: 'ok', data });
type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;
let handler: Handler;
const fetchMock = vi.fn<typeof fetch>();

function defaultAnswer(url: string): Response {
  if (url.endsWith(`/loans/${LOAN}/workflow`)) return ok(view());
  if (url.endsWith(`/loans/${LOAN}`))
    return ok({
      id: LOAN,
      companyName: '上海页面测试有限公司',
      amount: 1_000_000,
      termMonths: 12,
      bank: '中国银行',
      loanType: null,
      createdAt: '2026-01-01T00:00:00Z',
    });
  if (url.endsWith(`/loans/${LOAN}/timeline`))
    return ok({
      loanId: LOAN,
      stage: 'preReview',
      nodes: [
        {
          stage: 'collection',
          code: 'ZLSJYWS',
          label: { zh: '资料收集与完善', en: 'Data collection' },
          status: { key: 'RECEIPT', zh: '已接收', en: 'Received' },
          entered: '2026-01-01T00:00:00Z',
          left: '2026-01-02T00:00:00Z',
          actor: 'a',
          actorName: 'A岗 王敏',
          leftBy: 'a',
          leftByName: 'A岗 王敏',
          leftWith: 'SUBMIT_TO_PRE_REVIEW',
        },
        {
          stage: 'preReview',
          code: 'YSH',
          label: { zh: '预审会', en: 'Pre-review' },
          status: { key: 'WAIT_EXAMINE', zh: '待审核', en: 'Awaiting approval' },
          entered: '2026-01-02T00:00:00Z',
          left: null,
          actor: 'a',
          actorName: 'A岗 王敏',
          leftBy: null,
          leftByName: null,
          leftWith: null,
        },
      ],
    });
  return ok(null);
}

// jsdom has no FontFaceSet; Mantine's autosize textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

beforeEach(() => {
  resetSessionDialogForTests();
  handler = () => undefined;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    return handler(url, init) ?? defaultAnswer(url);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = (id = LOAN) =>
  renderWithApp(
    <Routes>
      <Route path="/company/node/:encryptId" element={<LoanNodePage />} />
    </Routes>,
    { route: `/company/node/${id}`, user: approver },
  );

const actionButtons = async () => {
  const panel = await screen.findByTestId('action-panel');
  return within(panel)
    .queryAllByTestId('action-button')
    .map((b) => b.textContent?.trim());
};
const eventCalls = () => fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/events') && init?.method === 'POST');

describe('loan node page', () => {
  it('shows the loan, its nodes and a button for each legal action of the user', async () => {
    renderPage();
    expect(await screen.findByText('上海页面测试有限公司')).toBeTruthy();
    expect(await actionButtons()).toEqual(['审批通过', '审批不通过', '退回资料收集']);
    expect(screen.getByTestId('action-panel').getAttribute('data-agreement')).toBe('agree');
    const nodes = await screen.findAllByTestId('timeline-node');
    expect(nodes).toHaveLength(2);
    expect(nodes[1].getAttribute('data-current')).toBe('true');
    expect(within(nodes[0]).getByText(/通过“提交预审会”/)).toBeTruthy();
  });

  it("lists the loan's documents and hides the panel from those who may not see them", async () => {
    handler = (url) =>
      url.endsWith(`/loans/${LOAN}/documents`)
        ? ok([
            {
              id: 'd1',
              kind: 'CONTRACT',
              contractType: 'BANK_LOAN',
              name: '上海页面测试有限公司-银行借款合同.docx',
              size: 20480,
              sha256: 'a'.repeat(64),
              templateId: 't1',
              templateVersion: 2,
              createdAt: '2026-01-03T00:00:00Z',
              createdBy: 'u1',
            },
          ])
        : undefined;
    const first = renderPage();
    const panel = await screen.findByTestId('documents-panel');
    expect(await within(panel).findByText('上海页面测试有限公司-银行借款合同.docx')).toBeTruthy();
    expect(within(panel).getByText(/银行借款合同 · 模板第 2 版/)).toBeTruthy();
    first.unmount();

    handler = (url) => (url.endsWith(`/loans/${LOAN}/documents`) ? jsonResponse({ code: '403', message: '无权限', data: null }, 403) : undefined);
    renderPage();
    await screen.findByTestId('action-panel');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/documents'))).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('documents-panel')).toBeNull());
  });

  it("shows the server's list and warns when the browser's machine disagrees", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const serverOnly = [{ type: 'PRE_REVIEW_DISCONTINUE' as const, permission: 'sys:review:discontinue', label: { zh: '终止项目', en: 'Discontinue' } }];
    handler = (url) => (url.endsWith('/workflow') ? ok(view({ legalActions: serverOnly })) : undefined);
    renderPage();
    expect(await actionButtons()).toEqual(['终止项目']);
    expect(screen.getByTestId('action-panel').getAttribute('data-agreement')).toBe('disagree');
    await waitFor(() => expect(warn).toHaveBeenCalled());
  });

  it('says the loan does not exist, for an unknown id and for one that is not an id', async () => {
    handler = (url) => (url.endsWith('/workflow') ? jsonResponse({ code: '404', message: '贷款不存在', data: null }, 404) : undefined);
    const first = renderPage();
    expect(await screen.findByTestId('loan-not-found')).toBeTruthy();
    first.unmount();
    fetchMock.mockClear();
    renderPage('not-a-loan');
    expect(await screen.findByTestId('loan-not-found')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the form, then sends the event with the version seen and an idempotency key', async () => {
    let bodySent: unknown;
    handler = (url, init) => {
      if (url.endsWith('/events')) {
        bodySent = JSON.parse(String(init?.body));
        return ok(view({ version: 4 }));
      }
      return undefined;
    };
    renderPage();
    await actionButtons();
    fireEvent.click(screen.getByRole('button', { name: /审批不通过/ }));
    const form = await screen.findByTestId('action-form');
    fireEvent.click(within(form).getByTestId('action-submit'));
    expect(await within(form).findByText('请填写原因')).toBeTruthy();
    expect(eventCalls()).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox'), { target: { value: '  资料不全 ' } });
    fireEvent.click(within(form).getByTestId('action-submit'));
    await waitFor(() => expect(eventCalls()).toHaveLength(1));
    expect(bodySent).toEqual({ type: 'PRE_REVIEW_REJECT', payload: { reason: '资料不全' }, expectedVersion: 3 });
    const headers = eventCalls()[0][1]?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('已完成：审批不通过')).toBeTruthy();
  });

  it('tells the user someone else changed the loan (409) and loads it again', async () => {
    handler = (url) =>
      url.endsWith('/events') ? jsonResponse({ code: 'A03002', message: '该贷款已被他人更新，请刷新后重试', data: { version: 4 } }, 409) : undefined;
    renderPage();
    await actionButtons();
    const workflowCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/workflow')).length;
    const before = workflowCalls();
    fireEvent.click(screen.getByRole('button', { name: /审批通过/ }));
    fireEvent.click(within(await screen.findByTestId('action-form')).getByTestId('action-submit'));
    expect(await screen.findByText('贷款已被他人更新')).toBeTruthy();
    await waitFor(() => expect(workflowCalls()).toBeGreaterThan(before));
  });

  it('puts the server field errors next to their fields', async () => {
    handler = (url) =>
      url.endsWith('/events')
        ? jsonResponse(
            {
              code: 'A03005',
              message: '操作参数有误',
              data: { fieldErrors: [{ field: 'reason', message: 'must be a non-empty string' }] },
            },
            400,
          )
        : undefined;
    renderPage();
    await actionButtons();
    fireEvent.click(screen.getByRole('button', { name: /退回资料收集/ }));
    const form = await screen.findByTestId('action-form');
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'x' } });
    fireEvent.click(within(form).getByTestId('action-submit'));
    expect(await within(form).findByText('原因: must be a non-empty string')).toBeTruthy();
    expect(within(form).getByTestId('form-error').textContent).toBe('提交的内容有误，请按提示修改。');
  });
});
