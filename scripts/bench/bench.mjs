// npm run bench: the built app against a bare node:http + pg server doing the same work, on
// the same freshly seeded database, with autocannon, interleaved; with --write the table goes
// into docs/performance.md (a plain run only prints it). Not a timed test: CI runs
// `npm run bench -- --smoke` (short runs, one round, nothing written) only to prove it still works.
//
//   npm run bench [-- --smoke] [--rounds 3] [--duration 10] [--connections 50]
//                 [--only read,write,...] [--write] [--profile <dir>] [--app <folder>]
//
// --profile writes CPU profiles of the app and the bare server to <dir>/app and <dir>/bare; --app measures the build in another
// folder (its dist/), e.g. a copy with one middleware taken out.
//
// PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else the local server on 127.0.0.1:5432;
// a database of its own is created there and dropped at the end.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from './free-port.mjs';
import { buildIfStale } from '../build-if-stale.mjs';
import {
  BENCH_EMAIL,
  BENCH_PASSWORD,
  createUser,
  seedReflections,
  seedYearCompass,
  valueExplorerData,
} from './seed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const { Client } = require('pg');

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    only: { type: 'string' },
    write: { type: 'boolean', default: false },
    profile: { type: 'string' },
    app: { type: 'string' },
  },
});
const smoke = args.smoke;
const settings = {
  rounds: Number(args.rounds ?? (smoke ? 1 : 3)),
  duration: Number(args.duration ?? (smoke ? 1 : 10)),
  connections: Number(args.connections ?? (smoke ? 4 : 50)),
  warmup: smoke ? 0 : 2,
};
// The tracked doc changes only when asked: a plain run on a busy laptop must not rewrite it.
const writeDoc = !smoke && args.write;

const CHAT_BODY = {
  message: 'Honesty matters to me, and time with my family.',
  conversationDomain: 'valueexplorer_lifearea',
  conversationData: { area: { id: 'family' } },
};
const WRITE = {
  key: 'write',
  name: 'Value Explorer write',
  method: 'PUT',
  path: '/api/value-explorer/data',
  body: JSON.stringify(valueExplorerData()),
};
const ROUTES = [
  { key: 'read', name: 'Value Explorer read', method: 'GET', path: '/api/value-explorer/data' },
  {
    key: 'read1',
    name: 'Value Explorer read, 1 connection',
    method: 'GET',
    path: '/api/value-explorer/data',
    connections: 1,
  },
  WRITE,
  { key: 'reflections', name: 'Reflect list, first page (of 300)', method: 'GET', path: '/reflect/reflections' },
  { key: 'section', name: 'Year Compass section', method: 'GET', path: '/api/yearcompass/section/2' },
  {
    key: 'chat',
    name: 'Chat turn (offline provider)',
    method: 'POST',
    path: '/api/ai-assistant/chat',
    body: JSON.stringify(CHAT_BODY),
  },
].filter((route) => !args.only || args.only.split(',').includes(route.key));

const children = new Set();
let cleanup = async () => undefined;

