import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { BullQueueDriver } from './bull.driver';
import { InProcessQueueDriver } from './in-process.driver';
import { QUEUE_DRIVER } from './queue.tokens';
import { QueueService } from './queue.service';

@Global()
@Module({
  providers: [
    {
      provide: QUEUE_DRIVER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.redis.url
          ? new BullQueueDriver(config.redis.url, `${config.redis.prefix}:bull`, config.queue)
          : new InProcessQueueDriver(),
    },
    QueueService,
  ],
  exports: [QueueService],
})
export class QueueModule {}
