import { APIError } from 'openai';
import sharp from 'sharp';
import type { AiProvider } from '../../../core/ai/ai.types';
import { PermanentJobError } from '../../../core/queue/queue.types';
import type { YearCompassRepository } from '../year-compass.repository';
import { ImageGenerationProcessor, type ImageGenerationJobData } from './image-generation.processor';

const data: ImageGenerationJobData = {
  userId: 'u',
  sectionNumber: 18,
  boxId: 's18_picture',
  prompt: 'A garden',
  generationId: 'g-1',
};
function job() {
  return {
    id: 'job-1',
    name: 'generate-year-compass-image',
    data,
    attemptsMade: 0,
    progress: jest.fn().mockResolvedValue(undefined),
    discard: jest.fn(),
  };
}

function setup(generateImage: jest.Mock, storedVersion: number | null = null) {
  const repository = {
    versionOfGeneration: jest.fn().mockResolvedValue(storedVersion),
    saveImage: jest.fn().mockResolvedValue(42),
  };
  const processor = new ImageGenerationProcessor(
    { generateImage } as unknown as AiProvider,
    repository as unknown as YearCompassRepository,
  );
  return { processor, repository };
}

describe('ImageGenerationProcessor', () => {
  it('stores the provider’s picture as WebP of at most 1024 px and returns only its version', async () => {
    const png = await sharp({ create: { width: 2048, height: 1024, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer();
    const { processor, repository } = setup(jest.fn().mockResolvedValue(png));
    await expect(processor.generate(job())).resolves.toEqual({ version: 42 });
    const [, , , image, source, generationId] = repository.saveImage.mock.calls[0];
    expect({ source, generationId, mimeType: image.mimeType, width: image.width, height: image.height }).toEqual({
      source: 'generated',
      generationId: 'g-1',
      mimeType: 'image/webp',
      width: 1024,
      height: 512,
    });
    expect((await sharp(image.data).metadata()).format).toBe('webp');
  });

  it('is idempotent: a retried attempt whose picture is stored does not ask the provider again', async () => {
    const generateImage = jest.fn();
    const { processor, repository } = setup(generateImage, 7);
    await expect(processor.generate(job())).resolves.toEqual({ version: 7 });
    expect(generateImage).not.toHaveBeenCalled();
    expect(repository.saveImage).not.toHaveBeenCalled();
  });

  it('does not retry a prompt the provider refuses (the job is discarded), but retries other failures', async () => {
    const refused = new APIError(400, { message: 'rejected by the safety system' }, 'rejected', new Headers());
    const refusedJob = job();
    await expect(setup(jest.fn().mockRejectedValue(refused)).processor.generate(refusedJob)).rejects.toBeInstanceOf(
      PermanentJobError,
    );
    expect(refusedJob.discard).toHaveBeenCalled();
    const busy = new APIError(429, { message: 'slow down' }, 'slow down', new Headers());
    const busyJob = job();
    await expect(setup(jest.fn().mockRejectedValue(busy)).processor.generate(busyJob)).rejects.not.toBeInstanceOf(
      PermanentJobError,
    );
    expect(busyJob.discard).not.toHaveBeenCalled();
  });
});
