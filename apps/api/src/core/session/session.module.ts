import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { onPoolError, poolConfig } from '../database/pg-pool';

export const SESSION_POOL = Symbol('SESSION_POOL');

/** The session store's own small connection pool, closed with the app. */
@Injectable()
class SessionPoolCloser implements OnApplicationShutdown {
  constructor(@Inject(SESSION_POOL) private readonly pool: Pool) {}
  async onApplicationShutdown(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}

@Global()
@Module({
  providers: [
    {
      provide: SESSION_POOL,
      inject: [DataSource, APP_CONFIG],
      useFactory: (dataSource: DataSource, config: AppConfig) => {
        const options = dataSource.options as { url?: string };
        const pool = new Pool({ ...poolConfig(config.database), connectionString: options.url, max: 5 });
        // Without this listener a connection closed by the server (restart, failover) ends the process.
        pool.on('error', onPoolError('Session store'));
        return pool;
      },
    },
    SessionPoolCloser,
  ],
  exports: [SESSION_POOL],
})
export class SessionModule {}
