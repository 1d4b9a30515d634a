import { REFLECT_CLARIFY_PHRASE, REFLECT_LIMITS, splitTags, type Reflection, type Takeaway } from '@clari/contracts';
import {
  aiResultRequest,
  conversationDataOf,
  createOnce,
  discardOnLeave,
  displayTitle,
  forgetCreations,
  hasAiResult,
  headingOf,
  isUntouchedPlaceholder,
  lastUserMessage,
  placeholderReflection,
  reflectionInputOf,
  resetCreation,
  showClarify,
  summaryFlagAfterClarifyReply,
  summaryFlagAfterReply,
  summarySectionState,
  tagsInputOf,
  takeawaySectionState,
  validateReflectionEdit,
  validateTakeaway,
} from './reflect-logic';

const REFLECTION: Reflection = {
  id: '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f',
  title: 'Your Day',
  content: '',
  topic: 'your_day',
  lifeAreas: [],
  tags: [],
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};
const TAKEAWAY: Takeaway = { id: '8d1c2b3a-4e5f-4a6b-9c7d-0e1f2a3b4c5d', reflectionId: REFLECTION.id, title: 'Walk', content: 'After work', createdAt: '', updatedAt: '' };
const SUMMARY = { title: 'Your day: Budget', content: '## What happened\n\nA meeting.', lifeAreas: ['career'], tags: ['budget'] };
const reply = (extra: object = {}) => ({ reply: 'How did it feel?', ...extra });

describe('the summary flag (part 2 §4)', () => {
  it('turns true on a reply with a reflection_summary or mentioning the clarify phrase in any case, and never back to false', () => {
    expect(summaryFlagAfterReply(false, reply())).toBe(false);
    expect(summaryFlagAfterReply(false, reply({ reflection_summary: SUMMARY }))).toBe(true);
    expect(summaryFlagAfterReply(false, reply({ reply: `Write “${REFLECT_CLARIFY_PHRASE.en.toUpperCase()}” when ready.` }))).toBe(true);
    expect(summaryFlagAfterReply(false, reply({ reply: `Skriv ${REFLECT_CLARIFY_PHRASE.sv.toLowerCase()}.` }))).toBe(true);
    expect(summaryFlagAfterReply(true, reply())).toBe(true);
  });

  it('after a Clarify click: stays true with a summary, goes back when Clari had nothing to summarise', () => {
    expect(summaryFlagAfterClarifyReply(true, reply({ reflection_summary: SUMMARY }), REFLECTION)).toBe(true);
    expect(summaryFlagAfterClarifyReply(true, reply(), REFLECTION)).toBe(false);
    expect(summaryFlagAfterClarifyReply(true, reply(), { content: 'Already written' })).toBe(true);
  });

  it('decides what the sections show: the card, Processing... once requested, else the empty texts', () => {
    expect(summarySectionState(REFLECTION, false)).toBe('empty');
    expect(summarySectionState(REFLECTION, true)).toBe('processing');
    expect(summarySectionState({ content: '  ' }, true)).toBe('processing');
    expect(summarySectionState({ content: 'Text' }, true)).toBe('content');
    expect(takeawaySectionState([], REFLECTION, false)).toBe('empty');
    expect(takeawaySectionState([], REFLECTION, true)).toBe('processing');
    expect(takeawaySectionState([], { content: 'Text' }, true)).toBe('empty');
    expect(takeawaySectionState([TAKEAWAY], REFLECTION, false)).toBe('content');
  });

  it('shows Clarify only without a summary, for an existing reflection that is not being created', () => {
    expect(showClarify({ flag: false, reflectionExists: true, creating: false })).toBe(true);
    expect(showClarify({ flag: true, reflectionExists: true, creating: false })).toBe(false);
    expect(showClarify({ flag: false, reflectionExists: false, creating: false })).toBe(false);
    expect(showClarify({ flag: false, reflectionExists: true, creating: true })).toBe(false);
  });
});

