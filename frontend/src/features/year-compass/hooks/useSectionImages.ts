import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import * as yearCompassApi from '../api/year-compass-api';
import { fileProblem } from '../year-compass-data';

/** What an image box can say, as keys of the `image` texts. */
export type ImageMessage =
  'contentRequired' | 'notImage' | 'tooLarge' | 'unsupported' | 'generateError' | 'uploadError';

/** Image work is tracked per box (part 2 §4): idle, generating or uploading, and the last problem. */
export interface ImageState {
  busy: 'generating' | 'uploading' | null;
  message: ImageMessage | null;
}

export const IDLE_IMAGE: ImageState = { busy: null, message: null };

const imageKey = (sectionNumber: number, boxId: string) => `${sectionNumber}:${boxId}`;

function errorCode(error: unknown): string | undefined {
  const body = error instanceof ApiError ? error.body : undefined;
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

interface SectionImagesOptions {
  /** The box's current text (the picture's prompt), or undefined while its section is not shown. */
  boxText(sectionNumber: number, boxId: string): string | undefined;
  /** Shows the new picture once the server has it. */
  showNewImage(sectionNumber: number, boxId: string, imageUrl: string): Promise<void>;
}

/**
 * Generating and uploading pictures, tracked per box in the provider, so switching sections
 * does not lose a 'Generating...' state. One job per box at a time.
 */
export function useSectionImages({ boxText, showNewImage }: SectionImagesOptions) {
  const [images, setImages] = useState<Record<string, ImageState>>({});
  const latest = useRef(images);
  useLayoutEffect(() => {
    latest.current = images;
  });

  const setImage = useCallback((sectionNumber: number, boxId: string, state: ImageState) => {
    setImages((current) => ({ ...current, [imageKey(sectionNumber, boxId)]: state }));
  }, []);

  const generateImage = useCallback(
    async (sectionNumber: number, boxId: string) => {
      const text = boxText(sectionNumber, boxId);
      if (text === undefined || latest.current[imageKey(sectionNumber, boxId)]?.busy) return;
      const prompt = text.trim();
      if (!prompt) {
        setImage(sectionNumber, boxId, { busy: null, message: 'contentRequired' });
        return;
      }
      setImage(sectionNumber, boxId, { busy: 'generating', message: null });
      try {
        const { imageUrl } = await yearCompassApi.generateImage({ prompt, sectionNumber, boxId });
        await showNewImage(sectionNumber, boxId, imageUrl);
        setImage(sectionNumber, boxId, IDLE_IMAGE);
      } catch (error) {
        console.error('Error generating image', error);
        setImage(sectionNumber, boxId, {
          busy: null,
          message: errorCode(error) === 'content_required' ? 'contentRequired' : 'generateError',
        });
      }
    },
    [boxText, setImage, showNewImage],
  );

  const uploadImage = useCallback(
    async (sectionNumber: number, boxId: string, file: File) => {
      if (latest.current[imageKey(sectionNumber, boxId)]?.busy) return;
      const problem = fileProblem(file);
      if (problem) {
        setImage(sectionNumber, boxId, { busy: null, message: problem });
        return;
      }
      setImage(sectionNumber, boxId, { busy: 'uploading', message: null });
      try {
        const { imageUrl } = await yearCompassApi.uploadImage(sectionNumber, boxId, file);
        await showNewImage(sectionNumber, boxId, imageUrl);
        setImage(sectionNumber, boxId, IDLE_IMAGE);
      } catch (error) {
        console.error('Failed to upload image', error);
        const status = error instanceof ApiError ? error.status : 0;
        setImage(sectionNumber, boxId, {
          busy: null,
          message: status === 413 ? 'tooLarge' : status === 415 ? 'unsupported' : 'uploadError',
        });
      }
    },
    [setImage, showNewImage],
  );

  const clearImageMessage = useCallback(
    (sectionNumber: number, boxId: string) =>
      setImages((current) => ({
        ...current,
        [imageKey(sectionNumber, boxId)]: { ...(current[imageKey(sectionNumber, boxId)] ?? IDLE_IMAGE), message: null },
      })),
    [],
  );

  const imageState = useCallback(
    (sectionNumber: number, boxId: string) => images[imageKey(sectionNumber, boxId)] ?? IDLE_IMAGE,
    [images],
  );

  return { imageState, generateImage, uploadImage, clearImageMessage };
}
