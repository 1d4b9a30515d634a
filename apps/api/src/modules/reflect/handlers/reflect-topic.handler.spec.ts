import { REFLECT_CLARIFY_PHRASE, REFLECT_TOPICS, type ChatHistoryItem, type Language } from '@clari/contracts';
import type { TurnContext } from '../../assistant/handlers/domain-handler';
import { REFLECT_GUIDE } from './reflect-guide';
import { ReflectTopicHandler } from './reflect-topic.handler';

const handler = new ReflectTopicHandler();
const EXISTING_ID = '8d1c2b3a-4e5f-4a6b-9c7d-0e1f2a3b4c5d';

function thread(messages: string[]): ChatHistoryItem[] {
  return messages.flatMap((content) => [
    { role: 'user' as const, content, timestamp: '' },
    { role: 'assistant' as const, content: 'Thank you.', timestamp: '' },
  ]);
}

function turn(overrides: Partial<TurnContext> = {}): TurnContext {
  return {
    domain: 'reflect_topic',
    threadId: 'r',
    language: 'en',
    message: 'Hello',
    history: [],
    data: { topic: 'your_day', reflectionId: 'r' },
    phase: 'reflect',
    ...overrides,
  };
}

const ENGLISH_DAY = [
  'Today I had a long meeting with my boss about the presentation. It went fine but I was exhausted afterwards.',
  'I felt nervous before the presentation and then relieved. My sleep has been bad all week.',
  'What mattered most was that my team trusted me with the presentation.',
  'I realise that I prepare better in small steps.',
  'I will go to bed before eleven on weekdays.',
];
const SWEDISH_DAY = [
  'Idag hade jag ett långt möte med min chef om presentationen. Det gick bra men jag var helt slut efteråt.',
  'Jag var nervös före presentationen och sedan lättad. Min sömn har varit dålig hela veckan.',
  'Det viktigaste var att mitt team litade på mig.',
  'Jag inser att jag förbereder mig bättre i små steg.',
  'Jag ska gå och lägga mig före elva på vardagar.',
];