describe('Clari’s answer', () => {
  it('is saved when it carries a summary or a list of takeaways', () => {
    expect(hasAiResult({})).toBe(false);
    expect(hasAiResult({ reflection_summary: SUMMARY })).toBe(true);
    expect(hasAiResult({ takeaways: [] })).toBe(true);
  });

  it('passes on only the summary’s and takeaways’ own fields, ids as they came', () => {
    const response = {
      reflection_summary: { ...SUMMARY, lifeAreas: ['career', 'pets'], extra: 'x' },
      takeaways: [{ id: TAKEAWAY.id, title: 'A', content: 'a', extra: 1 }, { title: 'B', content: 'b' }, { id: 7 as unknown as string, title: 'C', content: 'c' }],
    };
    expect(aiResultRequest(response)).toEqual({
      reflection_summary: { title: SUMMARY.title, content: SUMMARY.content, lifeAreas: ['career'], tags: ['budget'] },
      takeaways: [{ id: TAKEAWAY.id, title: 'A', content: 'a' }, { title: 'B', content: 'b' }, { id: 7, title: 'C', content: 'c' }],
    });
    expect(aiResultRequest({ takeaways: [] })).toEqual({ takeaways: [] });
  });

  it('finds the last user message of a history', () => {
    const at = '2026-03-01T10:00:00.000Z';
    expect(lastUserMessage([{ role: 'assistant', content: 'Hi', timestamp: at }])).toBeUndefined();
    expect(lastUserMessage([{ role: 'user', content: 'one', timestamp: at }, { role: 'user', content: 'two', timestamp: at }, { role: 'assistant', content: 'ok', timestamp: at }])).toBe('two');
  });

  it('builds the conversation data of part 2 §3 with the reflection id as thread and area', () => {
    expect(conversationDataOf({ reflection: { ...REFLECTION, content: 'Text' }, takeaways: [TAKEAWAY], flag: true, lastMessage: 'two' })).toEqual({
      topic: 'your_day',
      reflectionId: REFLECTION.id,
      area: REFLECTION.id,
      existingReflection: { id: REFLECTION.id, title: 'Your Day', content: 'Text', topic: 'your_day', lifeAreas: [], tags: [] },
      existingTakeaways: [{ id: TAKEAWAY.id, title: 'Walk', content: 'After work' }],
      reflection_has_summary: true,
      lastUserMessage: 'two',
    });
  });
});

describe('titles', () => {
  const names = (topic: string) => `«${topic}»`;

  it('makes the placeholder from the topic: capitalised words, underscores as spaces; an unknown topic is open_ended', () => {
    expect(placeholderReflection('philosophical_idea')).toEqual({ title: 'Philosophical Idea', content: '', topic: 'philosophical_idea', lifeAreas: [], tags: [] });
    expect(placeholderReflection('gardening')).toEqual({ title: 'Open Ended', content: '', topic: 'open_ended', lifeAreas: [], tags: [] });
    expect(placeholderReflection(undefined).topic).toBe('open_ended');
  });

  it('shows the localized topic name while the title is the untouched placeholder', () => {
    expect(displayTitle(REFLECTION, names)).toBe('«your_day»');
    expect(displayTitle({ ...REFLECTION, title: '' }, names)).toBe('«your_day»');
    expect(displayTitle({ ...REFLECTION, title: 'Budget day' }, names)).toBe('Budget day');
  });

  it('heads the screen with the title, else the topic, else New Reflection', () => {
    expect(headingOf({ reflection: { ...REFLECTION, title: 'Budget day' }, topic: 'your_day', topicName: names, fallback: 'New Reflection' })).toBe('Budget day');
    expect(headingOf({ reflection: null, topic: 'habit', topicName: names, fallback: 'New Reflection' })).toBe('«habit»');
    expect(headingOf({ reflection: null, topic: null, topicName: names, fallback: 'New Reflection' })).toBe('New Reflection');
  });
});

