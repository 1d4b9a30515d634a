import type { ConversationData, YearCompassBoxUpdate } from '@clari/contracts';
import type { TurnContext } from '../../assistant/handlers/domain-handler';
import type { YearCompassRepository } from '../year-compass.repository';
import {
  REFLECT_PHASE,
  YearCompassSectionHandler,
  appendText,
  boxContentsOf,
  sectionNumberOf,
} from './section.handler';
import { sectionContent } from '../year-compass-content';

interface OfflineAnswer {
  reply: string;
  suggestions: string[];
  phase: string;
  updates: YearCompassBoxUpdate[];
}

function setup() {
  const appendToBoxes = jest.fn().mockResolvedValue(undefined);
  const handler = new YearCompassSectionHandler({ appendToBoxes } as unknown as YearCompassRepository);
  return { handler, appendToBoxes };
}

function turn(overrides: Partial<TurnContext> & { data: ConversationData }): TurnContext {
  return {
    domain: 'yearcompass_dynamicsection',
    threadId: '3',
    language: 'en',
    message: 'Hello',
    history: [],
    phase: 's3_moments',
    ...overrides,
  };
}

const section3 = (moments = '', grateful = '') => ({
  sectionNumber: 3,
  boxes: [
    { id: 's3_moments', content: moments },
    { id: 's3_grateful', content: grateful },
  ],
});

describe('Year Compass section handler: reading conversationData', () => {
  it('takes the section from a number or a numeric string, 1–19 only', () => {
    expect(sectionNumberOf({ sectionNumber: 7 })).toBe(7);
    expect(sectionNumberOf({ sectionNumber: ' 12 ' })).toBe(12);
    for (const bad of [0, 20, '3a', 2.5, null, undefined, ''])
      expect(sectionNumberOf({ sectionNumber: bad })).toBeNull();
  });

  it('reads box contents from a list or a map, keeping only the section’s own boxes', () => {
    const section = sectionContent(3, 'en');
    if (!section) throw new Error('section 3 missing');
    const fromList = boxContentsOf(
      {
        boxes: [
          { id: 's3_moments', content: ' A ' },
          { box_id: 's3_grateful', content: 'B' },
          { id: 's4_how', content: 'other' },
          'junk',
        ],
      },
      section,
    );
    expect([...fromList]).toEqual([
      ['s3_moments', 'A'],
      ['s3_grateful', 'B'],
    ]);
    expect([
      ...boxContentsOf({ boxes: { s3_moments: 'A', s3_grateful: { content: 'B' }, s9_forgive: 'x' } }, section),
    ]).toEqual([
      ['s3_moments', 'A'],
      ['s3_grateful', 'B'],
    ]);
  });

  it('appends after a blank line, never replacing', () => {
    expect(appendText('', 'new')).toBe('new');
    expect(appendText('old', 'new')).toBe('old\n\nnew');
  });

  it('writes only answers: skips, help, questions, chips and small talk leave every box as it is', () => {
    const { handler } = setup();
    const ask = (message: string, phase = 's3_moments') =>
      handler.offline(turn({ phase, message, data: section3() })) as OfflineAnswer;
    for (const message of [
      'Skip this box',
      'Hoppa över den här rutan',
      'next',
      'Help me get started',
      'Hjälp mig komma igång',
      "I don't know",
      'Vet inte',
      'What should I write here?',
      'What do you mean?',
      'Vad menar du?',
      'Hi!',
      'Thanks',
      'ok',
      'Can we take a break?',
    ]) {
      expect({ message, updates: ask(message).updates }).toEqual({ message, updates: [] });
    }
    expect(ask('Skip this box').phase).toBe('s3_grateful');
    expect(ask('What do you mean?').phase).toBe('s3_moments');
    expect(ask('I finally managed to move on from that job.').updates).toEqual([
      { box_id: 's3_moments', section_number: 3, content: 'I finally managed to move on from that job.' },
    ]);
    expect(ask("I don't know why, but the spring was hard.").updates).toHaveLength(1);
  });
});

