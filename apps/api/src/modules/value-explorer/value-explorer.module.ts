import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AssistantModule } from '../assistant/assistant.module';
import { AuthModule } from '../auth/auth.module';
import { ValueExplorerDataEntity } from './entities/value-explorer-data.entity';
import { ValueExplorerSummaryHandler } from './handlers/summary.handler';
import { ValueExplorerController } from './value-explorer.controller';
import { ValueExplorerRepository } from './value-explorer.repository';
import { ValueExplorerService } from './value-explorer.service';

@Module({
  imports: [AuthModule, AssistantModule, TypeOrmModule.forFeature([ValueExplorerDataEntity])],
  controllers: [ValueExplorerController],
  providers: [ValueExplorerService, ValueExplorerRepository, ValueExplorerSummaryHandler],
})
export class ValueExplorerModule {}
