// Watches the pages of one scenario: native dialogs, console errors, and a screenshot per step.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { slug } from './paths';

export interface Dialog {
  readonly type: string;
  readonly message: string;
}

interface Watched {
  readonly label: string;
  readonly dialogs: Dialog[];
  readonly errors: string[];
}

export class Recorder {
  private stepNo = 0;
  private readonly watched = new Map<Page, Watched>();
  readonly log: string[] = [];

  constructor(
    readonly dir: string,
    context: BrowserContext,
  ) {
    mkdirSync(dir, { recursive: true });
    context.on('page', (page) => this.watch(page));
    for (const page of context.pages()) this.watch(page);
  }

  private watch(page: Page): void {
    if (this.watched.has(page)) return;
    const entry: Watched = {
      label: this.watched.size === 0 ? '' : `-tab${this.watched.size + 1}`,
      dialogs: [],
      errors: [],
    };
    this.watched.set(page, entry);
    // A native alert is accepted at once (a person clicks OK) and kept for the assertions.
    page.on('dialog', (dialog) => {
      entry.dialogs.push({ type: dialog.type(), message: dialog.message() });
      this.log.push(`dialog ${dialog.type()}: ${dialog.message()}`);
      dialog.accept().catch(() => undefined);
    });
    page.on('response', (res) => {
      if (res.status() >= 400) entry.errors.push(`HTTP ${res.status()} ${res.request().method()} ${res.url()}`);
    });
    page.on('pageerror', (error) => entry.errors.push(`pageerror: ${error.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') entry.errors.push(`console: ${msg.text()}`);
    });
  }

  /** Native dialogs this page has shown so far. */
  dialogs(page: Page): readonly Dialog[] {
    return this.watched.get(page)?.dialogs ?? [];
  }

  /** Screenshot of every open page after a step. */
  async snapshot(step: string): Promise<void> {
    this.stepNo += 1;
    const base = `${String(this.stepNo).padStart(2, '0')}-${slug(step)}`;
    for (const [page, { label }] of this.watched) {
      if (page.isClosed()) continue;
      await page.screenshot({ path: path.join(this.dir, `${base}${label}.png`), fullPage: true, timeout: 10_000 });
    }
  }

  /** Uncaught exceptions and Content-Security-Policy violations: the page is broken, whatever it shows. */
  faults(): string[] {
    return [...this.watched.values()].flatMap(({ errors }) =>
      errors.filter((e) => e.startsWith('pageerror:') || e.includes('Content Security Policy')),
    );
  }

  /** Browser errors of all tabs (kept in errors.txt); failed requests show up here too. */
  saveErrors(): number {
    const lines = [...this.watched.values()].flatMap(({ label, errors }) =>
      errors.map((e) => `${label || 'tab1'} ${e}`),
    );
    if (lines.length > 0) writeFileSync(path.join(this.dir, 'errors.txt'), lines.join('\n') + '\n');
    return lines.length;
  }

  /** On failure: a screenshot, the visible text, the dialogs and the errors of every open page. */
  async saveFailure(error: unknown): Promise<string[]> {
    const saved: string[] = [];
    writeFileSync(
      path.join(this.dir, 'FAILED-error.txt'),
      `${(error as Error)?.stack ?? String(error)}\n\n${this.log.join('\n')}\n`,
    );
    for (const [page, { label, dialogs, errors }] of this.watched) {
      if (page.isClosed()) continue;
      const png = path.join(this.dir, `FAILED${label}.png`);
      const txt = path.join(this.dir, `FAILED${label}.txt`);
      await page.screenshot({ path: png, fullPage: true, timeout: 5_000 }).catch(() => undefined);
      const text = await page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch((e: Error) => `(no text: ${e.message})`);
      writeFileSync(
        txt,
        [
          `URL: ${page.url()}`,
          '',
          '--- page text ---',
          text,
          '',
          '--- native dialogs ---',
          ...dialogs.map((d) => `${d.type}: ${d.message}`),
          '',
          '--- browser errors ---',
          ...errors,
        ].join('\n') + '\n',
      );
      saved.push(png, txt);
    }
    return saved;
  }
}
