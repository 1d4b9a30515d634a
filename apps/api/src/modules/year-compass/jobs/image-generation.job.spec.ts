import { APIError } from 'openai';
import sharp from 'sharp';
import type { AiProvider } from '../../../core/ai/ai.types';
import { PermanentJobError } from '../../../core/queue/queue.types';
import type { YearCompassRepository } from '../year-compass.repository';
import { ImageGenerationJob, type ImageGenerationJobData } from './image-generation.job';

const data: ImageGenerationJobData = { userId: 'u', sectionNumber: 18, boxId: 's18_picture', prompt: 'A garden', generationId: 'g-1' };
const context = { attempt: 1, progress: jest.fn().mockResolvedValue(undefined) };

function setup(generateImage: jest.Mock, storedVersion: number | null = null) {
  const repository = { versionOfGeneration: jest.fn().mockResolvedValue(storedVersion), saveImage: jest.fn().mockResolvedValue(42) };
  const job = new ImageGenerationJob({ generateImage } as unknown as AiProvider, repository as unknown as YearCompassRepository);
  return { job, repository };
}

describe('ImageGenerationJob', () => {
  it('stores the provider’s picture as WebP of at most 1024 px and returns only its version', async () => {
    const png = await sharp({ create: { width: 2048, height: 1024, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
    const { job, repository } = setup(jest.fn().mockResolvedValue(png));
    await expect(job.process(data, context)).resolves.toEqual({ version: 42 });
    const [, , , image, source, generationId] = repository.saveImage.mock.calls[0];
    expect({ source, generationId, mimeType: image.mimeType, width: image.width, height: image.height }).toEqual({ source: 'generated', generationId: 'g-1', mimeType: 'image/webp', width: 1024, height: 512 });
    expect((await sharp(image.data).metadata()).format).toBe('webp');
  });

  it('is idempotent: a retried attempt whose picture is stored does not ask the provider again', async () => {
    const generateImage = jest.fn();
    const { job, repository } = setup(generateImage, 7);
    await expect(job.process(data, context)).resolves.toEqual({ version: 7 });
    expect(generateImage).not.toHaveBeenCalled();
    expect(repository.saveImage).not.toHaveBeenCalled();
  });

  it('does not retry a prompt the provider refuses, but retries other failures', async () => {
    const refused = new APIError(400, { message: 'rejected by the safety system' }, 'rejected', new Headers());
    await expect(setup(jest.fn().mockRejectedValue(refused)).job.process(data, context)).rejects.toBeInstanceOf(PermanentJobError);
    const busy = new APIError(429, { message: 'slow down' }, 'slow down', new Headers());
    await expect(setup(jest.fn().mockRejectedValue(busy)).job.process(data, context)).rejects.not.toBeInstanceOf(PermanentJobError);
  });
});
