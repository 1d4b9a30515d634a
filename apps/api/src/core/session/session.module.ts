import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';

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
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => {
        const options = dataSource.options as { url?: string };
        return new Pool({ connectionString: options.url, max: 5 });
      },
    },
    SessionPoolCloser,
  ],
  exports: [SESSION_POOL],
})
export class SessionModule {}
