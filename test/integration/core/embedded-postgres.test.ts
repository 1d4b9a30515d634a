import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { freePort, waitUntil } from '../../support/private-services';

/**
 * `npm start` and `npm run cli` with the embedded PostgreSQL, as a newcomer runs them: the CLI
 * beside a running server, a quiet start and stop, SIGTERM to npm alone, a server killed with
 * SIGKILL, stale lock files and a port in use. Real processes on a data folder of the test's
 * own; every wait polls for a state with a generous deadline, never for a fixed time.
 */
jest.setTimeout(600_000);

const root = path.resolve(__dirname, '../../..');
const READY_MS = 240_000;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

interface NpmStart {
  child: ChildProcess;
  output: string[];
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

describe('the embedded PostgreSQL with npm start and npm run cli', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let baseUrl: string;
  let pgPort: number;
  let server: NpmStart | undefined;
  let lockWhileRunning = '';
  const email = `cli.${Date.now().toString(36)}@example.com`;

  const lockFile = () => path.join(dataDir, 'postgres', 'postmaster.pid');
  const lockPid = (): number | undefined =>
    existsSync(lockFile()) ? Number(readFileSync(lockFile(), 'utf8').split('\n')[0]) : undefined;
  const owner = () =>
    JSON.parse(readFileSync(path.join(dataDir, 'postgres-owner.json'), 'utf8')) as {
      ownerPid: number;
      postmasterPid: number;
      role: string;
      adopted: boolean;
    };

  /** Alive and not a zombie (an orphan's parent may be slow to reap it). */
  const alive = (pid: number): boolean => {
    try {
      process.kill(pid, 0);
    } catch {
      return false;
    }
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
    } catch {
      return true;
    }
  };

