import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { contractLog, enableContractCheck, takeContractProblems } from './openapi-contract';

/**
 * Integration tier: every answer of the apps a test file starts is checked against
 * docs/openapi.json (test/support/openapi-contract.ts). A test whose answers broke the
 * document fails after it ran, naming each answer; the figures go to the run's folder for
 * the summary at the end (global-teardown.ts). TEST_CONTRACT_MODE=report records the
 * problems there instead of failing, to see them all at once.
 */
enableContractCheck();
const reportOnly = process.env.TEST_CONTRACT_MODE === 'report';
const reported: string[] = [];

afterEach(() => {
  const problems = takeContractProblems();
  if (!problems.length) return;
  if (reportOnly) {
    reported.push(...problems.map((problem) => `${expect.getState().currentTestName ?? '?'}: ${problem}`));
    return;
  }
  throw new Error(`The answers do not match docs/openapi.json:\n- ${problems.join('\n- ')}`);
});

afterAll(() => {
  // Answers sent after the last test (closing) still count.
  reported.push(...takeContractProblems().map((problem) => `(after the tests): ${problem}`));
  const folder = process.env.TEST_CONTRACT_DIR;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const file = path.relative(process.cwd(), expect.getState().testPath ?? 'unknown');
  const { checked, skipped } = contractLog();
  writeFileSync(
    path.join(folder, `${file.replace(/[^\w.-]+/g, '_')}.json`),
    JSON.stringify({ file, checked, skipped, problems: reported }),
  );
});
