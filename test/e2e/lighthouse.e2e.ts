import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FRONTEND_DIST } from '../../apps/api/src/core/paths';
import { createUser, sessionCookie, signInBrowser } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app-harness';
import { launchBrowser, newContext, withPage } from '../support/browser';

const run = promisify(execFile);

/**
 * Lighthouse (mobile preset) on the built app: two visitor pages and one signed-in page, run by
 * scripts/lighthouse.mjs with Debian's Chromium. Accessibility and Best Practices must reach 95.
 * Served directly over HTTP/1.1 with the mobile preset exactly as it is (CPU 4×), Performance is
 * held at floors that catch a regression without failing on a slow or busy machine: Lighthouse
 * simulates a phone from the CPU time this machine measures. One build
 * scored 91–95 / 91–93 / 83–89 (/, /yearcompass, signed in) on one machine of ours and 73–77 /
 * 72–73 / 61–63 on a slower one; with each page painted once, in a transition, 86–90 / 83–87 /
 * 56–75 there. CI's load lowers single runs further (the best of three counts). The build before
 * the footer and first-load work scored 53–70 on the visitor pages.
 * docs/performance.md gives the scores and what stands between these pages and the goal of 90.
 */
const PERFORMANCE_FLOOR = Number(process.env.LIGHTHOUSE_MIN_PERFORMANCE ?? 70);
const SIGNED_IN_PERFORMANCE_FLOOR = Number(process.env.LIGHTHOUSE_MIN_SIGNED_IN_PERFORMANCE ?? 50);
/**
 * Over HTTP/2 (scripts/h2-front.mjs), as people reach Clari behind its TLS proxy in production,
 * with the simulated phone's CPU calibrated to this machine as Lighthouse's documentation advises
 * (scripts/lighthouse-calibration.mjs: the preset's 4× on a machine of the class it is made for,
 * less on a weaker or busier one, never more). The visitor pages are held at the 90. Since the
 * page names its route's chunks and first reads (core/web/route-preloads.ts) they scored 95–98,
 * 97–98 and 95–96 so measured (the signed-in page 85–93 before), 95–96 with a core kept half
 * busy as well (docs/performance.md).
 */
const H2_PERFORMANCE_FLOOR = Number(process.env.LIGHTHOUSE_MIN_H2_PERFORMANCE ?? 90);
/**
 * The signed-in page is held at 85 over HTTP/2: it reads the session, the top bar and its data before
 * it paints, and on a busy CI machine it scored 88–89 in the best of five runs (94–96 in this
 * test on a quiet one, docs/performance.md), so 90 would fail a build that changed nothing.
 */
const H2_SIGNED_IN_PERFORMANCE_FLOOR = Number(process.env.LIGHTHOUSE_MIN_H2_SIGNED_IN_PERFORMANCE ?? 85);
const QUALITY_FLOOR = 95;

