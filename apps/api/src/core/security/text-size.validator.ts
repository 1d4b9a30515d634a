import { ValidateBy, type ValidationOptions } from 'class-validator';
import { textLength } from './json-body';

/**
 * Bounds free-form JSON (e.g. a chat's conversationData) by the characters of all its strings
 * and keys together, so nothing downstream (scrubbing, prompts, storage) sees more than the
 * largest thing the SPA legitimately sends.
 */
export function MaxTextSize(max: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'maxTextSize',
      constraints: [max],
      validator: {
        validate: (value: unknown) => textLength(value, max) <= max,
        defaultMessage: () => `$property can hold at most ${max} characters.`,
      },
    },
    options,
  );
}
