import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';

/** The repository's root, where ESLint finds eslint.config.mjs. */
export const REPO_ROOT = path.resolve(__dirname, '../..');

/** A small source placed (in memory) at a path of the tree, as ESLint would find it there. */
export interface LintFixture {
  filePath: string;
  code: string;
}

const LINT_SCRIPT = `
const { ESLint } = require('eslint');
const [fixtures, ruleId] = [JSON.parse(process.argv[1]), process.argv[2]];
(async () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const found = [];
  for (const fixture of fixtures) {
    const [result] = await eslint.lintText(fixture.code, { filePath: fixture.filePath });
    found.push(result.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message));
  }
  process.stdout.write(JSON.stringify(found));
})().catch((error) => { console.error(error); process.exit(1); });
`;

/**
 * The messages of one rule for each fixture, through ESLint's own API. ESLint runs in a child
 * process because it loads its ES-module configuration with import(), which jest's module
 * sandbox does not offer.
 */
export async function ruleMessages(fixtures: LintFixture[], ruleId: string): Promise<string[][]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['-e', LINT_SCRIPT, JSON.stringify(fixtures), ruleId],
    { cwd: REPO_ROOT, maxBuffer: 10 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as string[][];
}
