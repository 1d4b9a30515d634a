import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import globalSetup from './global-setup';

/** Browser tests need the built SPA; build it when missing or older than its sources. */
export default async function e2eGlobalSetup(): Promise<void> {
  execFileSync(process.execPath, [path.resolve(__dirname, '../../scripts/build-if-stale.mjs'), 'web'], {
    stdio: 'inherit',
  });
  await globalSetup();
}
