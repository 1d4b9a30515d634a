import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { REFLECT_CLARIFY_PHRASE, type Language } from '@clari/contracts';
import { DEMO_INTERVIEW_ID } from '../../../migrations/1763684200000-Interview';
import { exportInterview } from '../../../apps/api/src/modules/interview/interview-admin';
import { InterviewRepository } from '../../../apps/api/src/modules/interview/interview.repository';
import { loadConfig } from '../../../apps/api/src/core/config/app-config';
import { createUser, type TestUser } from '../../support/accounts';
import { startAppWithFakeOpenAi, startTestApp, type TestApp } from '../../support/app-harness';
import { chatTools, interviewThread, type ChatTool } from '../../support/chat-threads';
import type { FakeOpenAi } from '../../support/fake-openai';

/**
 * The three answers of the safety net through the chat API: the check-in for an indirect sign
 * (its yes, its no), the crisis reply, and urgent (emergency first); in every domain, with
 * nothing of any of them written as content.
 */
const CHECK_IN = {
  en: 'are you thinking about ending your life?',
  sv: 'tänker du på att ta ditt liv?',
};
const SIGN = { en: 'i feel completely trapped', sv: 'jag är bara en börda' };
const YES = { en: 'yeah sometimes, i dont know', sv: 'kanske, vet inte riktigt' };
const NO = { en: 'no, not at all, i was just venting', sv: 'nej inte alls, jag ventilerar bara' };

interface Body {
  reply: string;
  risk: string;
  updates: unknown;
  history: Array<{ role: string; content: string; risk?: string }>;
  reflection_summary?: { content?: string };
  takeaways?: unknown;
}

