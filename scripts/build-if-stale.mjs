// Builds the API and/or the web app when the output is missing or older than its sources.
// Used by `npm start` and by the browser tests. Usage: node scripts/build-if-stale.mjs [api] [web]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules') visit(path.join(p, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.map((p) => path.join(root, p)).forEach(visit);
  return latest;
}

function stale(output, sources) {
  const file = path.join(root, output);
  return !existsSync(file) || statSync(file).mtimeMs < newest(sources);
}

function run(script, summary) {
  // Always a production build, even when called from a test runner that sets NODE_ENV=test
  // (which would otherwise give React's development bundle). BUILD_OUTPUT=summary asks the
  // build steps for warnings, errors and one line about the bundle only.
  const env = { ...process.env, NODE_ENV: 'production', ...(summary ? { BUILD_OUTPUT: 'summary' } : {}) };
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit', cwd: root, env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = ['libs', 'locales', 'package.json'];
const TARGETS = {
  api: { output: 'dist/apps/api/src/main.js', sources: ['apps', 'migrations', 'tsconfig.json', ...shared], script: 'build:api', label: 'the API' },
  web: { output: 'dist/frontend/index.html', sources: ['frontend/src', 'frontend/index.html', 'frontend/public', 'frontend/vite.config.mts', ...shared], script: 'build:web', label: 'the web app' },
};

/** options.summary: print only what `npm start` needs to show (see run()). */
export function buildIfStale(names, options = {}) {
  for (const name of names) {
    const target = TARGETS[name];
    if (stale(target.output, target.sources)) {
      console.log(`Building ${target.label}…`);
      run(target.script, options.summary === true);
      // tsc's incremental build leaves unchanged outputs untouched: without this, a change that
      // alters no output (package.json, a comment) would rebuild on every start.
      const now = new Date();
      utimesSync(path.join(root, target.output), now, now);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  buildIfStale(names.length ? names : ['api', 'web']);
}