function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function start(name, file, env, nodeArgs = [], cwd = root) {
  const child = spawn(process.execPath, [...nodeArgs, file], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.exited = new Promise((resolve) => child.once('exit', resolve));
  child.output = () => output;
  child.label = name;
  children.add(child);
  child.exited.then(() => children.delete(child));
  return child;
}

async function stop(child) {
  if (!children.has(child)) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await child.exited;
  clearTimeout(timer);
}

async function waitForHttp(child, url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  const started = Date.now();
  while (Date.now() < deadline) {
    if (!children.has(child)) throw new Error(`${child.label} exited while starting:\n${child.output()}`);
    try {
      await fetch(url);
      return Date.now() - started;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${child.label} did not answer at ${url} within ${timeoutMs / 1000} s:\n${child.output()}`);
}

function request(base, route, cookie, origin) {
  return fetch(base + route.path, {
    method: route.method,
    headers: { cookie, origin, ...(route.body ? { 'content-type': 'application/json' } : {}) },
    body: route.body,
  });
}

/** User + system CPU time of a process in ms (Linux); undefined where /proc is missing. */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** One autocannon run's figures, with the server's CPU time per answer (steadier than req/s on a shared machine). */
async function measure(base, route, cookie, origin, duration, pid) {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({
    url: base + route.path,
    method: route.method,
    headers: { cookie, origin, ...(route.body ? { 'content-type': 'application/json' } : {}) },
    body: route.body,
    connections: route.connections ?? settings.connections,
    duration,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytes: result.requests.total ? result.throughput.total / result.requests.total : 0,
    cpu: cpuBefore === undefined || !result.requests.total ? NaN : (cpuMs(pid) - cpuBefore) / result.requests.total,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const range = (runs, key, digits = 0) => {
  const values = runs.map((run) => run[key]);
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? fmt(low, digits) : `${fmt(low, digits)}–${fmt(high, digits)}`;
};

function table(results) {
  const lines = [
    '| route | Clari req/s | bare req/s | ratio | Clari p50 / p99 ms | bare p50 / p99 ms | p99 ratio | CPU ms per answer (Clari / bare) | bytes per answer (Clari / bare) | not 2xx (Clari / bare) |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { route, app, bare } of results) {
    const appRps = median(app.map((r) => r.rps));
    const bareRps = median(bare.map((r) => r.rps));
    const appP99 = median(app.map((r) => r.p99));
    const bareP99 = median(bare.map((r) => r.p99));
    const sum = (runs, key) => runs.reduce((total, run) => total + run[key], 0);
    lines.push(
      `| ${route.name} | ${fmt(appRps)} (${range(app, 'rps')}) | ${fmt(bareRps)} (${range(bare, 'rps')}) | ${fmt(appRps / bareRps, 2)}× | ${fmt(median(app.map((r) => r.p50)))} / ${fmt(appP99)} | ${fmt(median(bare.map((r) => r.p50)))} / ${fmt(bareP99)} | ${fmt(appP99 / Math.max(bareP99, 1), 2)}× | ${fmt(median(app.map((r) => r.cpu)), 2)} / ${fmt(median(bare.map((r) => r.cpu)), 2)} | ${fmt(median(app.map((r) => r.bytes)))} / ${fmt(median(bare.map((r) => r.bytes)))} | ${fmt(sum(app, 'non2xx') + sum(app, 'errors'))} / ${fmt(sum(bare, 'non2xx') + sum(bare, 'errors'))} |`,
    );
  }
  return lines.join('\n');
}

async function machine(adminUrl) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  const { rows } = await client.query('SHOW server_version');
  await client.end();
  const cpus = os.cpus();
  return {
    cpu: `${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores`,
    node: process.version,
    postgres: `PostgreSQL ${rows[0].server_version}`,
    memory: `${fmt(os.totalmem() / 2 ** 30, 1)} GiB`,
    load: os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
  };
}

function writeReport(report) {
  const file = path.join(root, 'docs/performance.md');
  const begin = '<!-- bench:latest -->';
  const end = '<!-- /bench:latest -->';
  const block = `${begin}\n${report}\n${end}`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : `# Performance\n\n${begin}\n${end}\n`;
  const at = current.indexOf(begin);
  const until = current.indexOf(end);
  const next =
    at >= 0 && until > at
      ? current.slice(0, at) + block + current.slice(until + end.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
  console.log(`\nWritten to ${path.relative(root, file)}`);
}

async function main() {
  buildIfStale(['api']);
  const serverUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const adminUrl = withDatabase(serverUrl, 'postgres');
  const database = `clari_bench_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  const databaseUrl = withDatabase(serverUrl, database);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clari-bench-'));
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  let cleaned;
  cleanup = () =>
    (cleaned ??= (async () => {
      for (const child of [...children]) await stop(child);
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    })());

  const about = await machine(adminUrl);
  const [appPort, barePort] = [await freePort(), await freePort()];
  const secret = randomBytes(32).toString('hex');
  const origin = `http://127.0.0.1:${appPort}`;
  const base = { ...process.env };
  for (const name of Object.keys(base)) if (/^(OPENAI_|REDIS_URL|SMTP_URL|AI_)/.test(name)) delete base[name];
  const appEnv = {
    ...base,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: String(appPort),
    PUBLIC_URL: origin,
    SESSION_SECRET: secret,
    DATA_DIR: dataDir,
    // Plain HTTP on the loopback: a Secure cookie would never be set (see docs/performance.md).
    COOKIE_SECURE: 'false',
    // Per-user limits (30 chat messages per 5 minutes) would answer 429 within a second of load.
    RATE_LIMIT_SCALE: '1000',
  };
  const profileArgs = (side) =>
    args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile, side)}`] : [];
  const appRoot = path.resolve(args.app ?? root);
  const app = start('Clari', path.join(appRoot, 'dist/apps/api/src/main.js'), appEnv, profileArgs('app'), appRoot);
  const appStart = await waitForHttp(app, `${origin}/api/config`);
  const appBase = origin;

  // Seed: the user by SQL, the Value Explorer through the API (its validation), the bulk by SQL.
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const userId = await createUser(client);
  const login = await fetch(`${appBase}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  const setCookie = login.headers.getSetCookie().find((c) => c.startsWith('clari.sid='));
  if (login.status !== 200 || !setCookie) throw new Error(`Login failed: ${login.status} ${await login.text()}`);
  const cookie = setCookie.split(';')[0];
  const saved = await request(appBase, WRITE, cookie, origin);
  if (saved.status !== 200) throw new Error(`Saving the Value Explorer failed: ${saved.status} ${await saved.text()}`);
  await seedReflections(client, userId);
  const contracts = require(path.join(root, 'dist/libs/contracts/src/index.js'));
  await seedYearCompass(client, userId, contracts.YEAR_COMPASS_SECTIONS);
  await client.query('ANALYZE');
  await client.end();

  const bare = start(
    'bare server',
    'scripts/bench/bare-server.mjs',
    { ...base, DATABASE_URL: databaseUrl, SESSION_SECRET: secret, PORT: String(barePort) },
    profileArgs('bare'),
  );
  const bareBase = `http://127.0.0.1:${barePort}`;
  await waitForHttp(bare, `${bareBase}/`);
  const targets = { app: appBase, bare: bareBase };
  const pids = { app: app.pid, bare: bare.pid };

  // Both answer every route, with answers of the same size (the same work).
  for (const route of ROUTES) {
    for (const [name, url] of Object.entries(targets)) {
      const res = await request(url, route, cookie, origin);
      const text = await res.text();
      if (res.status !== 200)
        throw new Error(`${name} answered ${route.method} ${route.path} with ${res.status}: ${text.slice(0, 300)}`);
    }
  }

  console.log(`Clari answered ${fmt(appStart / 1000, 1)} s after its start (migrations included); seeded, measuring.`);
  console.log(
    `${settings.rounds} round(s) of ${settings.duration} s per route and server, ${settings.connections} connections${settings.warmup ? `, ${settings.warmup} s warm-up` : ''}.`,
  );
  if (settings.warmup) {
    for (const route of ROUTES)
      for (const side of Object.keys(targets))
        await measure(targets[side], route, cookie, origin, settings.warmup, pids[side]);
  }
  const results = ROUTES.map((route) => ({ route, app: [], bare: [] }));
  for (let round = 0; round < settings.rounds; round++) {
    for (const result of results) {
      // Interleaved, and the order alternates per round, so neither side always runs on a warmer machine.
      const order = round % 2 === 0 ? ['app', 'bare'] : ['bare', 'app'];
      for (const side of order) {
        const run = await measure(targets[side], result.route, cookie, origin, settings.duration, pids[side]);
        result[side].push(run);
        process.stdout.write(
          `  round ${round + 1}  ${result.route.name.padEnd(36)} ${side.padEnd(5)} ${fmt(run.rps).padStart(6)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms  ${fmt(run.cpu, 2)} ms CPU per answer\n`,
        );
      }
    }
  }

  const output = table(results);
  console.log(`\n${output}\n`);
  const failed = results.filter(({ app: a, bare: b }) => [...a, ...b].some((run) => run.ok === 0));
  if (failed.length) throw new Error(`No successful answer for: ${failed.map(({ route }) => route.name).join(', ')}`);
  const errors = results.filter(({ app: a, bare: b }) => [...a, ...b].some((run) => run.non2xx + run.errors > 0));
  if (errors.length)
    console.warn(
      `Warning: answers that were not 2xx (or failed) for ${errors.map(({ route }) => route.name).join(', ')}; their figures are not comparable.`,
    );

  if (writeDoc) {
    const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
    writeReport(
      [
        `Run ${date} UTC on ${about.cpu}, ${about.memory}, Node ${about.node}, ${about.postgres} (load average at the start: ${about.load}).`,
        `${settings.rounds} rounds of ${settings.duration} s per route and server, interleaved, ${settings.connections} connections unless stated; medians, with the rounds' range in brackets.`,
        '',
        output,
      ].join('\n'),
    );
  }
}

let exitCode = 0;
for (const name of ['SIGINT', 'SIGTERM']) {
  process.once(name, () => {
    void cleanup().finally(() => process.exit(130));
  });
}
try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await cleanup().catch((error) => console.error(`Cleaning up failed: ${error.message}`));
}
process.exit(exitCode);
