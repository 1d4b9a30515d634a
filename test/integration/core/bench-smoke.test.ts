import { spawn } from 'node:child_process';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../..');

/** Runs `npm run bench -- --smoke` against this run's PostgreSQL server; its output and exit code. */
function runSmoke(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // The bench creates (and drops) a database of its own on the server of this run's database.
    const child = spawn(process.execPath, ['scripts/bench/bench.mjs', '--smoke'], {
      cwd: root,
      env: { ...process.env, BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

// Only that the benchmark still works end to end: no figure is asserted (CI machines vary).
describe('npm run bench (smoke)', () => {
  it('starts the app and the bare server, measures every route on both and prints the table', async () => {
    const { code, output } = await runSmoke();
    expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });
    expect(output).toContain('| route | Clari req/s | bare req/s | ratio |');
    for (const route of [
      'Value Explorer read',
      'Value Explorer write',
      'Reflect list, first page (of 300)',
      'Year Compass section',
      'Chat turn (offline provider)',
    ]) {
      expect(output).toMatch(new RegExp(`^\\| ${route.replace(/[()]/g, '\\$&')} \\| [\\d,]+ `, 'm'));
    }
    expect(output).not.toContain('Written to');
  }, 300_000);
});
