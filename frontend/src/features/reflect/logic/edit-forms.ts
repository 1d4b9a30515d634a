import { REFLECT_LIMITS, splitTags, type Reflection, type ReflectionInput, type TakeawayInput } from '@clari/contracts';

/* Validation of the edit forms (REFLECT_LIMITS) and the bodies they send. */

export interface ValidationMessage {
  key: string;
  values?: Record<string, string | number>;
}

export interface ReflectionEdit {
  title: string;
  content: string;
  /** The comma-separated tags input. */
  tags: string;
}

export interface ReflectionEditErrors {
  title?: ValidationMessage;
  content?: ValidationMessage;
  tags?: ValidationMessage;
}

export function validateReflectionEdit(edit: ReflectionEdit): ReflectionEditErrors {
  const errors: ReflectionEditErrors = {};
  if (edit.title.trim().length > REFLECT_LIMITS.titleMax)
    errors.title = { key: 'validation.titleTooLong', values: { max: REFLECT_LIMITS.titleMax } };
  if (edit.content.length > REFLECT_LIMITS.contentMax)
    errors.content = { key: 'validation.contentTooLong', values: { max: REFLECT_LIMITS.contentMax } };
  const tags = splitTags(edit.tags);
  const long = tags.find((tag) => tag.length > REFLECT_LIMITS.tagMax);
  if (tags.length > REFLECT_LIMITS.tagsMax)
    errors.tags = { key: 'validation.tooManyTags', values: { max: REFLECT_LIMITS.tagsMax } };
  else if (long)
    errors.tags = {
      key: 'validation.tagTooLong',
      values: { max: REFLECT_LIMITS.tagMax, tag: `${long.slice(0, 20)}…` },
    };
  return errors;
}

/** The PUT body of an edited reflection: the whole reflection object (part 2 §7 "same body"), never id or dates. */
export function reflectionInputOf(reflection: Reflection, edit: ReflectionEdit): Required<ReflectionInput> {
  return {
    title: edit.title.trim(),
    content: edit.content,
    topic: reflection.topic,
    lifeAreas: reflection.lifeAreas,
    tags: splitTags(edit.tags),
  };
}

/** The tags as the edit form's input shows them. */
export function tagsInputOf(tags: readonly string[]): string {
  return tags.join(', ');
}

export interface TakeawayErrors {
  title?: ValidationMessage;
  content?: ValidationMessage;
}

export function validateTakeaway(input: { title: string; content: string }): TakeawayErrors {
  const errors: TakeawayErrors = {};
  const title = input.title.trim();
  if (!title) errors.title = { key: 'validation.takeawayTitleRequired' };
  else if (title.length > REFLECT_LIMITS.takeawayTitleMax)
    errors.title = { key: 'validation.takeawayTitleTooLong', values: { max: REFLECT_LIMITS.takeawayTitleMax } };
  if (input.content.length > REFLECT_LIMITS.takeawayContentMax)
    errors.content = { key: 'validation.takeawayContentTooLong', values: { max: REFLECT_LIMITS.takeawayContentMax } };
  return errors;
}

export function takeawayInputOf(input: { title: string; content: string }): TakeawayInput {
  return { title: input.title.trim(), content: input.content };
}

export const isValid = (errors: object) => Object.keys(errors).length === 0;