describe('Year Compass section handler: the offline guide', () => {
  it('starts with the first empty box, and reflects when all have content', () => {
    const { handler } = setup();
    expect(handler.initialPhase(section3())).toBe('s3_moments');
    expect(handler.initialPhase(section3('A moment'))).toBe('s3_grateful');
    expect(handler.initialPhase(section3('A', 'B'))).toBe(REFLECT_PHASE);
    expect(handler.initialPhase({ sectionNumber: 99 })).toBe(REFLECT_PHASE);
    const opening = handler.opening({
      domain: 'yearcompass_dynamicsection',
      language: 'sv',
      data: section3('A'),
      phase: 's3_grateful',
    });
    expect(opening.greeting).toContain('**Tacksam för:**');
    expect(opening.suggestions).toEqual(['Hjälp mig komma igång', 'Hoppa över den här rutan']);
  });

  it('writes the answer into the box it asked about and asks the next empty one', () => {
    const { handler } = setup();
    const answer = handler.offline(
      turn({ message: '  Midsummer with my sister. ', data: section3() }),
    ) as OfflineAnswer;
    expect(answer.updates).toEqual([{ box_id: 's3_moments', section_number: 3, content: 'Midsummer with my sister.' }]);
    expect(answer.reply).toContain('I’ve added that to **Moments to remember**.');
    expect(answer.reply).toContain('**Grateful for:**');
    expect(answer.phase).toBe('s3_grateful');
  });

  it('answers in Swedish and wraps around to an earlier empty box', () => {
    const { handler } = setup();
    const answer = handler.offline(
      turn({ language: 'sv', phase: 's3_grateful', message: 'Min syster.', data: section3() }),
    ) as OfflineAnswer;
    expect(answer.updates).toEqual([{ box_id: 's3_grateful', section_number: 3, content: 'Min syster.' }]);
    expect(answer.reply).toContain('Jag har lagt till det i **Tacksam för**.');
    expect(answer.reply).toContain('**Stunder att minnas:**');
    expect(answer.phase).toBe('s3_moments');
  });

  it('marks the section as done when the last empty box is answered', () => {
    const { handler } = setup();
    const answer = handler.offline(
      turn({ phase: 's3_grateful', message: 'My friends.', data: section3('Summer') }),
    ) as OfflineAnswer;
    expect(answer.phase).toBe(REFLECT_PHASE);
    expect(answer.reply).toContain('Now every box in **The best moments of');
  });

  it('skips without writing, and helps without writing', () => {
    const { handler } = setup();
    const skipped = handler.offline(turn({ message: 'Skip this box', data: section3() })) as OfflineAnswer;
    expect(skipped).toMatchObject({ updates: [], phase: 's3_grateful' });
    expect(skipped.reply).toContain('Let’s leave **Moments to remember** for now');
    const help = handler.offline(turn({ message: 'Help me get started', data: section3() })) as OfflineAnswer;
    expect(help).toMatchObject({ updates: [], phase: 's3_moments' });
    expect(help.reply).toContain('there is no right answer');
    const lastSkipped = handler.offline(
      turn({ phase: 's3_grateful', message: 'skip', data: section3('Summer') }),
    ) as OfflineAnswer;
    expect(lastSkipped.phase).toBe(REFLECT_PHASE);
    expect(lastSkipped.reply).not.toContain('Now every box');
  });

  it('reflects once every box has content', () => {
    const { handler } = setup();
    const reflect = handler.offline(
      turn({ phase: REFLECT_PHASE, message: 'I am proud of how I handled the move.', data: section3('A', 'B') }),
    ) as OfflineAnswer;
    expect(reflect.updates).toEqual([]);
    expect(reflect.reply).toContain('You write: “I am proud of how I handled the move”.');
  });

  it('answers a thread without a valid section with a pointer to the sections', () => {
    const { handler } = setup();
    const answer = handler.offline(turn({ data: { sectionNumber: 'x' } })) as OfflineAnswer;
    expect(answer).toMatchObject({
      updates: [],
      reply: expect.stringContaining('Open one of the Year Compass sections'),
    });
  });
});