describe('the check-in and the urgent answer, offline', () => {
  let t: TestApp;
  let db: DataSource;
  const users: Partial<Record<Language, TestUser>> = {};

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    users.en = await createUser(t, { fullName: 'Anna Lind' });
    users.sv = await createUser(t, { language: 'sv', fullName: 'Bo Ek' });
  });
  afterAll(() => t?.close());

  const say = async (language: Language, domain: string, data: Record<string, unknown>, message: string) =>
    (
      await users[language]!.agent.post('/api/ai-assistant/chat')
        .send({ message, conversationDomain: domain, conversationData: data, language })
        .expect(200)
    ).body as Body;

  const expectCheckIn = (body: Body, language: Language) => {
    expect(body.risk).toBe('concern');
    expect(body.reply.toLowerCase()).toContain(CHECK_IN[language]);
    for (const number of ['112', '90101', 'findahelpline.com']) expect(body.reply).toContain(number);
    expect(body.history.slice(-2).map((item) => item.risk)).toEqual(['concern', 'concern']);
  };

  // Each test has a thread of its own: a Value Explorer area, a Year Compass section, a reflection, a thread id.
  let generalThreads = 0;
  const domains: ChatTool[] = [
    ...chatTools(users),
    [
      'general chat',
      'valueexplorer_general',
      async (language) => ({ thread_id: `general-${language}-${generalThreads++}` }),
    ],
  ];

  describe.each(domains)('%s', (_name, domain, dataFor) => {
    it.each(['en', 'sv'] as const)('in %s: a sign gets the check-in, a yes raises it to crisis', async (language) => {
      const data = await dataFor(language);
      const before = await say(language, domain, data, SIGN[language]);
      expectCheckIn(before, language);
      expect(JSON.stringify(before.updates)).not.toMatch(/trapped|börda/);
      const yes = await say(language, domain, data, YES[language]);
      expect(yes.risk).toBe('crisis');
      expect(yes.reply).toContain(language === 'en' ? 'Are you safe' : 'Är du i säkerhet');
      expect(yes.history.slice(-2).map((item) => item.risk)).toEqual(['crisis', 'crisis']);
    });

    it.each(['en', 'sv'] as const)(
      'in %s: a clear no goes on with the exercise, and writes nothing',
      async (language) => {
        const data = await dataFor(language);
        await say(language, domain, data, SIGN[language]);
        const no = await say(language, domain, data, NO[language]);
        expect(no.risk).toBe('none');
        expect(no.reply).toContain(language === 'en' ? 'Let’s go on'.replace('’', "'") : 'Vi fortsätter');
        expect(JSON.stringify(no.updates)).not.toMatch(/venting|ventilerar/);
        // The answer is flagged (never content); Clari's reply is ordinary, so the exercise goes on.
        expect(no.history.slice(-2).map((item) => item.risk)).toEqual(['concern', undefined]);
        const next = await say(
          language,
          domain,
          data,
          language === 'en' ? 'I value honesty.' : 'Jag värdesätter ärlighet.',
        );
        expect(next.risk).toBe('none');
      },
    );
  });

  it('Reflect: Clarify afterwards holds nothing of the sign or the answers', async () => {
    const created = await users
      .en!.agent.post('/reflect/reflections')
      .send({ title: 'Work', topic: 'emotion' })
      .expect(201);
    const data = { reflectionId: created.body.id as string, topic: 'emotion' };
    await say('en', 'reflect_topic', data, 'I walked by the sea on Sunday and felt calmer than in weeks.');
    await say('en', 'reflect_topic', data, SIGN.en);
    await say('en', 'reflect_topic', data, NO.en);
    const clarify = await say('en', 'reflect_topic', { ...data, clarify: true }, REFLECT_CLARIFY_PHRASE.en);
    const written = JSON.stringify([clarify.reflection_summary, clarify.takeaways]).toLowerCase();
    expect(written).toContain('sea');
    expect(written).not.toMatch(/trapped|venting/);
  });

  it.each(['en', 'sv'] as const)(
    'Interview in %s: the check-in keeps the question, and the export leaves it out',
    async (language) => {
      const { visitor, sessionId, data } = await interviewThread(t, language);
      const send = async (message: string) =>
        (
          await visitor
            .post('/api/ai-assistant/chat')
            .send({ message, conversationDomain: 'interview', conversationData: data, language })
            .expect(200)
        ).body as Body;
      const [before] = await db.query(`SELECT answered FROM interview_sessions WHERE id = $1`, [sessionId]);
      expectCheckIn(await send(SIGN[language]), language);
      expect((await send(NO[language])).risk).toBe('none');
      const [after] = await db.query(`SELECT answered FROM interview_sessions WHERE id = $1`, [sessionId]);
      expect(after.answered).toBe(before.answered);
      const flagged = await db.query(
        `SELECT role, risk FROM interview_messages WHERE session_id = $1 AND risk IS NOT NULL ORDER BY id`,
        [sessionId],
      );
      expect(flagged).toEqual([
        { role: 'user', risk: 'concern' },
        { role: 'assistant', risk: 'concern' },
        { role: 'user', risk: 'concern' },
      ]);
      const exported = await exportInterview(t.app.get(InterviewRepository), DEMO_INTERVIEW_ID);
      const transcript = JSON.stringify(exported.sessions.find((item) => item.sessionId === sessionId));
      expect(transcript).not.toMatch(/trapped|börda|venting|ventilerar/);
    },
  );

  it.each([
    ['en', 'took 30 of my sleeping pills an hour ago', 'Please call **112** now'],
    ['sv', 'står på bron nu', 'Ring **112** nu'],
  ] as const)(
    'in %s: an attempt under way is urgent, with the emergency number first',
    async (language, message, first) => {
      const body = await say(language, 'valueexplorer_lifearea', { area: { id: 'health' } }, message);
      expect(body.risk).toBe('urgent');
      expect(body.reply.startsWith(first)).toBe(true);
      expect(body.updates).toEqual({});
      expect(body.history.slice(-2).map((item) => item.risk)).toEqual(['urgent', 'urgent']);
    },
  );

  it('look-alikes get no check-in', async () => {
    for (const message of [
      'this traffic is killing me',
      'my friend said she wants to die and i dont know how to help her',
      'two years ago i wanted to die, im in a much better place now',
      'jag dör av skratt',
    ]) {
      const body = await say('en', 'valueexplorer_lifearea', { area: { id: 'leisure' } }, message);
      expect({ message, risk: body.risk }).toEqual({ message, risk: 'none' });
    }
  });
});

