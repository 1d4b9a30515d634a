import { DataSource } from 'typeorm';
import type { Language } from '@clari/contracts';
import enTexts from '../../../locales/en/about-clari.json';
import svTexts from '../../../locales/sv/about-clari.json';
import { createUser, type TestUser } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/app-harness';
import { chatTools, interviewThread } from '../../support/chat-threads';

/**
 * Questions about Clari itself, asked in every chat and both languages, are answered from the
 * product's own texts, write nothing into the person's records, and leave the exercise where it was.
 */
const TEXTS = { en: enTexts, sv: svTexts };
const QUESTIONS: Record<Language, Array<[string, (texts: typeof enTexts, interview: boolean) => string]>> = {
  en: [
    ['Are you a real person?', (texts) => texts.identity],
    ['What happens to my data?', (texts, interview) => (interview ? texts.data.interview : texts.data.default)],
    [
      'Who can read what I write here?',
      (texts, interview) => (interview ? texts.readers.interview : texts.readers.default),
    ],
    ['Are you a therapist?', (texts) => texts.identity],
    [
      'how do i delete everything?',
      (texts, interview) => (interview ? texts.control.interview : texts.control.default),
    ],
  ],
  sv: [
    ['Är du en riktig människa?', (texts) => texts.identity],
    ['Vad händer med mina uppgifter?', (texts, interview) => (interview ? texts.data.interview : texts.data.default)],
    [
      'Vem kan läsa det jag skriver här?',
      (texts, interview) => (interview ? texts.readers.interview : texts.readers.default),
    ],
    ['är du terapeut', (texts) => texts.identity],
    ['hur tar jag bort allt?', (texts, interview) => (interview ? texts.control.interview : texts.control.default)],
  ],
};

interface Body {
  reply: string;
  risk: string;
  currentPhase: string;
  updates: unknown;
}

describe('questions about Clari, offline', () => {
  let t: TestApp;
  const users: Partial<Record<Language, TestUser>> = {};

  beforeAll(async () => {
    t = await startTestApp();
    users.en = await createUser(t, { fullName: 'Anna Lind' });
    users.sv = await createUser(t, { language: 'sv', fullName: 'Bo Ek' });
  });
  afterAll(() => t?.close());

  const tools = chatTools(users);

  describe.each(['en', 'sv'] as const)('in %s', (language) => {
    it.each(tools)('%s answers each question about Clari and writes nothing', async (_tool, domain, dataFor) => {
      const data = await dataFor(language);
      let previous = '';
      for (const [question, expected] of QUESTIONS[language]) {
        const body = (
          await users[language]!.agent.post('/api/ai-assistant/chat')
            .send({ message: question, conversationDomain: domain, conversationData: data, language })
            .expect(200)
        ).body as Body;
        expect({ question, answered: body.reply.startsWith(expected(TEXTS[language], false).split('{{')[0]) }).toEqual({
          question,
          answered: true,
        });
        // The way back to the exercise is not said twice in a row: Clari never repeats a sentence of its last reply.
        expect(body.reply.includes(TEXTS[language].back)).toBe(!previous.includes(TEXTS[language].back));
        previous = body.reply;
        expect(body.risk).toBe('none');
        expect(JSON.stringify(body.updates).toLowerCase()).not.toContain(question.toLowerCase().slice(0, 12));
      }
    });

    it('the interview answers them for an anonymous interview, and the question stays open', async () => {
      const { visitor, sessionId, data } = await interviewThread(t, language);
      const db = t.app.get(DataSource);
      const [before] = await db.query(`SELECT answered FROM interview_sessions WHERE id = $1`, [sessionId]);
      for (const [question, expected] of QUESTIONS[language]) {
        const body = (
          await visitor
            .post('/api/ai-assistant/chat')
            .send({ message: question, conversationDomain: 'interview', conversationData: data, language })
            .expect(200)
        ).body as Body;
        expect({ question, answered: body.reply.startsWith(expected(TEXTS[language], true).split('{{')[0]) }).toEqual({
          question,
          answered: true,
        });
      }
      const [after] = await db.query(`SELECT answered FROM interview_sessions WHERE id = $1`, [sessionId]);
      expect(after.answered).toBe(before.answered);
    });
  });

  it('an answer that only mentions these things is an answer, not a question about Clari', async () => {
    const data = { area: { id: 'career' }, currentPhase: 'values' };
    const body = (
      await users
        .en!.agent.post('/api/ai-assistant/chat')
        .send({
          message: 'My boss reads everything I write, so honesty matters a lot to me',
          conversationDomain: 'valueexplorer_lifearea',
          conversationData: data,
          language: 'en',
        })
        .expect(200)
    ).body as Body;
    expect(body.reply).not.toContain(TEXTS.en.back);
  });
});
