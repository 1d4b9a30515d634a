import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AssistantModule } from '../assistant/assistant.module';
import { AuthModule } from '../auth/auth.module';
import { ReflectionEntity } from './entities/reflection.entity';
import { TakeawayEntity } from './entities/takeaway.entity';
import { ReflectController } from './reflect.controller';
import { ReflectRepository } from './reflect.repository';
import { ReflectService } from './reflect.service';

/** Reflect (part 2): reflections, takeaways, and Clari's reflect_topic guide. */
@Module({
  imports: [AuthModule, AssistantModule, TypeOrmModule.forFeature([ReflectionEntity, TakeawayEntity])],
  controllers: [ReflectController],
  providers: [ReflectService, ReflectRepository],
})
export class ReflectModule {}