describe('the model can raise the level, never lower it', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let anna: TestUser;

  beforeAll(async () => {
    ({ t, fake } = await startAppWithFakeOpenAi('check-in'));
    anna = await createUser(t, { fullName: 'Anna Lind' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });
  beforeEach(() => fake.reset());

  const say = async (message: string, area: string) =>
    (
      await anna.agent
        .post('/api/ai-assistant/chat')
        .send({
          message,
          conversationDomain: 'valueexplorer_lifearea',
          conversationData: { area: { id: area } },
          language: 'en',
        })
        .expect(200)
    ).body as Body;

  it('a "concern" from the model gets the check-in, and its answer and updates are dropped', async () => {
    fake.script('chat', {
      json: { reply: 'Noted.', suggestions: [], phase: 'values', risk: 'concern', updates: { values: ['honesty'] } },
    });
    const body = await say('Lately the evenings feel very long and quiet.', 'family');
    expect(body.risk).toBe('concern');
    expect(body.reply).toContain('are you thinking about ending your life?');
    expect(body.updates).toEqual({});
  });

  it('an "urgent" from the model puts the emergency number first', async () => {
    fake.script('chat', { json: { reply: 'Noted.', suggestions: [], phase: 'values', risk: 'urgent', updates: {} } });
    const body = await say('It is all set for tonight.', 'career');
    expect(body.risk).toBe('urgent');
    expect(body.reply.startsWith('Please call **112** now')).toBe(true);
  });

  it('a crisis the offline check found stays a crisis without asking the model', async () => {
    const body = await say('i want to end my life', 'health');
    expect(body.risk).toBe('crisis');
    expect(fake.requestsTo('chat')).toHaveLength(0);
  });
});

describe('helplines configured by the operator', () => {
  let t: TestApp;
  let anna: TestUser;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'clari-helplines-')), 'helplines.json');
  /** An operator's lines for English readers in the UK. */
  const OPERATOR_LINES = {
    emergency: '999',
    lines: [
      {
        id: 'samaritans',
        name: 'Samaritans',
        description: 'any time, free',
        phone: '116 123',
        url: 'https://www.samaritans.org',
      },
    ],
  };

  beforeAll(async () => {
    writeFileSync(file, JSON.stringify({ en: OPERATOR_LINES }));
    t = await startTestApp({ env: { HELPLINES_FILE: file } });
    anna = await createUser(t, { fullName: 'Anna Lind' });
  });
  afterAll(() => t?.close());

  it('are in the public settings, per language (the other language keeps the defaults)', async () => {
    const res = await t.agent().get('/api/config').expect(200);
    expect(res.body.helplines.en).toEqual(OPERATOR_LINES);
    expect(res.body.helplines.sv.lines.map((line: { phone?: string }) => line.phone)).toContain('90101');
  });

  it('are what the crisis reply names', async () => {
    const res = await anna.agent
      .post('/api/ai-assistant/chat')
      .send({
        message: 'i want to kill myself',
        conversationDomain: 'valueexplorer_lifearea',
        conversationData: { area: { id: 'family' } },
        language: 'en',
      })
      .expect(200);
    expect(res.body.reply).toContain('**999**');
    expect(res.body.reply).toContain('Samaritans, 116 123');
    expect(res.body.reply).not.toContain('90101');
  });

  it('are validated when the app starts, naming what is wrong', () => {
    const write = (content: unknown) => {
      writeFileSync(file, JSON.stringify(content));
      return () => loadConfig({ HELPLINES_FILE: file });
    };
    expect(write({ fr: { emergency: '112', lines: [] } })).toThrow(/HELPLINES_FILE names an unknown language "fr"/);
    expect(write({ en: { emergency: 'call us', lines: [{ id: 'a', name: 'A', phone: '1' }] } })).toThrow(/emergency/);
    expect(write({ en: { emergency: '112', lines: [] } })).toThrow(/1 to 8 helplines/);
    expect(write({ en: { emergency: '112', lines: [{ id: 'a', name: 'A' }] } })).toThrow(
      /needs a phone, a url, or both/,
    );
    expect(write({ en: { emergency: '112', lines: [{ id: 'a', name: 'A', url: 'http://x.example' }] } })).toThrow(
      /https/,
    );
  });
});
