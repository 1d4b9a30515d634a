import { PiiScrubber } from '../../../core/ai/pii-scrubber';
import type { TurnContext } from '../../assistant/handlers/domain-handler';
import { EXAMPLE_DEFINITION } from '../interview-definition';
import type { InterviewThreadStore } from '../interview-thread.store';
import type { InterviewFacts } from './interview-facts';
import { asksForPause, asksToExplain, asksToSkip, questionAsClause, removeIntroducedNames } from './interview-guide';
import { InterviewHandler } from './interview.handler';

const GUIDE = {
  ...EXAMPLE_DEFINITION.guide,
  questions: [
    { en: 'How do you plan your week?', sv: 'Hur planerar du veckan?' },
    { en: 'What gets in the way?', sv: 'Vad står i vägen?' },
    { en: 'What would help?', sv: 'Vad skulle hjälpa?' },
  ],
};
const handler = new InterviewHandler({} as InterviewThreadStore, new PiiScrubber());

function facts(answered: number, probed = false): InterviewFacts {
  return { title: { en: 'Study habits', sv: 'Studievanor' }, guide: GUIDE, answered, probed };
}

function turn(message: string, state: InterviewFacts, language: 'en' | 'sv' = 'en'): TurnContext {
  return {
    domain: 'interview',
    threadId: 's',
    language,
    message,
    history: [],
    data: {},
    phase: 'interview',
    facts: state,
  };
}

/** One offline turn as the assistant runs it: the offline answer through the handler's parser. */
function offlineTurn(message: string, state: InterviewFacts, language: 'en' | 'sv' = 'en') {
  const context = turn(message, state, language);
  const result = handler.parse(handler.offline(context), context);
  if (!result) throw new Error('the offline answer did not parse');
  return result;
}

