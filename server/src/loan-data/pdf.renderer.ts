import { HttpStatus, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import * as fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { AppError, CODES } from '../common/errors';

/** Debian's Chromium (never a downloaded browser); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Renders at once; more wait their turn (Chromium is heavy on a small machine). */
const MAX_PARALLEL = 2;

/**
 * Prints a self-contained HTML document to an A4 PDF with Chromium. One browser is started on the
 * first request and kept (a render takes a fresh context: nothing is shared between documents); it is
 * started again if it dies, and closed with the application.
 */
@Injectable()
export class PdfRenderer implements OnModuleDestroy {
  private readonly logger = new Logger(PdfRenderer.name);
  private browser: Promise<Browser> | null = null;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  available(): boolean {
    return fs.existsSync(CHROMIUM_PATH);
  }

  private launch(): Promise<Browser> {
    if (!this.browser) {
      this.browser = chromium.launch({ executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS }).then(
        (browser) => {
          browser.on('disconnected', () => {
            this.browser = null;
          });
          return browser;
        },
        (error: unknown) => {
          this.browser = null;
          throw error;
        },
      );
    }
    return this.browser;
  }

  private async slot<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= MAX_PARALLEL) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /** The PDF of `html`, with page numbers in the footer; 503 when Chromium is not installed. */
  async render(html: string, footerLabel: string): Promise<Buffer> {
    if (!this.available()) {
      throw new AppError(HttpStatus.SERVICE_UNAVAILABLE, CODES.pdfUnavailable, 'pdfUnavailable', {}, { chromium: CHROMIUM_PATH }, 'PdfUnavailable');
    }
    return this.slot(async () => {
      const browser = await this.launch();
      const context = await browser.newContext({ javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        // The document is self-contained: nothing may be fetched while it renders.
        await page.route('**/*', (route) => route.abort());
        await page.setContent(html, { waitUntil: 'load', timeout: 30_000 });
        const footer = `<div style="width:100%;font-size:8px;color:#868e96;text-align:center;font-family:'Noto Sans CJK SC',sans-serif">${footerLabel} · <span class="pageNumber"></span> / <span class="totalPages"></span></div>`;
        const pdf = await page.pdf({
          format: 'A4',
          printBackground: true,
          preferCSSPageSize: true,
          displayHeaderFooter: true,
          headerTemplate: '<span></span>',
          footerTemplate: footer,
        });
        return Buffer.from(pdf);
      } finally {
        await context.close().catch(() => undefined);
      }
    });
  }

  async onModuleDestroy(): Promise<void> {
    const pending = this.browser;
    this.browser = null;
    if (!pending) return;
    try {
      await (await pending).close();
    } catch (error) {
      this.logger.warn(`closing Chromium: ${String(error)}`);
    }
  }
}
