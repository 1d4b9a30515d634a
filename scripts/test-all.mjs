// npm test: the unit, integration and browser tiers, each run even when an earlier one
// fails (so one failure never hides another), then a summary and a failing exit if any failed.
import { spawnSync } from 'node:child_process';

const tiers = ['test:unit', 'test:integration', 'test:e2e'];
const results = tiers.map((script) => {
  const run = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  return { script, ok: run.status === 0 };
});
console.log(`\n${results.map(({ script, ok }) => `${ok ? 'passed' : 'FAILED'}  npm run ${script}`).join('\n')}`);
process.exit(results.every(({ ok }) => ok) ? 0 : 1);
