import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';

const repo = path.resolve(__dirname, '../..');

describe('.env.example', () => {
  it('is what docs/configuration.md gives (node scripts/env-example.mjs after changing the table)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/env-example.mjs', '--check'], {
      cwd: repo,
    });
    expect(stdout).toContain('matches');
  });

  it('lists every variable the configuration reads', () => {
    const example = readFileSync(path.join(repo, '.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^# ([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
    const source = ['app-config.ts', 'helplines.ts']
      .map((file) => readFileSync(path.join(repo, 'apps/api/src/core/config', file), 'utf8'))
      .join('\n');
    const read = [...source.matchAll(/\(env, '([A-Z][A-Z0-9_]*)'/g)].map((match) => match[1]);
    // Per-task OpenAI settings are read by their middle part ('CHAT' → OPENAI_CHAT_BASE_URL).
    const missing = read.filter((name) => !listed.has(name) && !listed.has(`OPENAI_${name}_BASE_URL`));
    expect(read.length).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });
});
