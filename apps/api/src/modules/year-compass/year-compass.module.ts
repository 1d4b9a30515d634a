import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AssistantModule } from '../assistant/assistant.module';
import { AuthModule } from '../auth/auth.module';
import { YearCompassBoxEntity } from './entities/year-compass-box.entity';
import { YearCompassImageEntity } from './entities/year-compass-image.entity';
import { YearCompassSectionHandler } from './handlers/section.handler';
import { ImageGenerationProcessor } from './jobs/image-generation.processor';
import { YearCompassController } from './year-compass.controller';
import { YearCompassImagesService } from './year-compass-images.service';
import { YearCompassRepository } from './year-compass.repository';
import { YearCompassService } from './year-compass.service';

/** Year Compass: 19 sections of boxes, pictures on the images queue, and Clari per section. */
@Module({
  imports: [AuthModule, AssistantModule, TypeOrmModule.forFeature([YearCompassBoxEntity, YearCompassImageEntity])],
  controllers: [YearCompassController],
  providers: [YearCompassService, YearCompassImagesService, YearCompassRepository, YearCompassSectionHandler],
  exports: [YearCompassRepository],
})
export class YearCompassModule {}

/** Year Compass's queue processor; imported only by processes that run jobs (app.module.ts). */
@Module({ imports: [YearCompassModule], providers: [ImageGenerationProcessor] })
export class YearCompassProcessorsModule {}
