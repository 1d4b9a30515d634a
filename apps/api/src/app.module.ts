import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConfigModule } from './core/config/config.module';
import { dataSourceOptions } from './core/database/data-source';
import { HealthModule } from './core/health/health.module';
import { MailModule, MailProcessorsModule } from './core/mail/mail.module';
import { QueueModule, runsQueueProcessors } from './core/queue/queue.module';
import { RedisModule } from './core/redis/redis.module';
import { SessionModule } from './core/session/session.module';
import type { Runtime } from './core/runtime';
import { PublicConfigController } from './core/web/public-config.controller';
import { AiModule } from './core/ai/ai.module';
import { AdminModule } from './modules/admin/admin.module';
import { AssistantModule, AssistantProcessorsModule } from './modules/assistant/assistant.module';
import { AuthModule } from './modules/auth/auth.module';
import { InterviewModule, InterviewProcessorsModule } from './modules/interview/interview.module';
import { JournalModule } from './modules/journal/journal.module';
import { ProfileModule } from './modules/profile/profile.module';
import { ReflectModule } from './modules/reflect/reflect.module';
import { UsersModule } from './modules/users/users.module';
import { ValueExplorerModule } from './modules/value-explorer/value-explorer.module';
import { YearCompassModule, YearCompassProcessorsModule } from './modules/year-compass/year-compass.module';

/** Infrastructure shared by the HTTP app and the worker. */
export function coreModules(runtime: Runtime) {
  return [
    ConfigModule.forRoot(runtime.config),
    TypeOrmModule.forRoot({
      ...dataSourceOptions(runtime.databaseUrl, runtime.config.database),
      autoLoadEntities: true,
    }),
    RedisModule,
    QueueModule.forRoot(runtime.config),
    MailModule,
    AiModule,
  ];
}

/** Feature modules; each declares its periodic jobs, so the worker imports them too. */
export const FEATURE_MODULES = [
  UsersModule,
  AuthModule,
  ProfileModule,
  AdminModule,
  AssistantModule,
  ValueExplorerModule,
  ReflectModule,
  YearCompassModule,
  JournalModule,
  InterviewModule,
];

/**
 * The `@Processor` classes, one module per feature. Only processes that run jobs import them,
 * because @nestjs/bull binds every processor it finds to Redis: the worker always, the API
 * unless RUN_QUEUE_PROCESSORS=false (and always without Redis, for the in-process runner).
 */
export const PROCESSOR_MODULES = [
  MailProcessorsModule,
  AssistantProcessorsModule,
  YearCompassProcessorsModule,
  InterviewProcessorsModule,
];

@Module({})
export class AppModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...coreModules(runtime),
        SessionModule,
        HealthModule,
        ...FEATURE_MODULES,
        ...(runsQueueProcessors(runtime.config) ? PROCESSOR_MODULES : []),
      ],
      controllers: [PublicConfigController],
    };
  }
}

@Module({})
export class WorkerModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return { module: WorkerModule, imports: [...coreModules(runtime), ...FEATURE_MODULES, ...PROCESSOR_MODULES] };
  }
}

/** What the admin commands of the CLI need: infrastructure and the account records. */
@Module({})
export class CliModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return { module: CliModule, imports: [...coreModules(runtime), UsersModule] };
  }
}
