import { Logger } from '@nestjs/common';
import { Client, type ClientConfig, type PoolConfig } from 'pg';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from '../config/app-config';

const logger = new Logger('PostgreSQL');

/**
 * A pg client that never crashes the process with an unhandled 'error' event. pg-pool only
 * listens for errors on idle clients; a checked-out client whose backend is killed (restart,
 * failover, pg_terminate_backend) between two queries emits 'error' with nobody listening.
 * The pool drops such a client on release (it is no longer queryable) and opens a new one.
 */
export class ResilientClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', (error: Error) => logger.warn(`Connection lost: ${error.message}`));
  }
}

/** Logs an idle client's error; pg-pool has already removed the client and will open another. */
export function onPoolError(pool: string): (error: Error) => void {
  return (error) => logger.warn(`${pool} pool: ${error.message}; the connection is replaced on next use`);
}

/**
 * Pool settings shared by every pg pool of the process: bounded connect, statement and
 * idle-in-transaction times, TCP keep-alive (so a vanished server after a failover is noticed),
 * and the client class above. A timeout of 0 leaves that limit off.
 */
export function poolConfig(timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS): PoolConfig {
  return {
    Client: ResilientClient,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
    // statement_timeout is enforced by the server; a frozen or unreachable server needs a client-side limit too.
    query_timeout: timeouts.statementTimeoutMs ? timeouts.statementTimeoutMs + 1000 : undefined,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}