describe('ReflectTopicHandler: the conversation', () => {
  it.each(
    REFLECT_TOPICS.flatMap((topic) => (['en', 'sv'] as Language[]).map((language) => [topic, language] as const)),
  )('%s opens with its own first question in %s', (topic, language) => {
    const opening = handler.opening({
      domain: 'reflect_topic',
      language,
      data: { topic, reflectionId: 'r' },
      phase: 'reflect',
    });
    const guide = REFLECT_GUIDE[language].topics[topic];
    expect(opening.greeting).toBe(`${guide.intro} ${guide.questions[0]}`);
    expect(opening.suggestions.length).toBeGreaterThan(0);
    const other = language === 'en' ? 'sv' : 'en';
    expect(opening.greeting).not.toBe(
      handler.opening({ domain: 'reflect_topic', language: other, data: { topic }, phase: 'reflect' }).greeting,
    );
  });

  it('gives every topic its own questions, one heading per question', () => {
    for (const language of ['en', 'sv'] as const) {
      const firsts = new Set(REFLECT_TOPICS.map((topic) => REFLECT_GUIDE[language].topics[topic].questions[0]));
      expect(firsts.size).toBe(9);
      for (const topic of REFLECT_TOPICS) {
        const guide = REFLECT_GUIDE[language].topics[topic];
        expect(guide.sections).toHaveLength(guide.questions.length);
        expect(guide.questions.length).toBeGreaterThanOrEqual(5);
      }
    }
    expect(REFLECT_GUIDE.sv.topics.conflict.questions[2]).toBe(
      'Vad behövde du i situationen, och vad kan den andra personen ha behövt?',
    );
    expect(REFLECT_GUIDE.en.topics.habit.questions[1]).toContain('What is the cue');
  });

  it('an unknown topic falls back to open_ended; a known reflection is welcomed back', () => {
    expect(
      handler.opening({ domain: 'reflect_topic', language: 'en', data: { topic: 'cooking' }, phase: 'reflect' })
        .greeting,
    ).toContain('What would you like to reflect on today?');
    const back = handler.opening({
      domain: 'reflect_topic',
      language: 'sv',
      data: { topic: 'habit', existingReflection: { title: 'Min kvällsvana', content: '## Vanan\n\nJag scrollar.' } },
      phase: 'reflect',
    });
    expect(back.greeting).toBe(
      'Välkommen tillbaka till ”Min kvällsvana”. Vill du lägga till något, eller se på det från ett nytt håll?',
    );
  });

  it('walks a conflict through both sides, needs and a next step, mirroring the first answer', () => {
    const data = { topic: 'conflict', reflectionId: 'r' };
    const first = handler.offline(turn({ data, message: 'My colleague and I argued about the deadline.' }));
    expect(first.reply).toBe(
      'Thank you for sharing that. You write: “My colleague and I argued about the deadline”. How did you see the situation, and how do you think the other person saw it?',
    );
    expect(first.suggestions).not.toContain(REFLECT_CLARIFY_PHRASE.en);
    const second = handler.offline(
      turn({
        data,
        message: 'I thought the plan was clear.',
        history: thread(['My colleague and I argued about the deadline.']),
      }),
    );
    expect(second.reply).toContain('What did you need in that situation, and what might the other person have needed?');
    expect(second.suggestions).toContain(REFLECT_CLARIFY_PHRASE.en);
    const last = handler.offline(
      turn({ data, message: 'I will ask her for a coffee.', history: thread(['a b', 'c d', 'e f', 'g h']) }),
    );
    expect(last.reply).toContain('That gives me a good picture of the conflict. When you are ready, press **Clarify**');
    expect(last.reply).not.toContain(REFLECT_CLARIFY_PHRASE.en);
    expect(last.suggestions).toEqual([REFLECT_CLARIFY_PHRASE.en]);
  });

  it('asks a habit’s cue, reward and tiny version in Swedish, answering a named feeling first', () => {
    const data = { topic: 'habit', reflectionId: 'r' };
    const reply = handler.offline(
      turn({ language: 'sv', data, message: 'Jag är stressad och scrollar på mobilen varje kväll.' }),
    ).reply;
    expect(reply).toMatch(/^Det verkar finnas mycket oro i det här\./);
    expect(reply).toContain('Vad är signalen');
    expect(
      handler.offline(
        turn({ language: 'sv', data, message: 'På kvällen i soffan.', history: thread(['Jag scrollar för mycket.']) }),
      ).reply,
    ).toContain('Vad är belöningen');
    expect(
      handler.offline(turn({ language: 'sv', data, message: 'Den lugnar mig.', history: thread(['x y', 'z w']) }))
        .reply,
    ).toContain('pytteliten version');
  });

  it('open_ended follows the general guide and asks about a life area that comes up', () => {
    const reply = handler.offline(
      turn({ language: 'sv', data: { reflectionId: 'r' }, message: 'Jag är så trött på jobbet just nu.' }),
    ).reply;
    expect(reply).toContain('energi');
    expect(reply).toContain('Vad skulle få ditt arbete att kännas meningsfullt');
  });
});

