import { EXAMPLE_DEFINITION, isInterviewGuide, parseInterviewDefinition } from './interview-definition';

describe('parseInterviewDefinition', () => {
  it('accepts a complete definition, trims texts and defaults active and retentionDays', () => {
    const { active: _active, retentionDays: _days, ...rest } = EXAMPLE_DEFINITION;
    const result = parseInterviewDefinition({ ...rest, title: { en: '  Study habits ', sv: 'Studievanor' } });
    expect(result).toEqual({ ok: true, definition: { ...EXAMPLE_DEFINITION, active: true, retentionDays: 30 } });
  });

  it('keeps an explicit inactive flag and retention', () => {
    const result = parseInterviewDefinition({ ...EXAMPLE_DEFINITION, active: false, retentionDays: 7 });
    expect(result.ok && result.definition).toMatchObject({ active: false, retentionDays: 7 });
  });

  it('reports every problem with its path', () => {
    const result = parseInterviewDefinition({
      title: { en: 'x'.repeat(201), sv: '' },
      description: 'not localised',
      guide: { goal: { en: 'g', sv: 'm' }, tone: { en: 't', sv: 't' }, questions: [{ en: 'Q?', sv: 5 }] },
      active: 'yes',
      retentionDays: 0,
      owner: 'me',
    });
    expect(result).toEqual({
      ok: false,
      errors: [
        'Unknown field "owner"',
        'title.en can be at most 200 characters long',
        'title.sv must be a non-empty text',
        'description must be an object with "en" and "sv" texts',
        'guide.questions[0].sv must be a non-empty text',
        'active must be true or false',
        'retentionDays must be a whole number from 1 to 3650',
      ],
    });
  });

  it('needs 1 to 30 questions and a guide object', () => {
    const none = parseInterviewDefinition({
      ...EXAMPLE_DEFINITION,
      guide: { ...EXAMPLE_DEFINITION.guide, questions: [] },
    });
    expect(none.ok ? [] : none.errors).toEqual([
      'guide.questions must be a list of 1 to 30 questions, each {"en": …, "sv": …}',
    ]);
    const many = parseInterviewDefinition({
      ...EXAMPLE_DEFINITION,
      guide: { ...EXAMPLE_DEFINITION.guide, questions: Array(31).fill({ en: 'Q', sv: 'F' }) },
    });
    expect(many.ok).toBe(false);
    const noGuide = parseInterviewDefinition({ ...EXAMPLE_DEFINITION, guide: null });
    expect(noGuide.ok ? [] : noGuide.errors[0]).toBe('guide must be an object with goal, tone and questions');
    expect(parseInterviewDefinition([1, 2])).toEqual({ ok: false, errors: ['The file must hold a JSON object'] });
  });
});

describe('isInterviewGuide', () => {
  it('recognises a stored guide', () => {
    expect(isInterviewGuide(EXAMPLE_DEFINITION.guide)).toBe(true);
    expect(isInterviewGuide({ ...EXAMPLE_DEFINITION.guide, questions: [] })).toBe(false);
    expect(isInterviewGuide({ goal: 'x', tone: 'y', questions: [{ en: 'a', sv: 'b' }] })).toBe(false);
  });

  it('accepts a rephrasing, an example and a follow-up per question, in both languages, and names unknown fields', () => {
    const question = {
      en: 'How do you plan?',
      sv: 'Hur planerar du?',
      rephrase: { en: ' In other words? ', sv: 'Med andra ord?' },
      example: { en: 'A list.', sv: 'En lista.' },
      probe: { en: 'When?', sv: 'När?' },
    };
    const result = parseInterviewDefinition({
      ...EXAMPLE_DEFINITION,
      guide: { ...EXAMPLE_DEFINITION.guide, questions: [question] },
    });
    expect(result).toMatchObject({
      ok: true,
      definition: {
        guide: { questions: [{ ...question, rephrase: { en: 'In other words?', sv: 'Med andra ord?' } }] },
      },
    });
    const wrong = parseInterviewDefinition({
      ...EXAMPLE_DEFINITION,
      guide: {
        ...EXAMPLE_DEFINITION.guide,
        questions: [{ en: 'a', sv: 'b', hint: 'x', probe: { en: 'only English' } }],
      },
    });
    expect(wrong).toEqual({
      ok: false,
      errors: [
        'Unknown field "guide.questions[0].hint" (a question has en, sv and optionally rephrase, example, probe)',
        'guide.questions[0].probe.sv must be a non-empty text',
      ],
    });
    expect(
      isInterviewGuide({ ...EXAMPLE_DEFINITION.guide, questions: [{ en: 'a', sv: 'b', probe: 'not localized' }] }),
    ).toBe(false);
  });
});
