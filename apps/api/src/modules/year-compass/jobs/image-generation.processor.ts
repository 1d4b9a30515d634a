import { Inject } from '@nestjs/common';
import { Process, Processor } from '@nestjs/bull';
import { APIError } from 'openai';
import { AI_PROVIDER, AiProvider } from '../../../core/ai/ai.types';
import { encodeWebp } from '../../../core/images/image-upload';
import {
  JOB_CONCURRENCY,
  permanentFailure,
  type JobDefinition,
  type ProcessorJob,
} from '../../../core/queue/queue.types';
import { GENERATED_IMAGE_PX } from '../year-compass.constants';
import { YearCompassRepository } from '../year-compass.repository';

export interface ImageGenerationJobData {
  userId: string;
  sectionNumber: number;
  boxId: string;
  /** The provider prompt, already scrubbed of personal identifiers. Gone from Redis when the job ends. */
  prompt: string;
  /** Unique per request: lets a retried attempt find the picture an earlier attempt stored. */
  generationId: string;
}

/** The job's result is the stored picture's version, never its bytes (results pass through Redis). */
export interface ImageGenerationJobResult {
  version: number;
}

/** A picture for an image box: added by YearCompassImagesService, which waits for its result. */
export const GENERATE_YEAR_COMPASS_IMAGE: JobDefinition<ImageGenerationJobData, ImageGenerationJobResult> = {
  queue: 'images',
  name: 'generate-year-compass-image',
  options: { attempts: 3, backoffMs: 2000, timeoutMs: 90_000 },
};

/** PostgreSQL's foreign key violation: the account was deleted while the job ran. */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * A Year Compass picture on the `images` queue: asks the provider, re-encodes the answer as
 * WebP without metadata and stores it for the box. Idempotent: an attempt whose generation
 * is already stored returns that version instead of asking the provider again.
 */
@Processor(GENERATE_YEAR_COMPASS_IMAGE.queue)
export class ImageGenerationProcessor {
  constructor(
    @Inject(AI_PROVIDER) private readonly provider: AiProvider,
    private readonly repository: YearCompassRepository,
  ) {}

  @Process({ name: GENERATE_YEAR_COMPASS_IMAGE.name, concurrency: JOB_CONCURRENCY })
  async generate(job: ProcessorJob<ImageGenerationJobData>): Promise<ImageGenerationJobResult> {
    const { data } = job;
    const stored = await this.repository.versionOfGeneration(
      data.userId,
      data.sectionNumber,
      data.boxId,
      data.generationId,
    );
    if (stored !== null) return { version: stored };
    await job.progress(10);
    let picture: Buffer;
    try {
      picture = await this.provider.generateImage(data.prompt);
    } catch (error) {
      // A refusal of the prompt itself (e.g. a content policy) will not change on a retry.
      if (
        error instanceof APIError &&
        error.status &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 408 &&
        error.status !== 429
      ) {
        throw permanentFailure(job, `the provider refused the image prompt (${error.status})`);
      }
      throw error;
    }
    await job.progress(70);
    const image = await encodeWebp(picture, { width: GENERATED_IMAGE_PX, height: GENERATED_IMAGE_PX, fit: 'inside' });
    try {
      const version = await this.repository.saveImage(
        data.userId,
        data.sectionNumber,
        data.boxId,
        image,
        'generated',
        data.generationId,
      );
      await job.progress(100);
      return { version };
    } catch (error) {
      if ((error as { code?: unknown }).code === FOREIGN_KEY_VIOLATION)
        throw permanentFailure(job, 'the account no longer exists');
      throw error;
    }
  }
}