describe('ReflectTopicHandler: clarify writes the reflection', () => {
  it('in English, from the user’s own words: sections, title, areas, tags and takeaways', () => {
    const answer = handler.offline(turn({ message: REFLECT_CLARIFY_PHRASE.en, history: thread(ENGLISH_DAY) }));
    expect(answer.phase).toBe('summary');
    expect(answer.reply).toBe(
      'Here is your reflection, written from what you told me, with 2 takeaways. You can edit both. If you want to add something, just write, and ask me to update it afterwards.',
    );
    expect(answer.reflection_summary).toEqual({
      title: 'Your day: Presentation',
      content: [
        '## What happened',
        'Today I had a long meeting with my boss about the presentation. It went fine but I was exhausted afterwards.',
        '## How it felt',
        'I felt nervous before the presentation and then relieved. My sleep has been bad all week.',
        '## What mattered',
        'What mattered most was that my team trusted me with the presentation.',
        '## A moment to remember',
        'I realise that I prepare better in small steps.',
        '## What I take into tomorrow',
        'I will go to bed before eleven on weekdays.',
      ].join('\n\n'),
      lifeAreas: ['career', 'health'],
      tags: ['presentation', 'exhausted', 'relieved', 'weekdays', 'meeting'],
    });
    expect(answer.takeaways).toEqual([
      {
        title: 'I prepare better in small steps',
        content:
          'In your own words: “I realise that I prepare better in small steps.”\n\nKeep this insight close, and notice when it shows up again.',
      },
      {
        title: 'Go to bed before eleven on weekdays',
        content:
          'In your own words: “I will go to bed before eleven on weekdays.”\n\nDecide when and where you will do it, and notice how it goes.',
      },
    ]);
    const parsed = handler.parse(answer, turn({ message: REFLECT_CLARIFY_PHRASE.en, history: thread(ENGLISH_DAY) }));
    expect(parsed?.extra).toEqual({ reflection_summary: answer.reflection_summary, takeaways: answer.takeaways });
  });

  it('in Swedish, with Swedish headings and wording', () => {
    const answer = handler.offline(
      turn({ language: 'sv', message: REFLECT_CLARIFY_PHRASE.sv, history: thread(SWEDISH_DAY) }),
    );
    expect(answer.reply).toMatch(/^Här är din reflektion, skriven utifrån det du berättat, med 2 insikter\./);
    expect(answer.reflection_summary?.title).toBe('Din dag: Presentation');
    expect(answer.reflection_summary?.content).toContain(
      '## Vad som hände\n\nIdag hade jag ett långt möte med min chef om presentationen.',
    );
    expect(answer.reflection_summary?.content).toContain('## Hur det kändes\n\nJag var nervös före presentationen');
    expect(answer.reflection_summary?.lifeAreas).toEqual(['career', 'health']);
    expect(answer.reflection_summary?.tags).toEqual(['presentation', 'förbereder', 'vardagar', 'nervös', 'lättad']);
    expect(answer.takeaways).toEqual([
      {
        title: 'Jag förbereder mig bättre i små steg',
        content:
          'Med dina egna ord: ”Jag inser att jag förbereder mig bättre i små steg.”\n\nHåll den här insikten nära, och lägg märke till när den dyker upp igen.',
      },
      {
        title: 'Gå och lägga mig före elva på vardagar',
        content:
          'Med dina egna ord: ”Jag ska gå och lägga mig före elva på vardagar.”\n\nBestäm när och var du ska göra det, och lägg märke till hur det går.',
      },
    ]);
  });

  it('gathers intentions that are not already the last section under “What I will do”', () => {
    const answers = [
      'We argued about who does the dishes. I will talk to him on Sunday.',
      'He saw it as unfair.',
      'I needed help.',
    ];
    const answer = handler.offline(
      turn({ data: { topic: 'conflict' }, message: REFLECT_CLARIFY_PHRASE.en, history: thread(answers) }),
    );
    expect(answer.reflection_summary?.content).toMatch(
      /## Needs\n\nI needed help\.\n\n## What I will do\n\n- I will talk to him on Sunday\.$/,
    );
    expect(answer.reflection_summary?.title).toBe('A conflict: We argued about who does the dishes');
  });

  it('fills up to two takeaways from the topic’s core answer and the topic itself', () => {
    const answers = ['I want to run a marathon one day.', 'It is about proving to myself that I can do hard things.'];
    const answer = handler.offline(
      turn({ data: { topic: 'life_goal' }, message: REFLECT_CLARIFY_PHRASE.en, history: thread(answers) }),
    );
    expect(answer.takeaways).toEqual([
      {
        title: 'Run a marathon one day',
        content:
          'In your own words: “I want to run a marathon one day.”\n\nDecide when and where you will do it, and notice how it goes.',
      },
      {
        title: 'Why this goal matters',
        content:
          'In your own words: “It is about proving to myself that I can do hard things.”\n\nLet this guide your next choice.',
      },
    ]);
    const bare = handler.offline(
      turn({
        data: { topic: 'habit' },
        message: REFLECT_CLARIFY_PHRASE.en,
        history: thread(['Scrolling on my phone in bed every night.']),
      }),
    );
    expect(bare.takeaways).toEqual([
      {
        title: 'The habit',
        content: 'In your own words: “Scrolling on my phone in bed every night.”\n\nLet this guide your next choice.',
      },
      { title: 'Make it tiny', content: REFLECT_GUIDE.en.topics.habit.fallbackTakeaway.content },
    ]);
  });

  it('is triggered case-insensitively within a message, in either language, or by conversationData.clarify', () => {
    const history = thread(ENGLISH_DAY);
    expect(
      handler.offline(turn({ message: 'ok — PLEASE CLARIFY AND SUMMARIZE MY REFLECTION!', history }))
        .reflection_summary,
    ).toBeDefined();
    expect(
      handler.offline(turn({ message: 'förtydliga och sammanfatta min reflektion', history })).reflection_summary,
    ).toBeDefined();
    // A meta message is never pasted into the reflection; "update"/"summarise" asks for the same as the button.
    expect(
      handler.offline(turn({ message: 'That is all.', history, data: { topic: 'your_day', clarify: true } }))
        .reflection_summary?.content,
    ).not.toContain('That is all.');
    expect(handler.offline(turn({ message: 'Please summarise it', history })).reflection_summary).toBeDefined();
    expect(
      handler.offline(turn({ message: 'Please update my reflection', history })).reflection_summary?.content,
    ).not.toContain('Please update');
  });

  it('keeps existing takeaways with their ids and adds only new ones; merges areas and tags', () => {
    const data = {
      topic: 'your_day',
      existingReflection: { title: 'Old', content: 'Old text', lifeAreas: ['family', 'pets'], tags: ['mornings'] },
      existingTakeaways: [
        { id: EXISTING_ID, title: 'Go to bed before eleven on weekdays', content: 'My own edited version.' },
        { id: 7, title: 'Numeric ids are not takeaways of the store', content: '' },
      ],
      reflection_has_summary: true,
    };
    const answer = handler.offline(turn({ data, message: REFLECT_CLARIFY_PHRASE.en, history: thread(ENGLISH_DAY) }));
    expect(answer.takeaways).toEqual([
      { id: EXISTING_ID, title: 'Go to bed before eleven on weekdays', content: 'My own edited version.' },
      { title: 'I prepare better in small steps', content: expect.stringContaining('I realise that I prepare better') },
    ]);
    expect(answer.reflection_summary?.lifeAreas).toEqual(['family', 'career', 'health']);
    expect(answer.reflection_summary?.tags.slice(0, 2)).toEqual(['mornings', 'presentation']);
  });

  it('does not write a reflection from nothing, and keeps an existing one', () => {
    const empty = handler.offline(turn({ data: { topic: 'meeting' }, message: REFLECT_CLARIFY_PHRASE.en }));
    expect(empty.reflection_summary).toBeUndefined();
    expect(empty.reply).toBe(
      'There is not much to write a reflection from yet. Which meeting would you like to reflect on? Who was there, and what was it about?',
    );
    const kept = handler.offline(
      turn({
        language: 'sv',
        data: { topic: 'meeting', existingReflection: { content: 'Skrivet.' } },
        message: REFLECT_CLARIFY_PHRASE.sv,
      }),
    );
    expect(kept.reflection_summary).toBeUndefined();
    expect(kept.reply).toMatch(/^Din reflektion är redan skriven/);
  });
});

