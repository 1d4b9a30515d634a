import { BadGatewayException, BadRequestException, GatewayTimeoutException, NotFoundException } from '@nestjs/common';
import { PiiScrubber } from '../../core/ai/pii-scrubber';
import type { QueueService } from '../../core/queue/queue.service';
import { JobFailedError, JobWaitTimeoutError } from '../../core/queue/queue.types';
import type { RateLimiter } from '../../core/security/rate-limiter';
import type { UserEntity } from '../users/entities/user.entity';
import { YearCompassImagesService, providerImagePrompt } from './year-compass-images.service';
import type { YearCompassRepository } from './year-compass.repository';

const user = { id: 'user-1', fullName: 'Anna Lind', language: 'en' } as UserEntity;

function setup(run: jest.Mock) {
  const queue = { run, register: jest.fn() } as unknown as QueueService;
  const limiter = { consume: jest.fn().mockResolvedValue(undefined) } as unknown as RateLimiter;
  const service = new YearCompassImagesService({} as YearCompassRepository, queue, new PiiScrubber(), limiter);
  return { service, run };
}

describe('YearCompassImagesService.generate', () => {
  const request = { prompt: 'Anna by the sea, anna@example.com', sectionNumber: 11, boxId: 's11_picture' };

  it('answers the URL of the stored version, and sends the provider a scrubbed prompt', async () => {
    const { service, run } = setup(jest.fn().mockResolvedValue({ version: 1764000000123 }));
    await expect(service.generate(user, request)).resolves.toEqual({
      imageUrl: '/api/yearcompass/image/11/s11_picture?v=1764000000123',
    });
    const data = run.mock.calls[0][1] as { prompt: string; userId: string; generationId: string };
    expect(data.prompt).toContain('by the sea');
    expect(data.prompt).not.toContain('Anna');
    expect(data.prompt).not.toContain('anna@example.com');
    expect(data.userId).toBe('user-1');
    expect(data.generationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(run.mock.calls[0][2]).toEqual({ waitTimeoutMs: 150_000 });
  });

  it('answers 504 when the job takes too long and 502 with the spec’s text when it fails', async () => {
    await expect(
      setup(jest.fn().mockRejectedValue(new JobWaitTimeoutError('generate-year-compass-image'))).service.generate(
        user,
        request,
      ),
    ).rejects.toBeInstanceOf(GatewayTimeoutException);
    const failed = setup(
      jest.fn().mockRejectedValue(new JobFailedError('generate-year-compass-image', 'provider down')),
    ).service.generate(user, request);
    await expect(failed).rejects.toBeInstanceOf(BadGatewayException);
    await expect(failed).rejects.toMatchObject({
      response: { message: 'Error generating image. Please try again.', code: 'image_generation_failed' },
    });
  });

  it('refuses empty text, boxes without pictures and unknown boxes before anything is queued', async () => {
    const { service, run } = setup(jest.fn());
    await expect(service.generate(user, { ...request, prompt: ' \n ' })).rejects.toMatchObject({
      response: { code: 'content_required' },
    });
    await expect(service.generate(user, { ...request, sectionNumber: 3, boxId: 's3_moments' })).rejects.toBeInstanceOf(
      BadRequestException,
    );
    await expect(service.generate(user, { ...request, boxId: 's18_picture' })).rejects.toBeInstanceOf(
      NotFoundException,
    );
    expect(run).not.toHaveBeenCalled();
  });

  it('builds the provider prompt from the box’s scene and at most 1000 characters of text', () => {
    expect(providerImagePrompt('s18_picture', 'A garden')).toMatch(
      /^A warm, painterly, symbolic illustration of the year ahead.*No text, letters or words.*A garden$/,
    );
    expect(providerImagePrompt('s11_picture', 'x'.repeat(5000)).length).toBeLessThan(1300);
  });
});