  /** Runs a built entry point (cli.js, main.js) to its end. */
  const runNode = (script: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<Run> =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [path.join(root, 'dist/apps/api/src', script), ...args], {
        cwd: root,
        env: { ...env, ...extraEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    });
  const cli = (args: string[], extraEnv: NodeJS.ProcessEnv = {}) => runNode('cli.js', args, extraEnv);

  const describeRun = (run: Run) => `exit ${run.code ?? run.signal}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`;

  /** `npm start` in a process group of its own, as a terminal runs a foreground job. */
  const npmStart = async (): Promise<NpmStart> => {
    const child = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const started: NpmStart = { child, output, exit };
    await waitUntil(
      'npm start to answer /api/health',
      async () => {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`npm start ended: ${output.join('')}`);
        const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) }).catch(
          () => undefined,
        );
        return res?.status === 200 && output.join('').includes('Clari is running');
      },
      READY_MS,
      250,
    );
    return started;
  };

  const query = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> => {
    const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
    const client = new Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', password, database: 'clari' });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  };

  /** No process of the run is left: not the server, not its PostgreSQL, and the lock file is gone. */
  const expectNothingLeft = async (pids: number[]) => {
    await waitUntil(`processes ${pids.join(', ')} to end`, () => pids.every((pid) => !alive(pid)), 60_000);
    expect(existsSync(lockFile())).toBe(false);
  };

  /** What a newcomer should never see when stopping. */
  const expectQuiet = (output: string) => {
    expect(output).not.toMatch(/Unhandled 'error' event|terminating connection|undefined|Error:/);
  };

  beforeAll(async () => {
    // npm start builds what is stale; done here first, so the test's own deadlines measure only starts.
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs'), 'api', 'web'], {
      cwd: root,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`Building failed:\n${build.stdout}\n${build.stderr}`);
    dataDir = mkdtempSync(path.join(tmpdir(), 'clari-embedded-'));
    pgPort = await freePort();
    // Neither port is held until its server starts, so the second pick may repeat the first.
    let port = await freePort();
    while (port === pgPort) port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = { ...process.env };
    // Nothing of the test run's services: the embedded defaults, as on a fresh clone.
    for (const name of Object.keys(env))
      if (/^(DATABASE_URL|REDIS_URL|SMTP_URL|OPENAI_|TEST_|JEST_)/.test(name)) delete env[name];
    Object.assign(env, {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'pretty',
      npm_config_update_notifier: 'false',
    });
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      try {
        process.kill(-(server.child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
    }
    const pid = dataDir ? lockPid() : undefined;
    if (pid && alive(pid)) process.kill(pid, 'SIGINT');
    if (pid) await waitUntil('the embedded PostgreSQL to stop', () => !alive(pid), 60_000).catch(() => undefined);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a command with no server running starts PostgreSQL for itself, names the cause of its failure, and stops it', async () => {
    const run = await cli(['admin:grant', 'nobody@example.com']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No account has the e-mail address nobody@example.com.');
    expect(run.stderr).not.toContain('undefined');
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(existsSync(lockFile())).toBe(false);
  });

  it('a command missing its argument says which one, not the whole usage', async () => {
    const create = await cli(['interview:create']);
    expect(create.code).toBe(1);
    expect(create.stderr).toContain('interview:create needs the guide file');
    expect(create.stderr).not.toContain('Commands:');
    const exported = await cli(['interview:export', '--out', 'x.json']);
    expect(exported.code).toBe(1);
    expect(exported.stderr).toContain('interview:export needs the interview id');
  });

  it('npm start logs no route table and no build chatter, and ends with the "Clari is running" block', async () => {
    server = await npmStart();
    const output = server.output.join('');
    expect(output).not.toMatch(/Mapped \{|InstanceLoader|RoutesResolver|configLoader|Resolved @clari/);
    const lines = output.trimEnd().split('\n');
    const block = lines.findIndex((line) => line.includes('Clari is running'));
    // After the heading only the block's indented lines: health checks are logged at debug.
    expect(lines.slice(block + 1).every((line) => line.startsWith('  '))).toBe(true);
    expect(lines.slice(block + 1).join('\n')).toContain(`open:      ${baseUrl}`);
    expect(owner()).toMatchObject({ role: 'app', adopted: false, postmasterPid: lockPid() });
    lockWhileRunning = readFileSync(lockFile(), 'utf8');
  });

  it('npm run cli uses the running server’s PostgreSQL and leaves it running', async () => {
    const register = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'Tranquil-Harbour-42',
        full_name: 'Cli Person',
        language: 'en',
        termsAccepted: true,
      }),
    });
    expect(register.status).toBe(201);
    const postmaster = lockPid();

    const grant = await cli(['admin:grant', email]);
    expect(grant.code).toBe(0);
    expect(grant.stdout).toContain(`${email} is now an admin.`);
    const clinician = await cli(['clinician:set', email, 'true']);
    expect(clinician.code).toBe(0);

    expect(await query('SELECT role, is_clinician FROM users WHERE email = $1', [email])).toEqual([
      { role: 'admin', is_clinician: true },
    ]);
    expect(lockPid()).toBe(postmaster);
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
  });

  it('SIGTERM to the npm process alone stops the server and its PostgreSQL, quietly', async () => {
    const running = server as NpmStart;
    const pids = [owner().ownerPid, lockPid() as number];
    running.child.kill('SIGTERM');
    expect(await running.exit).toEqual({ code: 0, signal: null });
    await expectNothingLeft(pids);
    expectQuiet(running.output.join('').split('Clari is running')[1]);
  });

  it('after the server is killed with SIGKILL, the CLI uses the orphaned PostgreSQL, the next start takes it over, and Ctrl-C stops both', async () => {
    const first = await npmStart();
    server = first;
    const { ownerPid: node } = owner();
    const postmaster = lockPid() as number;
    process.kill(node, 'SIGKILL');
    await first.exit;
    await waitUntil('the killed server to be gone', () => !alive(node), 60_000);
    expect(alive(postmaster)).toBe(true);

    const run = await cli(['clinician:set', email, 'false']);
    expect(run.code).toBe(0);
    expect(alive(postmaster)).toBe(true);
    expect(await query('SELECT is_clinician FROM users WHERE email = $1', [email])).toEqual([{ is_clinician: false }]);

    const second = await npmStart();
    server = second;
    expect(second.output.join('')).toContain(`Reusing the embedded PostgreSQL (pid ${postmaster}`);
    expect(owner()).toMatchObject({ postmasterPid: postmaster, adopted: true, role: 'app' });
    const node2 = owner().ownerPid;

    // Ctrl-C: the terminal signals the whole foreground process group.
    process.kill(-(second.child.pid as number), 'SIGINT');
    expect(await second.exit).toEqual({ code: 0, signal: null });
    await expectNothingLeft([node2, postmaster]);
    expectQuiet(second.output.join('').split('Clari is running')[1]);
  });

  it('starts over a lock file left by a crash, whether its pid is gone or now another program’s', async () => {
    expect(lockWhileRunning).not.toBe('');
    const withPid = (pid: number) => writeFileSync(lockFile(), lockWhileRunning.replace(/^\d+/, String(pid)));

    const ended = spawn('true');
    await new Promise((resolve) => ended.once('exit', resolve));
    withPid(ended.pid as number);
    const afterCrash = await cli(['clinician:set', email, 'true']);
    expect(describeRun(afterCrash)).toMatch(/^exit 0/);
    expect(existsSync(lockFile())).toBe(false);

    const other = spawn('sleep', ['600'], { stdio: 'ignore' });
    try {
      withPid(other.pid as number);
      const reused = await cli(['clinician:set', email, 'false']);
      expect(describeRun(reused)).toMatch(/^exit 0/);
      expect(alive(other.pid as number)).toBe(true);
    } finally {
      other.kill('SIGKILL');
    }
    expect(existsSync(lockFile())).toBe(false);
  });

  it('names a port another program holds, from the CLI and from the server, and leaves nothing running', async () => {
    // Another program on a port: it takes connections and drops them (so none stays open to keep close() waiting).
    const blocker = createServer((socket) => socket.destroy());
    let port = await freePort();
    // A port nobody listens on may come round again: it must not be the test's PostgreSQL or HTTP port.
    while (port === pgPort || baseUrl.endsWith(`:${port}`)) port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const run = await cli(['admin:grant', email], { EMBEDDED_PG_PORT: String(port) });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`Another program uses port ${port}: set EMBEDDED_PG_PORT to a free port`);
      expect(run.stderr).toContain('Address already in use');

      const main = await runNode('main.js', [], { EMBEDDED_PG_PORT: String(port) });
      expect(main.code).toBe(1);
      expect(main.stderr).toContain(`Another program uses port ${port}`);
      expect(main.stderr).not.toContain('undefined');

      // The HTTP port taken instead: named too, and the PostgreSQL started for the app is stopped again.
      const http = await runNode('main.js', [], { PORT: String(port) });
      expect(http.code).toBe(1);
      expect(http.stderr).toContain(`Port ${port} is in use by another program`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    expect(existsSync(lockFile())).toBe(false);
  });
});