describe('ReflectTopicHandler: validating a model’s answer', () => {
  const clarify = turn({ message: REFLECT_CLARIFY_PHRASE.en });

  it('drops unknown life areas, bad tags and non-UUID ids, and over-long takeaways', () => {
    const result = handler.parse(
      {
        reply: 'Here it is.',
        suggestions: ['More'],
        phase: 'summary',
        reflection_summary: {
          title: ' A calm week ',
          content: '## Rest\n\nI rested.',
          lifeAreas: ['health', 'pets', 'health', 7],
          tags: ['#rest', ' rest ', '', 'x'.repeat(41), 'sleep', 3],
        },
        takeaways: [
          { id: EXISTING_ID, title: 'Rest', content: 'More rest.' },
          { id: 2, title: 'Numbered', content: 'n' },
          { id: 'takeaway-3', title: 'Named', content: 'n' },
          { title: 'Too long', content: 'x'.repeat(2001) },
          { title: '', content: 'no title' },
          { title: 'No content' },
          'not an object',
        ],
      },
      clarify,
    );
    expect(result).toEqual({
      reply: 'Here it is.',
      suggestions: ['More'],
      phase: 'summary',
      updates: {},
      extra: {
        reflection_summary: {
          title: 'A calm week',
          content: '## Rest\n\nI rested.',
          lifeAreas: ['health'],
          tags: ['rest', 'sleep'],
        },
        takeaways: [
          { id: EXISTING_ID, title: 'Rest', content: 'More rest.' },
          { title: 'Numbered', content: 'n' },
          { title: 'Named', content: 'n' },
          { title: 'No content', content: '' },
        ],
      },
    });
  });

  it('drops a summary with over-long or missing texts, keeps at most 20 takeaways', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ title: `T${i}`, content: '' }));
    const result = handler.parse(
      {
        reply: 'Hi',
        suggestions: [],
        phase: 'summary',
        reflection_summary: { title: 'x'.repeat(201), content: 'c' },
        takeaways: many,
      },
      clarify,
    );
    expect(result?.extra?.reflection_summary).toBeUndefined();
    expect(result?.extra?.takeaways).toHaveLength(20);
    expect(result?.phase).toBe('summary');
    expect(
      handler.parse({ reply: 'Hi', reflection_summary: { title: 'T', content: 'x'.repeat(20001) } }, clarify)?.extra,
    ).toBeUndefined();
  });

  it('ignores a summary nobody asked for, and refuses an answer without a usable reply', () => {
    const result = handler.parse(
      {
        reply: 'Tell me more.',
        suggestions: [],
        phase: 'summary',
        reflection_summary: { title: 'T', content: 'C' },
        takeaways: [],
      },
      turn({ message: 'I slept badly.' }),
    );
    expect(result).toEqual({ reply: 'Tell me more.', suggestions: [], phase: 'summary', updates: {} });
    expect(handler.parse({ reply: 'x'.repeat(8001) }, clarify)).toBeNull();
    expect(handler.parse({ reflection_summary: { title: 'T', content: 'C' } }, clarify)).toBeNull();
    expect(handler.parse({ reply: 'Hi', phase: 'values' }, clarify)?.phase).toBe('reflect');
  });

  it('offline answers always pass its own validation', () => {
    for (const language of ['en', 'sv'] as const) {
      for (const topic of REFLECT_TOPICS) {
        for (const message of [
          'Hej',
          'I feel stuck at work and tired',
          REFLECT_CLARIFY_PHRASE[language],
          'x'.repeat(4000),
        ]) {
          const context = turn({
            language,
            message,
            data: { topic },
            history: thread(language === 'en' ? ENGLISH_DAY : SWEDISH_DAY),
          });
          const answer = handler.offline(context);
          const parsed = handler.parse(answer, context);
          expect(parsed).not.toBeNull();
          expect(parsed?.extra?.reflection_summary).toEqual(answer.reflection_summary);
          expect(parsed?.extra?.takeaways).toEqual(answer.takeaways);
        }
      }
    }
  });

  it('prompts with the topic’s questions, the clarify flag and only the known context, in the user’s language', () => {
    const messages = handler.prompt(
      turn({
        language: 'sv',
        message: REFLECT_CLARIFY_PHRASE.sv,
        data: {
          topic: 'conflict',
          reflectionId: 'r',
          secret: 'not for the model',
          existingTakeaways: [{ id: EXISTING_ID, title: 'Lyssna', content: '' }],
        },
      }),
    );
    expect(messages[0].content).toContain('3. Vad behövde du i situationen');
    expect(messages[0].content).toContain('Skriv på svenska');
    expect(messages[1].content).toContain('"clarify_requested":true');
    expect(messages[1].content).toContain(
      `"existingTakeaways":[{"id":"${EXISTING_ID}","title":"Lyssna","content":""}]`,
    );
    expect(messages[1].content).not.toContain('not for the model');
    expect(messages.at(-1)).toEqual({ role: 'user', content: REFLECT_CLARIFY_PHRASE.sv });
    expect(handler.schema).toMatchObject({
      properties: {
        reflection_summary: { required: ['title', 'content', 'lifeAreas', 'tags'] },
        takeaways: { maxItems: 20 },
      },
    });
  });
});

