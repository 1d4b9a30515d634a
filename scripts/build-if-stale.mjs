// Builds the API and/or the web app when the output is missing or older than its sources.
// Used by `npm start` and by the browser tests. Usage: node scripts/build-if-stale.mjs [api] [web]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transpileApi } from './transpile-api.mjs';

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

function buildEnv(summary) {
  // Always a production build, even when called from a test runner that sets NODE_ENV=test
  // (which would otherwise give React's development bundle). BUILD_OUTPUT=summary asks the
  // build steps for warnings, errors and one line about the bundle only.
  return { ...process.env, NODE_ENV: 'production', ...(summary ? { BUILD_OUTPUT: 'summary' } : {}) };
}

function run(script, summary) {
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit', cwd: root, env: buildEnv(summary) });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function runAsync(command, args, summary) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, env: buildEnv(summary) });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${[command, ...args].join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** tsc's incremental build leaves unchanged outputs untouched: a change that alters no output (package.json, a comment) would otherwise rebuild on every start. */
function markBuilt(target) {
  const now = new Date();
  utimesSync(path.join(root, target.output), now, now);
}

const shared = ['libs', 'locales', 'package.json'];
const TARGETS = {
  api: {
    output: 'dist/apps/api/src/main.js',
    sources: ['apps', 'migrations', 'tsconfig.json', ...shared],
    script: 'build:api',
    label: 'the API',
  },
  web: {
    // Written after Vite's build (the route table the server reads), so a build stopped between them is redone.
    output: 'dist/frontend/.vite/route-preloads.json',
    sources: [
      'frontend/src',
      'frontend/index.html',
      'frontend/public',
      'frontend/vite.config.mts',
      'scripts/route-preloads.mjs',
      ...shared,
    ],
    script: 'build:web',
    label: 'the web app',
  },
};

/** options.summary: print only what `npm start` needs to show (see run()). */
export function buildIfStale(names, options = {}) {
  for (const name of names) {
    const target = TARGETS[name];
    if (stale(target.output, target.sources)) {
      console.log(`Building ${target.label}…`);
      run(target.script, options.summary === true);
      markBuilt(target);
    }
  }
}

/**
 * `npm start`'s build: the stale targets at the same time, each a promise (undefined when up
 * to date). The API is transpiled without type checking (scripts/transpile-api.mjs: seconds
 * instead of tsc's 10–20; CI and `npm run build:api` check the types).
 */
export function buildStaleConcurrently(names, options = {}) {
  const summary = options.summary === true;
  return Object.fromEntries(
    names.map((name) => {
      const target = TARGETS[name];
      if (!stale(target.output, target.sources)) return [name, undefined];
      console.log(`Building ${target.label}…`);
      const build =
        name === 'api'
          ? transpileApi().then(() =>
              runAsync(process.execPath, [path.join(root, 'scripts/rewrite-aliases.mjs')], summary),
            )
          : runAsync('npm', ['run', '--silent', target.script], summary);
      return [name, build.then(() => markBuilt(target))];
    }),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  buildIfStale(names.length ? names : ['api', 'web']);
}