describe('Lighthouse', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
  });
  afterAll(() => t?.close());

  it("names a page's chunks and first reads in the page, and the app takes them without asking again", async () => {
    const browser = await launchBrowser();
    try {
      const context = await newContext(browser, { baseUrl: t.baseUrl, language: 'en' });
      await signInBrowser(context, t, await createUser(t));
      const manifest = JSON.parse(readFileSync(join(FRONTEND_DIST, '.vite/manifest.json'), 'utf8')) as Record<
        string,
        { file: string }
      >;
      const areasChunk = `/${manifest['src/features/value-explorer/pages/AreasPage.tsx'].file}`;
      await withPage(context, 'route-preloads', async (page) => {
        const requests: string[] = [];
        page.on('request', (request) => requests.push(new URL(request.url()).pathname));
        const warnings: string[] = [];
        page.on('console', (message) => {
          if (/preload/i.test(message.text())) warnings.push(message.text());
        });
        const response = await page.goto('/valueexplorer/areas');
        const html = (await response?.text()) ?? '';
        expect(html).toContain(`<link rel="modulepreload" crossorigin href="${areasChunk}" />`);
        expect(html).toContain('<link rel="preload" href="/api/value-explorer/data" as="fetch" crossorigin />');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByTestId('area-card-family').waitFor();
        // Every file and read once: the page's links, which the app's own requests then took.
        const asked = requests.filter((path) => path.startsWith('/assets/') || path.startsWith('/api/'));
        expect(asked.filter((path, index) => asked.indexOf(path) !== index)).toEqual([]);
        expect(asked).toEqual(expect.arrayContaining([areasChunk, '/api/value-explorer/data']));
        // No link went unused ("preloaded but not used") and none was refused.
        expect(warnings).toEqual([]);
      });
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it('asks for the session once per page load, from the page itself (the preload the app then takes)', async () => {
    const browser = await launchBrowser();
    try {
      const context = await newContext(browser, { baseUrl: t.baseUrl, language: 'en' });
      await signInBrowser(context, t, await createUser(t));
      await withPage(context, 'session-preload', async (page) => {
        for (const path of ['/', '/valueexplorer/areas']) {
          const checks: string[] = [];
          page.on('request', (request) => {
            if (new URL(request.url()).pathname === '/api/auth/check') checks.push(request.resourceType());
          });
          const warnings: string[] = [];
          page.on('console', (message) => {
            if (/preload/i.test(message.text())) warnings.push(message.text());
          });
          await page.goto(path);
          await page.getByRole('navigation', { name: /main navigation/i }).waitFor();
          // One request: the page's preload (the app's own would be a 'fetch'), which the app took.
          expect(checks).toEqual(['other']);
          expect(warnings).toEqual([]);
          page.removeAllListeners('request');
          page.removeAllListeners('console');
        }
      });
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it('sends the page, its scripts and JSON answers compressed', async () => {
    const page = await fetch(`${t.baseUrl}/`, { headers: { Accept: 'text/html', 'Accept-Encoding': 'br, gzip' } });
    const html = await page.text();
    // Files under 1 KB go as they are: compressing them would not pay for the header.
    if (Buffer.byteLength(html) < 1024) expect(page.headers.get('content-encoding')).toBeNull();
    else expect(page.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const res = await fetch(`${t.baseUrl}${script}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
      const size = (await res.arrayBuffer()).byteLength;
      expect([script, res.headers.get('content-encoding'), res.headers.get('vary')]).toEqual([
        script,
        size < 1024 ? null : 'br',
        'Accept-Encoding',
      ]);
      expect(res.headers.get('cache-control')).toContain('immutable');
    }
    const json = await fetch(`${t.baseUrl}/api/docs-json`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    await json.arrayBuffer();
    expect(json.headers.get('content-encoding')).toBe('br');
  });

  /** Runs scripts/lighthouse.mjs on the three pages; fails below the floors given. */
  async function measure(options: {
    h2: boolean;
    calibrateCpu: boolean;
    performance: number;
    signedInPerformance: number;
  }) {
    const user = await createUser(t, { fullName: 'Lighthouse Reader' });
    const login = await t
      .agent()
      .post('/api/auth/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    const save = process.env.LIGHTHOUSE_SAVE;
    const args = [
      join(__dirname, '../../scripts/lighthouse.mjs'),
      '--base',
      t.baseUrl,
      '--cookie',
      sessionCookie(login)!,
      '--page',
      '/',
      '--page',
      '/yearcompass',
      '--signed-in-page',
      '/valueexplorer/areas',
      '--performance',
      String(options.performance),
      '--signed-in-performance',
      String(options.signedInPerformance),
      '--accessibility',
      String(QUALITY_FLOOR),
      '--best-practices',
      String(QUALITY_FLOOR),
      ...(options.h2 ? ['--h2'] : []),
      // More runs where a page must reach 90: a run the machine slowed gets another chance.
      ...(options.calibrateCpu ? ['--calibrate-cpu', '--runs', '5'] : []),
      // LIGHTHOUSE_SAVE=<dir> keeps the reports, to see what a score is made of.
      ...(save ? ['--save', join(save, options.h2 ? 'h2' : 'http1')] : []),
    ];
    const { stdout, exitCode } = await run(process.execPath, args, {
      maxBuffer: 10 * 1024 * 1024,
      // Up to five runs of three pages where the CPU is calibrated (each audited twice), three otherwise.
      timeout: options.calibrateCpu ? 1_200_000 : 600_000,
    }).then(
      ({ stdout }) => ({ stdout, exitCode: 0 }),
      (error: { stdout?: string; stderr?: string; code?: number }) => ({
        stdout: `${error.stdout ?? ''}${error.stderr ?? ''}`,
        exitCode: error.code ?? 1,
      }),
    );
    const lines = stdout.trim().split('\n');
    process.stdout.write(`${lines.filter((line) => line.startsWith('lighthouse ')).join('\n')}\n`);
    const last = lines[lines.length - 1] ?? '';
    if (!last.startsWith('{')) throw new Error(`Lighthouse ended without its summary (exit ${exitCode}):\n${stdout}`);
    const summary = JSON.parse(last) as {
      results: { path: string; finalPath: string; protocol: string; cpuSlowdown: number }[];
    };
    // The signed-in page was measured signed in, not after a redirect to the login page.
    expect(summary.results.map((result) => result.finalPath)).toEqual(['/', '/yearcompass', '/valueexplorer/areas']);
    expect(new Set(summary.results.map((result) => result.protocol))).toEqual(
      new Set([options.h2 ? 'h2' : 'http/1.1']),
    );
    // The preset's 4× unless calibrated, and a calibration never simulates a faster phone than it.
    for (const { cpuSlowdown } of summary.results) {
      if (options.calibrateCpu) expect(cpuSlowdown >= 1 && cpuSlowdown <= 4).toBe(true);
      else expect(cpuSlowdown).toBe(4);
    }
    expect(exitCode).toBe(0);
  }

  it(`scores at least ${QUALITY_FLOOR} for Accessibility and Best Practices and ${PERFORMANCE_FLOOR} for Performance on / and /yearcompass (${SIGNED_IN_PERFORMANCE_FLOOR} on /valueexplorer/areas), served directly over HTTP/1.1`, async () => {
    await measure({
      h2: false,
      calibrateCpu: false,
      performance: PERFORMANCE_FLOOR,
      signedInPerformance: SIGNED_IN_PERFORMANCE_FLOOR,
    });
  }, 900_000);

  it(`scores at least ${H2_PERFORMANCE_FLOOR} for Performance on / and /yearcompass (${H2_SIGNED_IN_PERFORMANCE_FLOOR} on /valueexplorer/areas) over HTTP/2, as behind the TLS proxy of production, the phone's CPU calibrated to this machine`, async () => {
    await measure({
      h2: true,
      calibrateCpu: true,
      performance: H2_PERFORMANCE_FLOOR,
      signedInPerformance: H2_SIGNED_IN_PERFORMANCE_FLOOR,
    });
  }, 1_500_000);
});