describe('ReflectTopicHandler: a model’s second Clarify cannot undo the user’s edits', () => {
  const ID = '8d1c2b3a-4e5f-4a6b-9c7d-0e1f2a3b4c5d';
  const data = {
    topic: 'your_day',
    clarify: true,
    existingReflection: {
      title: 'My own title',
      content: '## What happened\n\nA long day.',
      lifeAreas: ['career'],
      tags: ['mine'],
    },
    existingTakeaways: [{ id: ID, title: 'My edited takeaway', content: 'In my words.' }],
  };

  it('keeps the title, the tags, the text and the edited takeaway, and adds only what is new', () => {
    const answer = {
      reply: 'Updated.',
      suggestions: [],
      phase: 'summary',
      risk: 'none',
      reflection_summary: {
        title: 'A model title',
        content: '## What happened\n\nA long day.\n\n## Later\n\nI called my sister.',
        lifeAreas: ['family'],
        tags: ['old-tag', 'sister'],
      },
      takeaways: [
        { id: ID, title: 'The original takeaway', content: 'Rewritten by the model.' },
        { title: 'My edited takeaway', content: 'A duplicate.' },
        { title: 'Call my sister more often', content: 'It helps.' },
      ],
    };
    const result = handler.parse(answer, turn({ message: 'Please clarify and summarize my reflection', data }));
    expect(result?.extra?.reflection_summary).toEqual({
      title: 'My own title',
      content: '## What happened\n\nA long day.\n\n## Later\n\nI called my sister.',
      lifeAreas: ['career', 'family'],
      tags: ['mine'],
    });
    expect(result?.extra?.takeaways).toEqual([
      { id: ID, title: 'My edited takeaway', content: 'In my words.' },
      { title: 'Call my sister more often', content: 'It helps.' },
    ]);
  });
});