describe('InterviewHandler', () => {
  it('threads by session_id only and allows anonymous use', () => {
    expect(handler.threadId({ session_id: ' abc ', thread_id: 'other' })).toBe('abc');
    expect(handler.threadId({ thread_id: 'other', area: 'family' })).toBe('');
    expect(handler.allowsAnonymous).toBe(true);
    expect(handler.initialPhase()).toBe('interview');
  });

  it('opens with the title, the anonymity request and the first question', () => {
    const { greeting, suggestions } = handler.opening({
      domain: 'interview',
      language: 'en',
      data: {},
      phase: 'interview',
      facts: facts(0),
    });
    expect(greeting).toMatch(
      /^Welcome to the interview \*\*Study habits\*\*\. I’m Clari, an AI interviewer\. I will ask you 3 questions, one at a time\./,
    );
    expect(greeting).toContain('Please don’t share your name');
    expect(greeting.endsWith('**Question 1 of 3:** How do you plan your week?')).toBe(true);
    expect(suggestions).toEqual(['What do you mean?']);
    const sv = handler.opening({ domain: 'interview', language: 'sv', data: {}, phase: 'interview', facts: facts(0) });
    expect(sv.greeting.endsWith('**Fråga 1 av 3:** Hur planerar du veckan?')).toBe(true);
  });

  it('walks the questions in order, one at a time, and reports isComplete after the last', () => {
    let state = facts(0);
    const replies: string[] = [];
    for (let i = 0; i < 3; i++) {
      const result = offlineTurn('I write a list on Sunday evenings and stick to it.', state);
      replies.push(result.reply);
      expect(result.extra?.isComplete).toBe(i === 2);
      expect(result.threadState).toEqual({ answered: i + 1, probed: false, questionIndex: i, kind: 'answer' });
      state = facts(i + 1);
    }
    expect(replies[0]).toContain('**Question 2 of 3:** What gets in the way?');
    expect(replies[1]).toContain('**Question 3 of 3:** What would help?');
    expect(replies[2]).toContain('that was the last of the 3 questions, and the interview is complete');
    expect(offlineTurn('Another long answer with words.', facts(2)).suggestions).toEqual([]);
  });

  it('probes a very short answer once, then moves on', () => {
    const probe = offlineTurn('Lists.', facts(0));
    expect(probe.reply).toMatch(/^Could you tell me a little more about that\?/);
    expect(probe.threadState).toEqual({ answered: 0, probed: true, questionIndex: 0, kind: 'answer' });
    expect(probe.extra?.isComplete).toBe(false);
    const next = offlineTurn('Paper lists.', facts(0, true));
    expect(next.threadState).toEqual({ answered: 1, probed: false, questionIndex: 0, kind: 'answer' });
    expect(next.reply).toContain('**Question 2 of 3:**');
  });

  it('skips on request, explains, and pauses without moving on', () => {
    const skip = offlineTurn('Skip this question', facts(1));
    expect(skip.reply).toMatch(/^That’s fine, let’s skip that one\.\n\n\*\*Question 3 of 3:\*\* What would help\?$/);
    expect(skip.threadState).toMatchObject({ answered: 2 });
    const explain = offlineTurn('What do you mean?', facts(1));
    expect(explain.reply).toContain('Tell me what gets in the way.');
    expect(explain.threadState).toEqual({ answered: 1, probed: false, questionIndex: 1, kind: 'question' });
    const pause = offlineTurn('I need a break', facts(1));
    expect(pause.reply).toMatch(/continue later with the 6-digit code/);
    expect(pause.threadState).toMatchObject({ answered: 1 });
    const sv = offlineTurn('Hoppa över frågan', facts(0), 'sv');
    expect(sv.reply).toMatch(/^Det går bra, vi hoppar över den\.\n\n\*\*Fråga 2 av 3:\*\* Vad står i vägen\?$/);
  });

  it('never asks for identifying details and asks to leave them out when given', () => {
    const result = offlineTurn('My name is Anna Berg and I plan my week with my coach.', facts(0));
    expect(result.reply).toMatch(/^Please leave out names and contact details/);
    expect(result.reply).not.toMatch(/Anna|Berg/);
    const everything = [
      handler.opening({ domain: 'interview', language: 'en', data: {}, phase: 'interview', facts: facts(0) }).greeting,
      ...Array.from({ length: 3 }, (_, i) => offlineTurn('A long and careful answer here.', facts(i)).reply),
    ].join(' ');
    expect(everything).not.toMatch(/what is your (name|e-?mail|phone|address)|where do you (work|live)/i);
  });

  it('counts progress itself from a model’s answer: only one step, never past the end', () => {
    const context = turn('An answer.', facts(1));
    const moved = handler.parse(
      {
        reply: 'Thanks! Next?',
        suggestions: ['Skip'],
        phase: 'interview',
        question_answered: true,
        follow_up_asked: false,
      },
      context,
    );
    expect(moved?.threadState).toEqual({ answered: 2, probed: false, questionIndex: 1, kind: 'answer' });
    expect(moved?.extra).toEqual({ isComplete: false });
    const followUp = handler.parse(
      { reply: 'Tell me more?', suggestions: [], phase: 'other', question_answered: false, follow_up_asked: true },
      context,
    );
    expect(followUp).toMatchObject({ phase: 'interview', threadState: { answered: 1, probed: true } });
    const done = handler.parse(
      {
        reply: 'Thank you!',
        suggestions: ['x'],
        phase: 'interview',
        question_answered: true,
        follow_up_asked: false,
        isComplete: true,
      },
      turn('Last.', facts(2)),
    );
    expect(done).toMatchObject({ extra: { isComplete: true }, suggestions: [], threadState: { answered: 3 } });
    // A model that claims completion early is not believed.
    const early = handler.parse(
      {
        reply: 'All done!',
        suggestions: [],
        phase: 'interview',
        question_answered: false,
        follow_up_asked: false,
        isComplete: true,
      },
      context,
    );
    expect(early?.extra).toEqual({ isComplete: false });
    expect(handler.parse({ suggestions: [] }, context)).toBeNull();
    expect(handler.parse({ reply: 'Hi' }, { ...context, facts: undefined })).toBeNull();
  });

  it('puts the guide, the current and next question into the prompt, without the client’s data', () => {
    const messages = handler.prompt({
      ...turn('My answer', facts(1, true)),
      data: { session_id: 'secret-session', interview_id: 'x' },
    });
    const context = messages.find((m) => m.content.startsWith('CONTEXT'))?.content ?? '';
    expect(context).toContain('"current_question":{"number":2,"text":"What gets in the way?"}');
    expect(context).toContain('"next_question":{"number":3,"text":"What would help?"}');
    expect(context).toContain('"follow_up_already_asked":true');
    expect(context).not.toContain('secret-session');
    expect(messages[0].content).toMatch(/Never ask for names, contact details/);
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'My answer' });
  });
});

describe('interview language', () => {
  it('recognises whole short requests to skip or pause, and not answers that start alike', () => {
    for (const text of [
      'skip',
      'Skip this question',
      'Pass.',
      'next question',
      "I'd rather not answer",
      'Hoppa över frågan',
      'nästa',
    ])
      expect(asksToSkip(text)).toBe(true);
    for (const text of [
      'Next week I will plan better.',
      'Passing exams matters to me.',
      'I skip breakfast when stressed.',
    ])
      expect(asksToSkip(text)).toBe(false);
    for (const text of ['Can I take a break?', 'pause', 'Jag behöver en paus.']) expect(asksForPause(text)).toBe(true);
    for (const text of ['Break-ups are hard.', 'I take a break every hour when I study.'])
      expect(asksForPause(text)).toBe(false);
    expect(asksToExplain('Sorry, what do you mean by routines?')).toBe(true);
    expect(asksToExplain('Vad menar du?')).toBe(true);
  });

  it('replaces a name the participant introduces themselves with', () => {
    expect(removeIntroducedNames('Hi, my name is Anna Berg and I study.')).toBe('Hi, my name is [name] and I study.');
    expect(removeIntroducedNames('Jag heter Erik. Jag pluggar.')).toBe('Jag heter [name]. Jag pluggar.');
    expect(removeIntroducedNames('My name is not important.')).toBe('My name is not important.');
  });
});