describe('Year Compass section handler: validating answers and applying updates', () => {
  it('keeps only updates for existing boxes of the section, one per box, within the limit, as the whole new text', () => {
    const { handler } = setup();
    const result = handler.parse(
      {
        reply: 'Added.',
        suggestions: ['More'],
        phase: 's3_grateful',
        updates: [
          { box_id: 's3_moments', section_number: 3, content: 'The lake.' },
          { box_id: 's3_moments', section_number: 3, content: 'Twice.' },
          { box_id: 's3_grateful', section_number: 3, content: 'x'.repeat(9990) },
          { box_id: 's4_how', section_number: 3, content: 'Other section' },
          { box_id: 's3_grateful', section_number: 4, content: 'Wrong number' },
          { box_id: 'nope', section_number: 3, content: 'Unknown' },
          'junk',
        ],
      },
      turn({ data: section3('Summer', 'Friends and family') }),
    );
    expect(result).toEqual({
      reply: 'Added.',
      suggestions: ['More'],
      phase: 's3_grateful',
      updates: [{ box_id: 's3_moments', section_number: 3, content: 'Summer\n\nThe lake.' }],
    });
  });

  it('drops a repeat of what the box holds, and an unknown phase', () => {
    const { handler } = setup();
    const result = handler.parse(
      {
        reply: 'Ok',
        suggestions: [],
        phase: 's9_forgive',
        updates: [{ box_id: 's3_moments', section_number: 3, content: 'Summer' }],
      },
      turn({ data: section3('Summer') }),
    );
    expect(result).toMatchObject({ updates: [], phase: 's3_moments' });
    expect(handler.parse({ suggestions: [] }, turn({ data: section3() }))).toBeNull();
  });

  it('appends only the new text to the user’s boxes after a valid answer', async () => {
    const { handler, appendToBoxes } = setup();
    const context = turn({ data: section3('Summer') });
    const result = handler.parse(
      {
        reply: 'Ok',
        suggestions: [],
        phase: 's3_grateful',
        updates: [
          { box_id: 's3_moments', section_number: 3, content: 'The lake.' },
          { box_id: 's3_grateful', section_number: 3, content: 'Mum' },
        ],
      },
      context,
    );
    if (!result) throw new Error('expected a result');
    await handler.onAnswered('user-1', result, context);
    expect(appendToBoxes).toHaveBeenCalledWith('user-1', 3, [
      { boxId: 's3_moments', content: 'The lake.' },
      { boxId: 's3_grateful', content: 'Mum' },
    ]);
    await handler.onAnswered('user-1', { ...result, updates: [] }, context);
    expect(appendToBoxes).toHaveBeenCalledTimes(1);
  });

  it('gives the model the section and its boxes as data, with a schema for updates', () => {
    const { handler } = setup();
    const messages = handler.prompt(turn({ message: 'Hi', data: section3('Summer') }));
    const context = messages.find((message) => message.content.startsWith('CONTEXT'))?.content ?? '';
    expect(context).toContain('"id":"s3_moments"');
    expect(context).toContain('"content":"Summer"');
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'Hi' });
    expect(JSON.stringify(handler.schema)).toContain('section_number');
  });
});

describe('Year Compass section handler: topics and reflection', () => {
  const section2 = (contents: Record<string, string> = {}) => ({
    sectionNumber: 2,
    boxes: Object.entries(contents).map(([id, content]) => ({ id, content })),
  });

  it('puts an answer in the life-area box its topic matches, else in the box asked about, and keeps asking the empty one', () => {
    const { handler } = setup();
    const work = handler.offline(
      turn({ phase: 's2_relationships', message: 'Work was stressful all autumn.', data: section2() }),
    ) as OfflineAnswer;
    expect(work.updates).toEqual([{ box_id: 's2_work', section_number: 2, content: 'Work was stressful all autumn.' }]);
    expect(work.phase).toBe('s2_relationships');
    const swedish = handler.offline(
      turn({
        language: 'sv',
        phase: 's2_relationships',
        message: 'Jobbet var tungt. Mina vänner höll mig uppe.',
        data: section2(),
      }),
    ) as OfflineAnswer;
    expect(swedish.updates).toEqual([
      { box_id: 's2_work', section_number: 2, content: 'Jobbet var tungt.' },
      { box_id: 's2_relationships', section_number: 2, content: 'Mina vänner höll mig uppe.' },
    ]);
    const plain = handler.offline(
      turn({ phase: 's2_health', message: 'A calm year, mostly.', data: section2() }),
    ) as OfflineAnswer;
    expect(plain.updates).toEqual([{ box_id: 's2_health', section_number: 2, content: 'A calm year, mostly.' }]);
  });

  it('reflects on the boxes when asked, never echoing a question or a chip back', () => {
    const { handler } = setup();
    const full = section3('Our trip to the coast with my family.', 'My family and my health.');
    for (const message of [
      'What stands out in what I wrote?',
      'Vad sticker ut i det jag skrev?',
      'What do you think?',
    ]) {
      const answer = handler.offline(turn({ phase: REFLECT_PHASE, message, data: full })) as OfflineAnswer;
      expect(answer.updates).toEqual([]);
      expect(answer.reply).not.toContain(message);
      expect(answer.reply).not.toMatch(/You write|Du skriver/);
    }
    const theme = handler.offline(
      turn({ phase: REFLECT_PHASE, message: 'What stands out in what I wrote?', data: full }),
    ) as OfflineAnswer;
    expect(theme.reply).toContain('**family**');
  });
});
