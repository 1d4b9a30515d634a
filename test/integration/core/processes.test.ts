import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  freePort,
  startPrivatePostgres,
  startPrivateRedis,
  waitUntil,
  type PrivatePostgres,
  type PrivateRedis,
} from '../../support/private-services';

/**
 * The built API and worker as real operating-system processes (as a supervisor runs them),
 * against a PostgreSQL and a Redis of this test's own: a killed or restarted database must not
 * end them, the keep-alive timeout is the configured one, and SIGTERM ends both with status 0.
 */
jest.setTimeout(300_000);

const root = path.resolve(__dirname, '../../..');

interface Running {
  child: ChildProcess;
  output: string[];
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function start(script: 'main' | 'worker', env: Record<string, string>): Running {
  const child = spawn(process.execPath, [path.join(root, `dist/apps/api/src/${script}.js`)], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output, exit };
}

async function health(baseUrl: string): Promise<{ status: number; ms: number; body: Record<string, unknown> | null }> {
  const started = performance.now();
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) });
    return {
      status: res.status,
      ms: Math.round(performance.now() - started),
      body: (await res.json()) as Record<string, unknown>,
    };
  } catch {
    return { status: 0, ms: Math.round(performance.now() - started), body: null };
  }
}

/** The Keep-Alive header Node sends, which carries the server's keepAliveTimeout in seconds. */
function keepAliveHeader(baseUrl: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    get(`${baseUrl}/api/config`, { headers: { Connection: 'keep-alive' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers['keep-alive'] as string | undefined));
    }).on('error', reject);
  });
}

const skipReason =
  spawnSync('redis-server', ['--version']).status === 0
    ? undefined
    : 'redis-server is not installed, so this test cannot start and stop its own Redis';

if (skipReason) {
  describe('API and worker processes', () => {
    it.skip(`skipped: ${skipReason}`, () => undefined);
  });
} else {
  describe('API and worker processes', () => {
    let pg: PrivatePostgres;
    let redis: PrivateRedis;
    let api: Running;
    let worker: Running;
    let baseUrl: string;
    let dataDir: string;

    beforeAll(async () => {
      // The processes run the compiled code, as in production: build it when it is older than the sources.
      const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs'), 'api'], {
        cwd: root,
        encoding: 'utf8',
      });
      if (build.status !== 0) throw new Error(`Building the API failed:\n${build.stdout}\n${build.stderr}`);
      pg = await startPrivatePostgres();
      redis = await startPrivateRedis();
      dataDir = mkdtempSync(path.join(tmpdir(), 'clari-processes-'));
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      const env = {
        NODE_ENV: 'development',
        DATABASE_URL: pg.url,
        REDIS_URL: redis.url,
        REDIS_PREFIX: 'processes',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        QUEUE_WORKER_TIMEOUT_MS: '3000',
        SHUTDOWN_TIMEOUT_MS: '5000',
      };
      api = start('main', { ...env, PORT: String(port), HOST: '127.0.0.1', RUN_QUEUE_PROCESSORS: 'false' });
      worker = start('worker', env);
    });

    afterAll(async () => {
      for (const running of [api, worker]) {
        if (running && running.child.exitCode === null && running.child.signalCode === null) {
          running.child.kill('SIGKILL');
          await running.exit;
        }
      }
      await redis?.stop();
      await pg?.destroy();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    const alive = (running: Running) => running.child.exitCode === null && running.child.signalCode === null;
    const describeExit = (running: Running) =>
      `exit ${running.child.exitCode ?? running.child.signalCode}; output:\n${running.output.join('').slice(-4000)}`;

    it('start, and health sees the worker consuming every queue', async () => {
      await waitUntil(
        'the API to answer health 200 with the worker seen',
        async () => {
          if (!alive(api) || !alive(worker))
            throw new Error(`A process ended at start: API ${describeExit(api)}\nworker ${describeExit(worker)}`);
          return (await health(baseUrl)).status === 200;
        },
        120_000,
        250,
      );
      const res = await health(baseUrl);
      expect(res.body?.queue).toMatchObject({
        driver: 'bull',
        status: 'up',
        consumers: { images: 'up', mail: 'up', maintenance: 'up', transcription: 'up' },
      });
    });

    it('keeps idle connections open for 65 s, above a proxy’s usual 60 s', async () => {
      expect(await keepAliveHeader(baseUrl)).toBe('timeout=65');
    });

    it('both survive killed backends and a database restart, answering 503 meanwhile and 200 again after', async () => {
      const killed = await pg.terminateBackends();
      expect(killed).toBeGreaterThan(0);
      await waitUntil(
        'health after the backends were killed',
        async () => (await health(baseUrl)).status === 200,
        30_000,
      );
      expect(alive(api) && alive(worker)).toBe(true);

      await pg.stop();
      const during: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await health(baseUrl);
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ database: { status: 'down' } });
        during.push(res.ms);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(Math.max(...during)).toBeLessThan(2000);
      await pg.start();
      const back = performance.now();
      await waitUntil(
        'health after the database is back',
        async () => (await health(baseUrl)).status === 200,
        30_000,
        50,
      );
      console.log(
        `processes: health 503 in at most ${Math.max(...during)} ms while the database was down; 200 again ${Math.round(performance.now() - back)} ms after it was back`,
      );
      expect(alive(api)).toBe(true);
      expect(alive(worker)).toBe(true);
    });

    it('the worker, and then the API under keep-alive load, exit with status 0 on SIGTERM', async () => {
      worker.child.kill('SIGTERM');
      expect(await worker.exit).toEqual({ code: 0, signal: null });
      // With no worker left, health reports the queues without a consumer once the heartbeat lapses.
      await waitUntil('health to miss the worker', async () => (await health(baseUrl)).status === 503, 30_000, 250);
      expect((await health(baseUrl)).body?.queue).toMatchObject({ status: 'down', consumers: { images: 'none' } });

      // Keep-alive load while the API stops: open connections are told to close, and it ends in time.
      const agent = new Agent({ keepAlive: true, maxSockets: 4 });
      const answers: Array<{ status?: number; connection?: string; error?: string }> = [];
      let loading = true;
      const client = async () => {
        while (loading) {
          answers.push(
            await new Promise((resolve) => {
              get(`${baseUrl}/api/config`, { agent }, (res) => {
                res.resume();
                res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
              }).on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
            }),
          );
        }
      };
      const clients = Array.from({ length: 4 }, client);
      await waitUntil('keep-alive load to run', () => answers.filter((a) => a.status === 200).length >= 20);
      const stopping = performance.now();
      api.child.kill('SIGTERM');
      const exit = await api.exit;
      const stopMs = Math.round(performance.now() - stopping);
      loading = false;
      await Promise.all(clients);
      agent.destroy();
      console.log(
        `processes: API stopped under keep-alive load in ${stopMs} ms (${answers.length} requests, ${answers.filter((a) => a.connection === 'close').length} answered with Connection: close)`,
      );
      expect(exit).toEqual({ code: 0, signal: null });
      expect(stopMs).toBeLessThan(5000 + 5000);
      expect(answers.every((a) => a.status === 200 || a.error)).toBe(true);
    });
  });
}