describe('the edit forms', () => {
  it('split tags on commas, trimmed, without empty ones (part 2 §5)', () => {
    expect(splitTags(' stress, work,, mindfulness ,  ,#focus, Work')).toEqual(['stress', 'work', 'mindfulness', 'focus']);
    expect(splitTags('')).toEqual([]);
    expect(tagsInputOf(['stress', 'work'])).toBe('stress, work');
  });

  it('send the whole reflection object, never its id or dates', () => {
    const body = reflectionInputOf({ ...REFLECTION, lifeAreas: ['health'] }, { title: '  New title ', content: 'Body', tags: 'a, b' });
    expect(body).toEqual({ title: 'New title', content: 'Body', topic: 'your_day', lifeAreas: ['health'], tags: ['a', 'b'] });
  });

  it('refuse what the API would refuse, with the limits', () => {
    const ok = { title: 'T', content: 'C', tags: 'a, b' };
    expect(validateReflectionEdit(ok)).toEqual({});
    expect(validateReflectionEdit({ ...ok, title: 'x'.repeat(REFLECT_LIMITS.titleMax) })).toEqual({});
    expect(validateReflectionEdit({ ...ok, title: 'x'.repeat(REFLECT_LIMITS.titleMax + 1) }).title?.key).toBe('validation.titleTooLong');
    expect(validateReflectionEdit({ ...ok, content: 'x'.repeat(REFLECT_LIMITS.contentMax + 1) }).content?.key).toBe('validation.contentTooLong');
    const many = Array.from({ length: REFLECT_LIMITS.tagsMax + 1 }, (_, index) => `tag${index}`).join(',');
    expect(validateReflectionEdit({ ...ok, tags: many }).tags).toEqual({ key: 'validation.tooManyTags', values: { max: REFLECT_LIMITS.tagsMax } });
    expect(validateReflectionEdit({ ...ok, tags: `ok, ${'y'.repeat(REFLECT_LIMITS.tagMax + 1)}` }).tags?.key).toBe('validation.tagTooLong');
    expect(validateTakeaway({ title: '  ', content: '' }).title?.key).toBe('validation.takeawayTitleRequired');
    expect(validateTakeaway({ title: 'x'.repeat(REFLECT_LIMITS.takeawayTitleMax + 1), content: '' }).title?.key).toBe('validation.takeawayTitleTooLong');
    expect(validateTakeaway({ title: 'T', content: 'x'.repeat(REFLECT_LIMITS.takeawayContentMax + 1) }).content?.key).toBe('validation.takeawayContentTooLong');
    expect(validateTakeaway({ title: 'T', content: '' })).toEqual({});
  });
});

describe('the creation guard', () => {
  beforeEach(() => forgetCreations());

  it('creates once per key, however often it is asked, and again after a reset', async () => {
    const create = jest.fn(async () => REFLECTION);
    const [first, second] = [createOnce('entry-1', create), createOnce('entry-1', create)];
    expect(first).toBe(second);
    await expect(first).resolves.toBe(REFLECTION);
    expect(create).toHaveBeenCalledTimes(1);
    await createOnce('entry-2', create);
    expect(create).toHaveBeenCalledTimes(2);
    resetCreation('entry-1');
    await createOnce('entry-1', create);
    expect(create).toHaveBeenCalledTimes(3);
  });
});

describe('untouched placeholders', () => {
  const placeholder = { title: 'Your Day', topic: 'your_day' as const, content: '', lifeAreas: [], tags: [] };
  const quiet = { historyLoaded: true, replyLoading: false, messages: [{ role: 'assistant' }] };

  it('are the placeholder as created: its title (or none), no summary, areas, tags or takeaways', () => {
    expect(isUntouchedPlaceholder(placeholder)).toBe(true);
    expect(isUntouchedPlaceholder({ ...placeholder, title: '  ' })).toBe(true);
    expect(isUntouchedPlaceholder({ ...placeholder, title: 'My day at the lake' })).toBe(false);
    expect(isUntouchedPlaceholder({ ...placeholder, content: 'I swam.' })).toBe(false);
    expect(isUntouchedPlaceholder({ ...placeholder, tags: ['lake'] })).toBe(false);
    expect(isUntouchedPlaceholder({ ...placeholder, lifeAreas: ['health'] })).toBe(false);
    expect(isUntouchedPlaceholder(placeholder, [{}])).toBe(false);
  });

  it('are deleted on leaving only when the user wrote nothing to Clari either', () => {
    expect(discardOnLeave({ reflection: placeholder, takeaways: [], chat: quiet, createdHere: false })).toBe(true);
    expect(discardOnLeave({ reflection: placeholder, takeaways: [], chat: { ...quiet, messages: [{ role: 'assistant' }, { role: 'user' }] }, createdHere: true })).toBe(false);
    expect(discardOnLeave({ reflection: placeholder, takeaways: [], chat: { ...quiet, replyLoading: true }, createdHere: true })).toBe(false);
    expect(discardOnLeave({ reflection: { ...placeholder, content: 'x' }, takeaways: [], chat: quiet, createdHere: true })).toBe(false);
  });

  it('are deleted before their chat has loaded only when this visit created them', () => {
    const loading = { historyLoaded: false, replyLoading: false, messages: [] };
    expect(discardOnLeave({ reflection: placeholder, takeaways: [], chat: loading, createdHere: true })).toBe(true);
    expect(discardOnLeave({ reflection: null, takeaways: [], chat: loading, createdHere: true })).toBe(true);
    expect(discardOnLeave({ reflection: placeholder, takeaways: [], chat: loading, createdHere: false })).toBe(false);
    expect(discardOnLeave({ reflection: null, takeaways: [], chat: loading, createdHere: false })).toBe(false);
  });
});
