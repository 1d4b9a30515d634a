// How long `npm start` takes until it answers: cold (nothing built, no .data: build, initdb,
// migrations) and warm (everything there), in a copy of the working tree (node_modules linked),
// so the repository's own dist/ and .data/ are left alone. --git <ref> measures a commit instead.
//   node scripts/bench/startup.mjs [--runs 2] [--git HEAD~3]
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '2' }, git: { type: 'string' } } });
const SKIP = new Set(['node_modules', 'dist', '.data', '.git', 'test', 'coverage']);

/** Starts `npm start` in `folder`; resolves with the ms until `/` answered with the page. */
async function timeStart(folder, port, pgPort) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: String(pgPort),
    NODE_ENV: 'development',
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'OPENAI_API_KEY', 'OPENAI_BASE_URL']) delete env[name];
  const started = Date.now();
  const child = spawn('npm', ['start'], { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let answeredMs;
  while (answeredMs === undefined) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
    if (Date.now() - started > 180_000) throw new Error(`npm start did not answer within 180 s:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } });
      if (res.ok && (await res.text()).includes('<div id="root">')) answeredMs = Date.now() - started;
    } catch {
      // Not listening yet.
    }
    if (answeredMs === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGTERM');
  await exited;
  return answeredMs;
}

const folder = mkdtempSync(path.join(os.tmpdir(), 'clari-start-'));
try {
  // As root, the embedded PostgreSQL runs as `postgres`, which must be able to enter the folder.
  chmodSync(folder, 0o755);
  if (args.git) {
    const archive = spawnSync('sh', ['-c', `git archive "$0" | tar -x -C "$1"`, args.git, folder], {
      cwd: root,
      stdio: 'inherit',
    });
    if (archive.status !== 0) throw new Error(`git archive ${args.git} failed`);
  } else {
    cpSync(root, folder, {
      recursive: true,
      filter: (source) => !SKIP.has(path.basename(source)) || path.dirname(source) !== root,
    });
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(folder, 'node_modules'));
  const results = [];
  for (let run = 0; run < Number(args.runs); run++) {
    rmSync(path.join(folder, 'dist'), { recursive: true, force: true });
    rmSync(path.join(folder, '.data'), { recursive: true, force: true });
    const [port, pgPort] = [await freePort(), await freePort()];
    const cold = await timeStart(folder, port, pgPort);
    const warm = await timeStart(folder, port, pgPort);
    results.push({ cold, warm });
    console.log(`run ${run + 1}: cold ${(cold / 1000).toFixed(1)} s, warm ${(warm / 1000).toFixed(1)} s`);
  }
  console.log(
    `${os.cpus()[0]?.model}, ${os.cpus().length} cores, Node ${process.version}, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
} finally {
  // The embedded cluster was stopped by each npm start; its files go with the copy.
  spawnSync('rm', ['-rf', folder]);
}