describe('InterviewHandler: what is not an answer', () => {
  it.each([
    ["I'd like to take a break now", 'en'],
    ['Can we pause?', 'en'],
    ['Jag vill ta en paus nu', 'sv'],
    ['kan vi pausa', 'sv'],
    ['jag behöver en paus nu', 'sv'],
  ] as const)('"%s" keeps the question and tells how to resume with the code', (message, language) => {
    const result = offlineTurn(message, facts(1), language);
    expect(result.threadState).toMatchObject({ answered: 1 });
    expect(result.reply).toMatch(language === 'en' ? /6-digit code/ : /sexsiffriga koden/);
  });

  it('answers "What do you mean?" and small talk without moving on', () => {
    for (const message of ['What do you mean?', 'Vad menar du?', 'Hi!', 'Thanks']) {
      const result = offlineTurn(message, facts(1));
      expect({ message, answered: (result.threadState as { answered: number }).answered }).toEqual({
        message,
        answered: 1,
      });
    }
    const explained = offlineTurn('What do you mean?', facts(1)).reply;
    expect(explained).toContain('In other words: Tell me what gets in the way.');
    expect(explained).not.toContain('What gets in the way?');
  });

  it("rephrases with the guide's own words and example when it has them, in the session language", () => {
    const guide = {
      ...GUIDE,
      questions: [
        {
          ...GUIDE.questions[0],
          rephrase: { en: 'What do you do to decide when to study?', sv: 'Hur bestämmer du när du ska plugga?' },
          example: { en: 'A list on Sundays.', sv: 'En lista på söndagar.' },
        },
        ...GUIDE.questions.slice(1),
      ],
    };
    const state = { ...facts(0), guide };
    expect(offlineTurn('What do you mean?', state).reply).toContain(
      'In other words: What do you do to decide when to study? An answer could be, for example: *A list on Sundays.*',
    );
    expect(offlineTurn('Vad menar du?', state, 'sv').reply).toContain(
      'Med andra ord: Hur bestämmer du när du ska plugga? Ett svar kan till exempel vara: *En lista på söndagar.*',
    );
  });

  it("asks the guide's own follow-up after a short or hedging answer, once", () => {
    const guide = {
      ...GUIDE,
      questions: [
        { ...GUIDE.questions[0], probe: { en: 'What happens on a Monday?', sv: 'Vad händer en måndag?' } },
        ...GUIDE.questions.slice(1),
      ],
    };
    const state = { ...facts(0), guide };
    for (const [message, language] of [
      ['It depends, maybe', 'en'],
      ['Det beror på, typ', 'sv'],
      ['Not sure really.', 'en'],
    ] as const) {
      const result = offlineTurn(message, state, language);
      expect(result.reply).toBe(language === 'en' ? 'What happens on a Monday?' : 'Vad händer en måndag?');
      expect(result.threadState).toMatchObject({ answered: 0, probed: true });
    }
    expect(offlineTurn('It depends, maybe', { ...state, probed: true }).threadState).toMatchObject({ answered: 1 });
    expect(
      offlineTurn('I plan the week on Sunday with a paper calendar and my study group.', state).threadState,
    ).toMatchObject({ answered: 1, probed: false });
  });

  it('skips explicitly, and thanks once after the last question', () => {
    expect(offlineTurn('Skip this question', facts(0)).threadState).toMatchObject({ answered: 1 });
    const last = offlineTurn('Mostly a quiet room and a clear plan for the week would help me.', facts(2));
    expect(last.extra).toEqual({ isComplete: true });
    expect(last.reply.match(/Thank/g)).toHaveLength(1);
  });
});

describe('questionAsClause', () => {
  it.each([
    ['How do you usually plan your study week?', 'en', 'how you usually plan your study week'],
    ['Which life goal would you like to reflect on?', 'en', 'which life goal you would like to reflect on'],
    ['What have you tried so far?', 'en', 'what you have tried so far'],
    ['What is the hardest part for you?', 'en', 'what the hardest part for you is'],
    ['What gets in the way of studying as planned?', 'en', 'what gets in the way of studying as planned'],
    ['Do you use a calendar?', 'en', 'whether you use a calendar'],
    ['Hur brukar du planera din studievecka?', 'sv', 'hur du brukar planera din studievecka'],
    ['Vilken idé har du funderat på?', 'sv', 'vilken idé du har funderat på'],
    ['Brukar du plugga på kvällen?', 'sv', 'om du brukar plugga på kvällen'],
  ] as const)('%s → %s', (question, language, clause) => {
    expect(questionAsClause(question, language)).toBe(clause);
  });

  it('leaves questions of other forms, and several sentences, as they are', () => {
    expect(questionAsClause('How did you feel?', 'en')).toBeNull();
    expect(questionAsClause('Which meeting? Who was there?', 'en')).toBeNull();
    expect(questionAsClause('Vad gör det svårt att plugga?', 'sv')).toBeNull();
  });
});
