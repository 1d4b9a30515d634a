import {
  BadGatewayException,
  BadRequestException,
  GatewayTimeoutException,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  UPLOAD_LIMITS,
  yearCompassImageUrl,
  type YearCompassGenerateImageRequest,
  type YearCompassImageResponse,
} from '@clari/contracts';
import { PiiScrubber } from '../../core/ai/pii-scrubber';
import { reencodeUpload } from '../../core/images/image-upload';
import { DependencyUnavailableError } from '../../core/health/unavailable';
import { QueueService } from '../../core/queue/queue.service';
import { JobWaitTimeoutError } from '../../core/queue/queue.types';
import { RateLimiter } from '../../core/security/rate-limiter';
import type { UserEntity } from '../users/entities/user.entity';
import { GENERATE_YEAR_COMPASS_IMAGE } from './jobs/image-generation.processor';
import {
  IMAGE_PROMPT_TEXT_MAX,
  IMAGE_WAIT_MS,
  UPLOAD_IMAGE_PX,
  YEAR_COMPASS_MESSAGES,
  YEAR_COMPASS_RATE_LIMITS,
} from './year-compass.constants';
import { YearCompassRepository, type StoredImage } from './year-compass.repository';
import { requireBox } from './year-compass.service';

/** What each image box's picture shows, told to the image model in English (it draws best from English). */
const IMAGE_SCENES: Record<string, string> = {
  s11_picture: 'how a person remembers the year that has passed, as a single scene or symbol',
  s18_picture: 'the year ahead as a person hopes it will be, hopeful and full of light',
};

/** The provider's prompt: the scene of the box and the (already scrubbed) words of the user. */
export function providerImagePrompt(boxId: string, text: string): string {
  const words = text.length > IMAGE_PROMPT_TEXT_MAX ? `${text.slice(0, IMAGE_PROMPT_TEXT_MAX)}…` : text;
  return `A warm, painterly, symbolic illustration of ${IMAGE_SCENES[boxId] ?? 'a personal reflection on a year'}. No text, letters or words in the picture. Draw it from their own description: ${words}`;
}

/**
 * Pictures of image boxes: generated on the `images` queue or uploaded, re-encoded as WebP
 * without metadata, stored in PostgreSQL and served only to their owner.
 */
@Injectable()
export class YearCompassImagesService {
  private readonly logger = new Logger('YearCompassImages');

  constructor(
    private readonly repository: YearCompassRepository,
    private readonly queue: QueueService,
    private readonly scrubber: PiiScrubber,
    private readonly limiter: RateLimiter,
  ) {}

  /** The request waits for its job; the answer is the new picture's URL (the bytes stay in PostgreSQL). */
  async generate(user: UserEntity, request: YearCompassGenerateImageRequest): Promise<YearCompassImageResponse> {
    this.requireImageBox(request.sectionNumber, request.boxId);
    const text = request.prompt.trim();
    if (!text)
      throw new BadRequestException({ message: YEAR_COMPASS_MESSAGES.contentRequired, code: 'content_required' });
    await this.limiter.consume(`yearcompass:image:${user.id}`, YEAR_COMPASS_RATE_LIMITS.imagesPerUser);
    const prompt = providerImagePrompt(request.boxId, this.scrubber.scrub(text, [user.fullName]));
    try {
      const { version } = await this.queue.run(
        GENERATE_YEAR_COMPASS_IMAGE,
        {
          userId: user.id,
          sectionNumber: request.sectionNumber,
          boxId: request.boxId,
          prompt,
          generationId: randomUUID(),
        },
        { waitTimeoutMs: IMAGE_WAIT_MS },
      );
      return { imageUrl: yearCompassImageUrl(request.sectionNumber, request.boxId, version) };
    } catch (error) {
      this.logger.warn(`Image generation failed: ${(error as Error).message}`);
      if (error instanceof DependencyUnavailableError) throw error; // a 503 that says the queue is unavailable
      if (error instanceof JobWaitTimeoutError)
        throw new GatewayTimeoutException({
          message: YEAR_COMPASS_MESSAGES.generationTooSlow,
          code: 'image_generation_failed',
        });
      throw new BadGatewayException({
        message: YEAR_COMPASS_MESSAGES.generationFailed,
        code: 'image_generation_failed',
      });
    }
  }

  async upload(
    user: UserEntity,
    sectionNumber: number,
    boxId: string,
    bytes: Buffer | undefined,
  ): Promise<YearCompassImageResponse> {
    this.requireImageBox(sectionNumber, boxId);
    await this.limiter.consume(`yearcompass:upload:${user.id}`, YEAR_COMPASS_RATE_LIMITS.uploadsPerUser);
    const image = await reencodeUpload(bytes, UPLOAD_LIMITS.yearCompassImageBytes, {
      width: UPLOAD_IMAGE_PX,
      height: UPLOAD_IMAGE_PX,
      fit: 'inside',
    });
    const version = await this.repository.saveImage(user.id, sectionNumber, boxId, image, 'uploaded');
    return { imageUrl: yearCompassImageUrl(sectionNumber, boxId, version) };
  }

  /** The caller's own picture; 404 for a box without one, whoever else may have one there. */
  async image(user: UserEntity, sectionNumber: number, boxId: string): Promise<StoredImage> {
    requireBox(sectionNumber, boxId);
    const image = await this.repository.image(user.id, sectionNumber, boxId);
    if (!image) throw new NotFoundException({ message: YEAR_COMPASS_MESSAGES.noImage });
    return image;
  }

  private requireImageBox(sectionNumber: number, boxId: string): void {
    if (!requireBox(sectionNumber, boxId).hasImage)
      throw new BadRequestException({ message: YEAR_COMPASS_MESSAGES.boxWithoutImage, code: 'box_without_image' });
  }
}
