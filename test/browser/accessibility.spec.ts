/**
 * Accessibility: axe-core, injected into the real pages in Debian's Chromium,
 * finds nothing critical or serious on the sign-in page, the dashboard, the loan list, a loan's node
 * page, the statistics overview and the classification migration matrix, in Chinese and in English. The counts per page are printed so a
 * run shows what axe saw; the test fails on the first page with a critical or serious finding and
 * names the rules and the elements.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { apiData as api, apiToken as tokenOf, launchBrowser, newVisitor, signIn } from './support/browser';

jest.setTimeout(180_000);

// Evaluated through the browser's protocol, which the page's CSP (script-src 'self') does not govern.
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  /** How many elements fail the rule. */
  count: number;
  /** The first few of them. */
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe on the page as it stands and returns its critical and serious findings. */
async function audit(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Finding[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      count: v.nodes.length,
      nodes: v.nodes.slice(0, 6).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
}

const count = (findings: Finding[], impact: string) => findings.filter((f) => f.impact === impact).reduce((n, f) => n + f.count, 0);
const describeFindings = (findings: Finding[]) =>
  findings
    .map(
      (f) =>
        `${f.impact} ${f.id} (${f.help}), ${f.count} elements:\n${f.nodes.map((n) => `  ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`).join('\n')}`,
    )
    .join('\n');

const pane = (page: Page) => page.locator('[data-testid="page-pane"][data-active]');

/** Sets the language before the page's script reads it, as a returning visitor's storage would. */
async function useLanguage(page: Page, lang: 'zh-CN' | 'en'): Promise<void> {
  await page.addInitScript((l) => {
    window.localStorage.setItem('language', l === 'en' ? 'en' : 'zh-cn');
    window.localStorage.setItem('Accept-Language', l);
  }, lang);
}

let browser: Browser;
let nodeLoan: string;
const seen: string[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await tokenOf('admin');
  const loans = await api<{ list: { id: string }[] }>(`/loans?companyName=${encodeURIComponent('上海新材科技发展有限公司')}`, admin);
  nodeLoan = loans.list[0].id;
});
afterAll(async () => {
  // The per-page counts, for the record of a run.
  console.log(`axe critical/serious per page:\n${seen.join('\n')}`);
  await browser?.close();
});

describe.each(['zh-CN', 'en'] as const)('axe-core finds nothing critical or serious (%s)', (lang) => {
  const pages: [string, (page: Page) => Promise<void>][] = [
    [
      'sign-in',
      async (page) => {
        await page.goto('/login');
        await page.locator('form button[type="submit"]').waitFor();
      },
    ],
    [
      'dashboard',
      async (page) => {
        await page.goto('/dashboard');
        await pane(page).getByTestId('dashboard-page').waitFor();
        await pane(page).getByTestId('dashboard-count').first().waitFor();
      },
    ],
    [
      'loan list',
      async (page) => {
        await page.goto('/company/loanList');
        await pane(page).getByTestId('loan-list-page').waitFor();
        await pane(page).getByTestId('loan-row').first().waitFor();
      },
    ],
    [
      'node page',
      async (page) => {
        await page.goto(`/company/node/${nodeLoan}`);
        await pane(page).getByTestId('loan-node-page').waitFor();
        await pane(page).getByTestId('node-timeline').waitFor();
      },
    ],
    [
      'statistics',
      async (page) => {
        await page.goto('/statistics/list');
        await pane(page).getByTestId('reconciliation').waitFor();
      },
    ],
    [
      'classification migration',
      async (page) => {
        await page.goto('/statistics/classificationMigration');
        await pane(page).getByTestId('migration-matrix').waitFor();
      },
    ],
  ];

  it.each(pages.map(([name, open]) => ({ name, open })))('$name', async ({ name, open }) => {
    const { page, context } = await newVisitor(browser);
    await useLanguage(page, lang);
    if (name !== 'sign-in') await signIn(page, 'admin');
    await open(page);
    // Late requests settle (the to-dos, the counts) before axe looks.
    await page.waitForLoadState('networkidle');
    const findings = await audit(page);
    seen.push(`${lang} ${name}: critical ${count(findings, 'critical')}, serious ${count(findings, 'serious')}`);
    if (name === 'dashboard') {
      // The dashboard keeps the space of its late cards: the layout barely shifts as they arrive.
      type Shift = PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      };
      const { shift, moved } = await page.evaluate(
        () =>
          new Promise<{ shift: number; moved: string[] }>((resolve) => {
            let total = 0;
            const moved: string[] = [];
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as Shift[]) {
                if (entry.hadRecentInput) continue;
                total += entry.value;
                for (const s of entry.sources) {
                  const el = s.node instanceof Element ? s.node : s.node?.parentElement;
                  moved.push(
                    `${entry.value.toFixed(3)} ${el?.getAttribute('data-testid') ?? el?.tagName}: y ${s.previousRect.y}->${s.currentRect.y}, h ${s.previousRect.height}->${s.currentRect.height}`,
                  );
                }
              }
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve({ shift: total, moved }), 200);
          }),
      );
      seen.push(`${lang} dashboard CLS ${shift.toFixed(3)}`);
      if (shift >= 0.1) throw new Error(`${lang} dashboard: layout shift ${shift.toFixed(3)}, expected under 0.1:\n${moved.join('\n')}`);
    }
    await context.close();
    if (findings.length) throw new Error(`${lang} ${name}:\n${describeFindings(findings)}`);
  });
});
