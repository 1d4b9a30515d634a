import {
  REFLECT_CLARIFY_PHRASE,
  cleanTags,
  isUuidShaped,
  mentionsClarifyPhrase,
  placeholderTitle,
  reflectTopicOr,
  splitTags,
} from './reflect';

describe('reflect contracts', () => {
  it('cleans tags: trimmed, no leading #, no empties, no case-insensitive duplicates', () => {
    expect(cleanTags(['  stress ', '#work', '', '   ', 'Stress', 'Mindfulness', '##'])).toEqual([
      'stress',
      'work',
      'Mindfulness',
    ]);
    expect(splitTags('stress, work,, mindfulness ,work')).toEqual(['stress', 'work', 'mindfulness']);
  });

  it('titles a new reflection after its topic (part 2 §4)', () => {
    expect(placeholderTitle('your_day')).toBe('Your Day');
    expect(placeholderTitle('philosophical_idea')).toBe('Philosophical Idea');
    expect(placeholderTitle('habit')).toBe('Habit');
  });

  it('falls back to open_ended for a missing or unknown topic', () => {
    expect(reflectTopicOr('conflict')).toBe('conflict');
    expect(reflectTopicOr('cooking')).toBe('open_ended');
    expect(reflectTopicOr(undefined)).toBe('open_ended');
  });

  it('finds the clarify phrase of either language, case-insensitively, inside a text', () => {
    expect(REFLECT_CLARIFY_PHRASE).toEqual({
      en: 'Please clarify and summarize my reflection',
      sv: 'Förtydliga och sammanfatta min reflektion',
    });
    expect(mentionsClarifyPhrase('please CLARIFY and summarize my reflection.')).toBe(true);
    expect(mentionsClarifyPhrase('Okej. FÖRTYDLIGA OCH SAMMANFATTA MIN REFLEKTION')).toBe(true);
    expect(mentionsClarifyPhrase('Please summarize my reflection')).toBe(false);
    expect(mentionsClarifyPhrase(42)).toBe(false);
  });

  it('treats only UUID-shaped strings as takeaway ids', () => {
    expect(isUuidShaped('3F2B8C1E-9D4A-4C6B-8E2F-1A2B3C4D5E6F')).toBe(true);
    expect(isUuidShaped(12)).toBe(false);
    expect(isUuidShaped('12')).toBe(false);
    expect(isUuidShaped(null)).toBe(false);
  });
});
