import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { stopTestServices } from './test-services';

export default async function globalTeardown(): Promise<void> {
  const services = globalThis.__CLARI_TEST_SERVICES__;
  if (services) await stopTestServices(services);
  reportContract(process.env.TEST_CONTRACT_DIR);
}

/** One line with how many answers were checked against docs/openapi.json (and any problems of a report-only run). */
function reportContract(folder: string | undefined): void {
  if (!folder || !existsSync(folder)) return;
  let checked = 0;
  let skipped = 0;
  let files = 0;
  const problems: string[] = [];
  for (const name of readdirSync(folder)) {
    const figures = JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as {
      file: string;
      checked: number;
      skipped: number;
      problems: string[];
    };
    files++;
    checked += figures.checked;
    skipped += figures.skipped;
    problems.push(...figures.problems.map((problem) => `${figures.file}: ${problem}`));
  }
  rmSync(folder, { recursive: true, force: true });
  // The browser tier shares this teardown but checks no answers.
  if (!files) return;
  console.log(
    `\n[integration] OpenAPI contract: ${checked} answers from ${files} test files checked against docs/openapi.json (${skipped} more were not API answers: SPA pages and files, Swagger UI, or a fault a test injects).`,
  );
  if (problems.length)
    console.log(`[integration] ${problems.length} answers do not match the document:\n- ${problems.join('\n- ')}`);
}
