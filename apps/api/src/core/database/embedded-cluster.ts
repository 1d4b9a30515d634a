/**
 * The pure part of running the embedded PostgreSQL: reading its lock file (`postmaster.pid`),
 * judging what state a data folder's cluster is in, and deciding what a process should do about
 * it. The process handling lives in embedded-postgres.ts.
 */

/** What PostgreSQL writes into `<data folder>/postmaster.pid` while it runs. */
export interface PostmasterLock {
  pid: number;
  dataDir: string;
  port: number;
  /** `starting`, `ready`, `standby` or `stopping`; absent while the server is still early in its start. */
  status?: string;
}

/** Who started a running cluster, written beside the data folder by the process that did. */
export interface OwnerRecord {
  ownerPid: number;
  postmasterPid: number;
  /** `app`: a server (npm start), which keeps it running; `cli`: a command, which stops it when done. */
  role: 'app' | 'cli';
  /** Taken over from a process that died, so it is not the postmaster's parent. */
  adopted?: boolean;
}

/** Parses postmaster.pid (line 1 pid, 2 data folder, 4 port, 8 status); undefined when it is not one. */
export function parsePostmasterPid(text: string): PostmasterLock | undefined {
  const lines = text.split('\n');
  const pid = Number(lines[0]?.trim());
  const port = Number(lines[3]?.trim());
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return undefined;
  const status = lines[7]?.trim();
  return { pid, dataDir: lines[1]?.trim() ?? '', port, status: status || undefined };
}

export function parseOwnerRecord(text: string): OwnerRecord | undefined {
  try {
    const value = JSON.parse(text) as Partial<OwnerRecord>;
    if (
      !Number.isInteger(value.ownerPid) ||
      !Number.isInteger(value.postmasterPid) ||
      (value.role !== 'app' && value.role !== 'cli')
    )
      return undefined;
    return {
      ownerPid: value.ownerPid as number,
      postmasterPid: value.postmasterPid as number,
      role: value.role,
      adopted: value.adopted === true,
    };
  } catch {
    return undefined;
  }
}

/** A PostgreSQL server's command line: its own binary, or a child's process title. */
export function looksLikePostgres(command: string): boolean {
  return /(^|\/)postgres(\s|$|:)/.test(command.trim());
}

/** What was found about a data folder's cluster; each field is undefined when it could not be found out. */
export interface ClusterFacts {
  lock?: PostmasterLock;
  /** Whether the lock file's pid is a live process. */
  alive: boolean;
  /** That process's command line. */
  command?: string;
  /** That process's parent. */
  parentPid?: number;
  owner?: OwnerRecord;
  ownerAlive: boolean;
}

export type ClusterState =
  | { kind: 'none' }
  /** A lock file whose process is gone (a crash): PostgreSQL replaces such a file itself. */
  | { kind: 'stale'; pid: number }
  /** The lock file's pid now belongs to another program: PostgreSQL would refuse to start. */
  | { kind: 'foreign'; pid: number }
  | { kind: 'starting' | 'stopping'; pid: number; port: number }
  /** owner: the live process that started it; undefined when that process is gone (orphaned). */
  | { kind: 'running'; pid: number; port: number; owner?: OwnerRecord };

export function clusterState(facts: ClusterFacts): ClusterState {
  const { lock } = facts;
  if (!lock) return { kind: 'none' };
  if (!facts.alive) return { kind: 'stale', pid: lock.pid };
  // Only a command line seen to be another program counts: when it cannot be read, the server is assumed to run.
  if (facts.command !== undefined && !looksLikePostgres(facts.command)) return { kind: 'foreign', pid: lock.pid };
  if (lock.status === 'stopping') return { kind: 'stopping', pid: lock.pid, port: lock.port };
  if (lock.status !== 'ready' && lock.status !== 'standby') return { kind: 'starting', pid: lock.pid, port: lock.port };
  const owner = facts.owner;
  const owned =
    owner !== undefined &&
    owner.postmasterPid === lock.pid &&
    facts.ownerAlive &&
    // The parent check catches a reused owner pid; an adopted cluster's parent is no longer its owner.
    (owner.adopted || facts.parentPid === undefined || facts.parentPid === owner.ownerPid);
  return { kind: 'running', pid: lock.pid, port: lock.port, owner: owned ? owner : undefined };
}

export type ClusterPlan =
  /** Start a server of our own (after removing a foreign lock file). */
  | { action: 'start'; removeLock: boolean }
  /** Use the running server and leave it running. */
  | { action: 'share'; port: number; ownerPid?: number }
  /** Use the server left by a process that died, and stop it when done. */
  | { action: 'adopt'; port: number; pid: number }
  /** Look again shortly: it is starting or stopping, or a command is using it and will stop it. */
  | { action: 'wait'; reason: string };

/**
 * What a process does about the cluster it finds. A server (`app`) takes over an orphaned one;
 * a command (`cli`) uses whatever runs and leaves it as it was. A cluster a command started is
 * stopped by that command when it ends, so others wait for it rather than lose it midway.
 */
export function planCluster(state: ClusterState, role: 'app' | 'cli'): ClusterPlan {
  switch (state.kind) {
    case 'none':
    case 'stale':
      return { action: 'start', removeLock: false };
    case 'foreign':
      return { action: 'start', removeLock: true };
    case 'starting':
    case 'stopping':
      return { action: 'wait', reason: `it is ${state.kind} (pid ${state.pid})` };
    case 'running':
      if (state.owner?.role === 'cli')
        return { action: 'wait', reason: `\`npm run cli\` (pid ${state.owner.ownerPid}) is using it` };
      if (state.owner) return { action: 'share', port: state.port, ownerPid: state.owner.ownerPid };
      return role === 'app'
        ? { action: 'adopt', port: state.port, pid: state.pid }
        : { action: 'share', port: state.port };
  }
}

/**
 * The lines of PostgreSQL's log that say why it did not start, at most `max` of the last ones:
 * FATAL, PANIC, ERROR and WARNING with their HINT and DETAIL, and "could not …" (a port in use
 * is only a LOG line), without the timestamp and process id.
 */
export function failureLines(log: string, max = 8): string[] {
  return log
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /\b(FATAL|PANIC|ERROR|WARNING|HINT|DETAIL):|\bLOG:\s+could not\b/.test(line))
    .map((line) => line.replace(/^\d{4}-\d\d-\d\d [\d:.]+ \S+ \[\d+\]\s+/, ''))
    .slice(-max);
}
