import { mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = path.resolve(__dirname, '../e2e/artifacts');
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Flags that keep Chromium quiet on a machine without internet. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

export interface PageOptions {
  baseUrl: string;
  /** Sets the visitor's stored language before the app loads. */
  language?: 'en' | 'sv';
}

export async function newContext(browser: Browser, { baseUrl, language }: PageOptions): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 900 },
    locale: language === 'sv' ? 'sv-SE' : 'en-GB',
  });
  if (language) {
    await context.addInitScript((lang) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
    }, language);
  }
  return context;
}

/**
 * Runs a browser test body; on failure a full-page screenshot is kept in
 * test/e2e/artifacts/<name>.png, then the error is rethrown.
 */
export async function withPage(
  context: BrowserContext,
  name: string,
  body: (page: Page) => Promise<void>,
): Promise<void> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await body(page);
    if (errors.length) throw new Error(`Uncaught errors in the page: ${errors.join('; ')}`);
  } catch (error) {
    mkdirSync(ARTIFACTS, { recursive: true });
    await page
      .screenshot({ path: path.join(ARTIFACTS, `${name.replace(/[^\w-]+/g, '_')}.png`), fullPage: true })
      .catch(() => undefined);
    throw error;
  } finally {
    await page.close();
  }
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * Waits for running CSS transitions and finite animations (a button fading from disabled, a
 * dialog fading in): axe measures colours as they are at that moment, so a half-faded button
 * would fail the contrast rule. Spinners (infinite) are not waited for; 2 s at the most.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    await Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
}

/**
 * Runs axe-core in the page and fails on serious or critical violations. Evaluated through
 * the DevTools protocol, so the page's strict CSP (no inline scripts) stays on.
 */
export async function expectAccessible(page: Page): Promise<void> {
  // A tooltip left open by the last click is fading; move the pointer away and let it go.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(150);
  await settleAnimations(page);
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, summary: n.failureSummary ?? '' })),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length) {
    const report = serious
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} (${n.summary.replace(/\s+/g, ' ')})`).join(', ')}`,
      )
      .join('\n');
    throw new Error(`Accessibility violations on ${page.url()}:\n${report}`);
  }
}

/** Waits until a MUI dialog is open and has faded in. */
export async function dialogShown(page: Page): Promise<void> {
  await page.getByRole('dialog').waitFor();
  await page.waitForFunction(
    () => getComputedStyle(document.querySelector('.MuiDialog-container') as Element).opacity === '1',
  );
}
