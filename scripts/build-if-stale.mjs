// Builds the API and/or the web app when the output is missing or older than its sources.
// Used by `npm start` and by the browser tests. Usage: node scripts/build-if-stale.mjs [api] [web]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

function run(script) {
  // Always a production build, even when called from a test runner that sets NODE_ENV=test
  // (which would otherwise give React's development bundle).
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit', cwd: root, env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = ['libs', 'locales', 'package.json'];
const TARGETS = {
  api: { output: 'dist/apps/api/src/main.js', sources: ['apps', 'migrations', 'tsconfig.json', ...shared], script: 'build:api', label: 'the API' },
  web: { output: 'dist/frontend/index.html', sources: ['frontend/src', 'frontend/index.html', 'frontend/public', 'frontend/vite.config.ts', ...shared], script: 'build:web', label: 'the web app' },
};

export function buildIfStale(names) {
  for (const name of names) {
    const target = TARGETS[name];
    if (stale(target.output, target.sources)) {
      console.log(`Building ${target.label}…`);
      run(target.script);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  buildIfStale(names.length ? names : ['api', 'web']);
}
