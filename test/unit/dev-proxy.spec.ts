import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';

const repo = path.resolve(__dirname, '../..');

/** The dev proxy's prefixes, read from the ES module in a child process (jest runs CommonJS here). */
async function proxied(): Promise<{ prefixes: string[]; target: string; page: unknown; data: unknown }> {
  const script = `import('./scripts/dev-proxy.mjs').then((m) => {
    const proxy = m.devProxy({ PORT: '4321' });
    const reflect = proxy['/reflect'];
    console.log(JSON.stringify({
      prefixes: Object.keys(proxy),
      target: reflect.target,
      page: reflect.bypass({ url: '/reflect', headers: { accept: 'text/html,application/xhtml+xml' } }) ?? null,
      data: reflect.bypass({ url: '/reflect/reflections', headers: { accept: 'application/json' } }) ?? null,
    }));
  });`;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], { cwd: repo });
  return JSON.parse(stdout) as { prefixes: string[]; target: string; page: unknown; data: unknown };
}

describe('the Vite dev proxy', () => {
  it('sends every path prefix of the API document to the API, on its configured port', async () => {
    const document = JSON.parse(readFileSync(path.join(repo, 'docs/openapi.json'), 'utf8')) as {
      paths: Record<string, unknown>;
    };
    const prefixes = [...new Set(Object.keys(document.paths).map((route) => `/${route.split('/')[1]}`))].sort();
    const proxy = await proxied();
    expect(proxy.prefixes.sort()).toEqual(prefixes);
    expect(proxy.target).toBe('http://localhost:4321');
  });

  it('leaves a page load of a prefix the SPA shares to Vite, and sends a fetch to the API', async () => {
    const proxy = await proxied();
    expect(proxy.page).toBe('/reflect');
    expect(proxy.data).toBeNull();
  });
});
