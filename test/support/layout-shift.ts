import type { BrowserContext, Page, Route } from 'playwright-core';

/** One layout shift the page recorded: its score and what moved (tag, test id or text). */
export interface RecordedShift {
  value: number;
  moved: string[];
}

/**
 * Records the page's layout shifts from its first paint (a PerformanceObserver installed before
 * the app's code runs). Shifts right after input do not count, as in the CLS metric.
 */
export async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
    type ShiftEntry = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node | null }[];
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as ShiftEntry[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(({ node }) => {
          if (!(node instanceof Element)) return node?.nodeName ?? '?';
          const id = node.getAttribute('data-testid');
          return `${node.tagName.toLowerCase()}${id ? `[${id}]` : ''} “${(node.textContent ?? '').slice(0, 40)}”`;
        });
        shifts.push({ value: entry.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts recorded so far, after two frames (so that the last render has been laid out). */
export async function layoutShifts(page: Page): Promise<RecordedShift[]> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return (window as unknown as { __layoutShifts: RecordedShift[] }).__layoutShifts;
  });
}

/** The sum of the scores: the page's cumulative layout shift. */
export const totalShift = (shifts: RecordedShift[]): number => shifts.reduce((sum, shift) => sum + shift.value, 0);

/**
 * Holds back the answers to requests matching `pattern` until `release()` is called, so a test
 * can look at the page while that part is still on its way, whatever the machine's speed.
 */
export async function holdRequests(
  context: BrowserContext,
  pattern: RegExp,
): Promise<{ release: () => void; held: () => number }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let count = 0;
  await context.route(pattern, async (route: Route) => {
    count++;
    await gate;
    await route.continue();
  });
  return { release, held: () => count };
}
