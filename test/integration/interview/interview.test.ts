import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import Bull from 'bull';
import { DataSource } from 'typeorm';
import { INTERVIEW_MESSAGES, type InterviewStatus } from '@clari/contracts';
import {
  InterviewAdminError,
  createInterviewFromFile,
  exportInterview,
} from '../../../apps/api/src/modules/interview/interview-admin';
import {
  EXAMPLE_DEFINITION,
  type InterviewDefinition,
} from '../../../apps/api/src/modules/interview/interview-definition';
import { InterviewRepository } from '../../../apps/api/src/modules/interview/interview.repository';
import { InterviewRetentionProcessor } from '../../../apps/api/src/modules/interview/jobs/interview-retention.processor';
import { spaIsBuilt } from '../../../apps/api/src/core/web/spa';
import { DEMO_INTERVIEW_ID } from '../../../migrations/1763684200000-Interview';
import { createUser, type TestUser } from '../../support/accounts';
import { startAppWithFakeOpenAi, startTestApp, type TestApp } from '../../support/app-harness';
import type { FakeOpenAi } from '../../support/fake-openai';

const MISSING = '00000000-0000-4000-8000-000000000000';
const DEMO_QUESTIONS_EN = [
  'To begin with: what does an ordinary good day look like for you?',
  'What do you usually do when you feel stressed or low?',
  'Which habits or routines help you feel well, and how did they start?',
  'What makes it hard to look after your wellbeing in everyday life?',
  'If a digital tool could support you, what would you want it to help you with?',
];
const redisSkip = process.env.TEST_REDIS_SKIP_REASON;

type Agent = ReturnType<TestApp['agent']>;

function interviewData(sessionId: string, interviewId = DEMO_INTERVIEW_ID, language = 'en') {
  return {
    session_id: sessionId,
    interview_id: interviewId,
    language,
    currentPhase: 'interview',
    isContextLoaded: true,
    contextSwitched: false,
  };
}

async function startSession(
  agent: Agent,
  language = 'en',
  interviewId = DEMO_INTERVIEW_ID,
): Promise<{ sessionId: string; token: string }> {
  const res = await agent.post(`/api/interview/${interviewId}/session`).send({ language }).expect(201);
  return res.body as { sessionId: string; token: string };
}

const say = (agent: Agent, sessionId: string, message: string, language = 'en', interviewId = DEMO_INTERVIEW_ID) =>
  agent.post('/api/ai-assistant/chat').send({
    message,
    conversationDomain: 'interview',
    conversationData: interviewData(sessionId, interviewId, language),
    language,
  });

describe('the anonymous interview', () => {
  let t: TestApp;
  let db: DataSource;
  let repository: InterviewRepository;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    repository = t.app.get(InterviewRepository);
  });
  afterAll(() => t?.close());

  const addInterview = (changes: Partial<InterviewDefinition> = {}) =>
    repository.createInterview({ ...EXAMPLE_DEFINITION, ...changes });

  it('describes the seeded demo interview to a visitor, in both languages', async () => {
    const res = await t.agent().get(`/api/interview/${DEMO_INTERVIEW_ID}`).expect(200);
    expect(res.body).toEqual({
      interviewId: DEMO_INTERVIEW_ID,
      title: { en: 'Everyday wellbeing', sv: 'Välmående i vardagen' },
      description: {
        en: expect.stringContaining('anonymous interview'),
        sv: expect.stringContaining('anonym intervju'),
      },
      questionCount: 5,
      retentionDays: 30,
    });
  });

  it('answers 404 for an unknown, malformed or inactive interview, on every call', async () => {
    const inactive = await addInterview({ active: false });
    const visitor = t.agent();
    for (const id of [MISSING, 'not-a-uuid', inactive]) {
      const info = await visitor.get(`/api/interview/${id}`).expect(404);
      expect(info.body).toMatchObject({ message: 'Interview not found', code: 'interview_not_found' });
      await visitor.post(`/api/interview/${id}/session`).send({ language: 'en' }).expect(404);
    }
    // A session whose interview is switched off cannot be used any more either.
    const later = await addInterview();
    const { sessionId, token } = await startSession(visitor, 'en', later);
    await db.query(`UPDATE interviews SET active = false WHERE id = $1`, [later]);
    await visitor.get(`/api/interview/${later}/session/${sessionId}`).expect(404);
    await visitor.get(`/api/interview/session/token/${token}`).expect(404);
    await say(visitor, sessionId, 'Hello there, this is my answer.', 'en', later).expect(404);
  });

  it('starts sessions with distinct 6-digit codes, not_started, in the chosen language', async () => {
    const visitor = t.agent();
    const first = await startSession(visitor, 'sv');
    const second = await startSession(visitor, 'en');
    expect(first.sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(first.token).toMatch(/^\d{6}$/);
    expect(second.token).not.toBe(first.token);
    const res = await visitor.get(`/api/interview/${DEMO_INTERVIEW_ID}/session/${first.sessionId}`).expect(200);
    expect(res.body).toEqual({
      token: first.token,
      status: 'not_started',
      language: 'sv',
      createdAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(res.body.createdAt) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses a bad language and unknown fields with 400', async () => {
    const visitor = t.agent();
    for (const body of [{}, { language: 'de' }, { language: 'en', token: '123456' }]) {
      await visitor.post(`/api/interview/${DEMO_INTERVIEW_ID}/session`).send(body).expect(400);
    }
  });

  it('retries a taken token until a free one is drawn (unique among existing sessions)', async () => {
    const visitor = t.agent();
    const { token } = await startSession(visitor);
    // The unique index refuses a second session with the same code.
    expect(await repository.createSession(DEMO_INTERVIEW_ID, 'en', token)).toBeNull();
  });

  it('finds a session by its code, and answers 404 with the spec’s text for an unknown code and 400 for a malformed one', async () => {
    const visitor = t.agent();
    const { sessionId, token } = await startSession(visitor);
    const found = await t.agent().get(`/api/interview/session/token/${token}`).expect(200);
    expect(found.body).toEqual({ interviewId: DEMO_INTERVIEW_ID, sessionId });
    let unknown = '000000';
    while ((await db.query(`SELECT 1 FROM interview_sessions WHERE token = $1`, [unknown])).length)
      unknown = String(Number(unknown) + 1).padStart(6, '0');
    const missing = await t.agent().get(`/api/interview/session/token/${unknown}`).expect(404);
    expect(missing.body).toMatchObject({
      message: 'Session not found. Please check your token and try again.',
      code: 'session_not_found',
    });
    const malformed = await t.agent().get('/api/interview/session/token/12ab56').expect(400);
    expect(malformed.body).toMatchObject({
      message: 'Please enter a valid 6-digit session token',
      code: 'invalid_token',
    });
  });

  it('never shows a session under another interview', async () => {
    const other = await addInterview();
    const visitor = t.agent();
    const { sessionId } = await startSession(visitor);
    const res = await visitor.get(`/api/interview/${other}/session/${sessionId}`).expect(404);
    expect(res.body).toMatchObject({ message: 'Session not found', code: 'session_not_found' });
    await visitor.patch(`/api/interview/${other}/session/${sessionId}`).send({ status: 'in_progress' }).expect(404);
    await visitor.get(`/api/interview/${DEMO_INTERVIEW_ID}/session/${MISSING}`).expect(404);
    await visitor.get(`/api/interview/${DEMO_INTERVIEW_ID}/session/not-a-uuid`).expect(404);
  });

  it('changes a running session’s language, so Clari follows the page’s toggle, and refuses it once completed', async () => {
    const visitor = t.agent();
    const { sessionId } = await startSession(visitor, 'en');
    const url = `/api/interview/${DEMO_INTERVIEW_ID}/session/${sessionId}`;
    expect((await visitor.patch(url).send({ language: 'sv' }).expect(200)).body).toMatchObject({
      language: 'sv',
      status: 'not_started',
    });
    expect((await visitor.get(url).expect(200)).body.language).toBe('sv');
    await visitor.patch(url).send({ language: 'fi' }).expect(400);
    await visitor.patch(url).send({}).expect(400);
    expect((await visitor.patch(url).send({ status: 'in_progress', language: 'en' }).expect(200)).body).toMatchObject({
      language: 'en',
      status: 'in_progress',
    });
    await visitor.patch(url).send({ status: 'completed' }).expect(200);
    await visitor.patch(url).send({ language: 'sv' }).expect(409);
  });

  it('moves the status only forward, one step at a time; the same status again changes nothing', async () => {
    const visitor = t.agent();
    const { sessionId } = await startSession(visitor);
    const url = `/api/interview/${DEMO_INTERVIEW_ID}/session/${sessionId}`;
    const patch = (status: InterviewStatus | string) => visitor.patch(url).send({ status });
    const skipped = await patch('completed').expect(400);
    expect(skipped.body).toMatchObject({ code: 'invalid_status_transition', from: 'not_started', to: 'completed' });
    expect((await patch('in_progress').expect(200)).body.status).toBe('in_progress');
    expect((await patch('in_progress').expect(200)).body.status).toBe('in_progress');
    await patch('not_started').expect(400);
    expect((await patch('completed').expect(200)).body.status).toBe('completed');
    expect((await patch('completed').expect(200)).body.status).toBe('completed');
    const back = await patch('in_progress').expect(400);
    expect(back.body.message).toBe(INTERVIEW_MESSAGES.invalidTransition);
    await patch('done').expect(400);
    expect((await visitor.get(url).expect(200)).body.status).toBe('completed');
    const [row] = await db.query(`SELECT completed_at FROM interview_sessions WHERE id = $1`, [sessionId]);
    expect(row.completed_at).toBeInstanceOf(Date);
  });

  describe('the chat, without a login', () => {
    it('is open for the interview domain and still answers 401 for every other domain', async () => {
      const visitor = t.agent();
      const { sessionId } = await startSession(visitor);
      const greeting = await say(visitor, sessionId, '').expect(200);
      expect(greeting.body).toMatchObject({ history: [], currentPhase: 'interview', updates: {} });
      expect(greeting.body.reply).toContain('Welcome to the interview **Everyday wellbeing**');
      expect(greeting.body.reply).toContain(`**Question 1 of 5:** ${DEMO_QUESTIONS_EN[0]}`);
      expect(greeting.body.reply).toMatch(/don’t share your name/);
      for (const domain of [
        'valueexplorer_lifearea',
        'reflect_topic',
        'yearcompass_dynamicsection',
        'valueexplorer_summary',
      ]) {
        const res = await visitor
          .post('/api/ai-assistant/chat')
          .send({ message: 'hi', conversationDomain: domain, conversationData: interviewData(sessionId) })
          .expect(401);
        expect(res.body).toMatchObject({ code: 'not_authenticated' });
      }
      await visitor
        .post('/api/ai-assistant/chat')
        .send({ message: 'hi', conversationDomain: 'cooking_tips' })
        .expect(401);
      await visitor
        .post('/api/ai-assistant/clear-conversation')
        .send({ conversationDomain: 'interview', conversationData: interviewData(sessionId) })
        .expect(401);
      await visitor.post('/api/transcribe').attach('audio', Buffer.alloc(64, 1), 'a.webm').expect(401);
    });

    it('answers 404 for a missing, unknown or mismatched session, and 400 for bad input', async () => {
      const visitor = t.agent();
      const { sessionId } = await startSession(visitor);
      const other = await addInterview();
      const send = (data: Record<string, unknown>) =>
        visitor
          .post('/api/ai-assistant/chat')
          .send({ message: 'A long enough answer to count.', conversationDomain: 'interview', conversationData: data });
      await send({ interview_id: DEMO_INTERVIEW_ID }).expect(404);
      await send({ session_id: MISSING, interview_id: DEMO_INTERVIEW_ID }).expect(404);
      await send({ session_id: sessionId, interview_id: other }).expect(404);
      await send({ session_id: sessionId }).expect(404);
      await send({ session_id: sessionId, thread_id: sessionId }).expect(404);
      const res = await visitor
        .post('/api/ai-assistant/chat')
        .send({
          message: 'x'.repeat(4001),
          conversationDomain: 'interview',
          conversationData: interviewData(sessionId),
        })
        .expect(400);
      expect(res.body.message).toMatch(/at most 4000 characters/);
      expect(
        (await db.query(`SELECT count(*)::int AS n FROM interview_messages WHERE session_id = $1`, [sessionId]))[0].n,
      ).toBe(0);
    });

    it('answers a turn as it was stored: committed means 200, failed means nothing kept, and a repeat is kept once', async () => {
      const visitor = t.agent();
      const { sessionId } = await startSession(visitor);
      const count = async () =>
        (await db.query(`SELECT count(*)::int AS n FROM interview_messages WHERE session_id = $1`, [sessionId]))[0]
          .n as number;
      const answered = async () =>
        (await db.query(`SELECT answered FROM interview_sessions WHERE id = $1`, [sessionId]))[0].answered as number;
      const appendTurn = repository.appendTurn.bind(repository);

      // The transaction fails: the answer is an error, and neither the messages nor the progress are kept.
      const failing = jest
        .spyOn(repository, 'appendTurn')
        .mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
      const refused = await say(visitor, sessionId, 'Long walks in the forest before work.');
      expect(refused.status).toBeGreaterThanOrEqual(500);
      expect(await count()).toBe(0);
      expect(await answered()).toBe(0);
      failing.mockRestore();

      // The same answer again is kept once. The database then goes away right after the commit:
      // the committed turn is still answered as stored, from the transaction that stored it.
      const reads = jest.spyOn(repository, 'listMessages');
      const committing = jest.spyOn(repository, 'appendTurn').mockImplementationOnce(async (...args) => {
        const stored = await appendTurn(...args);
        reads.mockRejectedValue(new Error('Connection terminated unexpectedly'));
        return stored;
      });
      const kept = await say(visitor, sessionId, 'Long walks in the forest before work.').expect(200);
      committing.mockRestore();
      reads.mockRestore();
      expect(kept.body.history.map((m: { role: string }) => m.role)).toEqual(['assistant', 'user', 'assistant']);
      expect(await count()).toBe(3);
      const users = await db.query(`SELECT content FROM interview_messages WHERE session_id = $1 AND role = 'user'`, [
        sessionId,
      ]);
      expect(users).toEqual([{ content: 'Long walks in the forest before work.' }]);
    });

    it('follows the guide one question at a time, probes a short answer once, and completes the session with isComplete', async () => {
      const visitor = t.agent();
      const { sessionId, token } = await startSession(visitor);
      const status = async () =>
        (await visitor.get(`/api/interview/${DEMO_INTERVIEW_ID}/session/${sessionId}`).expect(200)).body
          .status as InterviewStatus;

      const short = await say(visitor, sessionId, 'Calm.').expect(200);
      expect(short.body.reply).toBe('What is one small thing that makes such a day good for you?');
      expect(short.body.isComplete).toBe(false);
      expect(short.body.aiSuggestions).toEqual(['Skip this question', 'What do you mean?']);
      // The greeting is kept with the first answer, so the transcript reads whole.
      expect(short.body.history.map((m: { role: string }) => m.role)).toEqual(['assistant', 'user', 'assistant']);
      expect(short.body.history[0].content).toContain(DEMO_QUESTIONS_EN[0]);
      expect(await status()).toBe('in_progress');

      // A second short answer is not probed again: the interview moves on.
      const still = await say(visitor, sessionId, 'Quiet mornings.').expect(200);
      expect(still.body.reply).toContain(`**Question 2 of 5:** ${DEMO_QUESTIONS_EN[1]}`);

      const explain = await say(visitor, sessionId, 'What do you mean?').expect(200);
      // The demo guide's own rephrasing and example, not the question's words again.
      expect(explain.body.reply).toContain(
        'In other words: When you are under pressure or feel down, what helps you, or what do you tend to do?',
      );
      expect(explain.body.reply).toContain('An answer could be, for example: *I call my sister');
      expect(explain.body.reply).not.toContain(DEMO_QUESTIONS_EN[1]);
      expect(explain.body.reply).not.toContain('Question 3 of 5');

      const pause = await say(visitor, sessionId, 'Can I take a break?').expect(200);
      expect(pause.body.reply).toMatch(/6-digit code/);

      // Coming back later with the code: the same thread, the same question.
      const resumed = await t.agent().get(`/api/interview/session/token/${token}`).expect(200);
      expect(resumed.body.sessionId).toBe(sessionId);
      const reload = await say(t.agent(), sessionId, '').expect(200);
      expect(reload.body.history).toHaveLength(9);
      expect(reload.body.reply).toBe(pause.body.reply);

      const second = await say(
        visitor,
        sessionId,
        'I usually go for a long walk in the forest and call a friend. It helps me slow down.',
      ).expect(200);
      expect(second.body.reply).toContain(
        'You mentioned “I usually go for a long walk in the forest and call a friend”.',
      );
      expect(second.body.reply).toContain(`**Question 3 of 5:** ${DEMO_QUESTIONS_EN[2]}`);
      const skipped = await say(visitor, sessionId, 'Skip this question').expect(200);
      expect(skipped.body.reply).toMatch(/^That’s fine, let’s skip that one\./);
      expect(skipped.body.reply).toContain(`**Question 4 of 5:** ${DEMO_QUESTIONS_EN[3]}`);
      await say(visitor, sessionId, 'Long working days and too many evening meetings get in the way.').expect(200);
      expect(await status()).toBe('in_progress');
      const last = await say(
        visitor,
        sessionId,
        'Reminding me to take short breaks and to sleep on time would help.',
      ).expect(200);
      expect(last.body.isComplete).toBe(true);
      expect(last.body.reply).toContain('the interview is complete');
      expect(last.body.aiSuggestions).toEqual([]);
      expect(await status()).toBe('completed');

      // Completed: the transcript stays readable, no more messages are taken.
      const closed = await say(visitor, sessionId, 'One more thing I forgot to say.').expect(409);
      expect(closed.body).toMatchObject({ code: 'interview_completed' });
      const final = await say(visitor, sessionId, '').expect(200);
      expect(final.body.history.at(-1).content).toBe(last.body.reply);
      expect(final.body.aiSuggestions).toEqual([]);
      const [row] = await db.query(`SELECT answered, status FROM interview_sessions WHERE id = $1`, [sessionId]);
      expect(row).toEqual({ answered: 5, status: 'completed' });
    });

    it('speaks Swedish in a Swedish session', async () => {
      const visitor = t.agent();
      const { sessionId } = await startSession(visitor, 'sv');
      const greeting = await say(visitor, sessionId, '', 'sv').expect(200);
      expect(greeting.body.reply).toContain('Välkommen till intervjun **Välmående i vardagen**');
      expect(greeting.body.reply).toContain(
        '**Fråga 1 av 5:** Till att börja med: hur ser en vanlig bra dag ut för dig?',
      );
      const answer = await say(
        visitor,
        sessionId,
        'En bra dag börjar med en lugn frukost och en promenad.',
        'sv',
      ).expect(200);
      expect(answer.body.reply).toContain(
        '**Fråga 2 av 5:** Vad brukar du göra när du känner dig stressad eller nere?',
      );
      const skip = await say(visitor, sessionId, 'Hoppa över frågan', 'sv').expect(200);
      expect(skip.body.reply).toMatch(/^Det går bra, vi hoppar över den\./);
    });

    it('keeps no identifying details: they are removed from what is stored, and Clari asks to leave them out', async () => {
      const visitor = t.agent();
      const { sessionId } = await startSession(visitor);
      const res = await say(
        visitor,
        sessionId,
        'My name is Anna Berg, mail me at anna.berg@example.org or call 070-123 45 67. A good day is a calm one.',
      ).expect(200);
      expect(res.body.reply).toMatch(/^Please leave out names and contact details/);
      const stored = await db.query(`SELECT content FROM interview_messages WHERE session_id = $1 AND role = 'user'`, [
        sessionId,
      ]);
      expect(stored[0].content).toBe(
        'My name is [name], mail me at [e-mail] or call [phone]. A good day is a calm one.',
      );
      const everything = JSON.stringify(
        await db.query(`SELECT * FROM interview_messages WHERE session_id = $1`, [sessionId]),
      );
      for (const secret of ['Anna', 'Berg', 'anna.berg@example.org', '070-123 45 67'])
        expect(everything).not.toContain(secret);
    });

    it('lets a signed-in user take part too, but not clear an interview thread', async () => {
      const user: TestUser = await createUser(t);
      const { sessionId } = await startSession(user.agent);
      await say(user.agent, sessionId, 'A good day has time for my family and a run.').expect(200);
      const clear = await user.agent
        .post('/api/ai-assistant/clear-conversation')
        .send({ conversationDomain: 'interview', conversationData: interviewData(sessionId) })
        .expect(400);
      expect(clear.body).toMatchObject({ code: 'conversation_not_clearable' });
      // The thread is the session's, not the user's.
      expect(
        (await db.query(`SELECT count(*)::int AS n FROM assistant_conversations WHERE domain = 'interview'`))[0].n,
      ).toBe(0);
      expect((await say(t.agent(), sessionId, '').expect(200)).body.history).toHaveLength(3);
    });

    it('limits one thread’s messages with a 429', async () => {
      const visitor = t.agent();
      const { sessionId } = await startSession(visitor);
      let status = 200;
      for (let i = 0; i < 32 && status === 200; i++) {
        status = (await say(t.agent(), sessionId, 'What do you mean?')).status;
      }
      expect(status).toBe(429);
    });
  });

  it('limits code guessing per client address with a 429 and Retry-After', async () => {
    const guesser = t.agent('10.250.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await guesser.get(`/api/interview/session/token/${String(900000 + i)}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 404 || s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    const limited = await guesser.get('/api/interview/session/token/123456').expect(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    await t
      .agent('10.250.0.2')
      .get('/api/interview/session/token/123456')
      .expect((res) => expect([200, 404]).toContain(res.status));
  });

  it('deletes sessions and their messages once the interview’s retention has passed', async () => {
    const shortLived = await addInterview({ retentionDays: 2 });
    const visitor = t.agent();
    const expired = await startSession(visitor);
    const fresh = await startSession(visitor);
    const shortExpired = await startSession(visitor, 'en', shortLived);
    const shortFresh = await startSession(visitor, 'en', shortLived);
    for (const { sessionId } of [expired, fresh])
      await say(visitor, sessionId, 'A good day starts slowly with coffee.').expect(200);
    await say(visitor, shortExpired.sessionId, 'A good day starts slowly with coffee.', 'en', shortLived).expect(200);
    await db.query(`UPDATE interview_sessions SET created_at = now() - interval '30 days 1 minute' WHERE id = $1`, [
      expired.sessionId,
    ]);
    await db.query(`UPDATE interview_sessions SET created_at = now() - interval '29 days 23 hours' WHERE id = $1`, [
      fresh.sessionId,
    ]);
    await db.query(`UPDATE interview_sessions SET created_at = now() - interval '2 days 1 minute' WHERE id = $1`, [
      shortExpired.sessionId,
    ]);
    await db.query(`UPDATE interview_sessions SET created_at = now() - interval '1 day' WHERE id = $1`, [
      shortFresh.sessionId,
    ]);
    const deleted = await t.app.get(InterviewRetentionProcessor).deleteExpired();
    expect(deleted).toBeGreaterThanOrEqual(2);
    const ids = [expired, fresh, shortExpired, shortFresh].map((s) => s.sessionId);
    const left = (await db.query(`SELECT id FROM interview_sessions WHERE id = ANY($1::uuid[])`, [ids])).map(
      (r: { id: string }) => r.id,
    );
    expect(left.sort()).toEqual([fresh.sessionId, shortFresh.sessionId].sort());
    const messages = await db.query(`SELECT session_id FROM interview_messages WHERE session_id = ANY($1::uuid[])`, [
      [expired.sessionId, shortExpired.sessionId],
    ]);
    expect(messages).toEqual([]);
    await visitor.get(`/api/interview/${DEMO_INTERVIEW_ID}/session/${expired.sessionId}`).expect(404);
  });

  (redisSkip ? it.skip : it)('schedules the retention sweep on the maintenance queue', async () => {
    const queue = new Bull('maintenance', process.env.TEST_REDIS_URL as string, {
      prefix: `${process.env.TEST_REDIS_PREFIX}:bull`,
    });
    try {
      const repeatable = (await queue.getRepeatableJobs()).filter(
        (job) => job.name === 'delete-expired-interview-sessions',
      );
      expect(repeatable).toHaveLength(1);
    } finally {
      await queue.close();
    }
  });

  describe('the CLI commands', () => {
    it('interview:create stores a valid guide file and prints the link; an invalid file is refused with every problem', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'clari-interview-'));
      const file = path.join(dir, 'guide.json');
      writeFileSync(file, JSON.stringify({ ...EXAMPLE_DEFINITION, retentionDays: 7 }));
      const { id, link } = await createInterviewFromFile(repository, file, 'https://clari.example/');
      expect(link).toBe(`https://clari.example/interview/${id}`);
      const info = await t.agent().get(`/api/interview/${id}`).expect(200);
      expect(info.body).toMatchObject({ title: EXAMPLE_DEFINITION.title, questionCount: 2, retentionDays: 7 });

      writeFileSync(
        file,
        JSON.stringify({
          title: { en: 'Only English' },
          guide: { goal: { en: 'g', sv: 'm' }, questions: [] },
          colour: 'red',
        }),
      );
      const refused = createInterviewFromFile(repository, file, 'http://localhost:3000');
      await expect(refused).rejects.toThrow(InterviewAdminError);
      await expect(createInterviewFromFile(repository, file, 'http://localhost:3000')).rejects.toThrow(
        /Unknown field "colour"[\s\S]*title\.sv must be a non-empty text[\s\S]*description must be an object[\s\S]*guide\.tone must be an object[\s\S]*guide\.questions must be a list of 1 to 30/,
      );
      writeFileSync(file, '{ not json');
      await expect(createInterviewFromFile(repository, file, 'http://localhost:3000')).rejects.toThrow(
        /is not valid JSON/,
      );
    });

    it('interview:export writes every session’s anonymous transcript, without the resume codes', async () => {
      const id = await addInterview();
      const visitor = t.agent();
      const { sessionId, token } = await startSession(visitor, 'sv', id);
      await say(visitor, sessionId, 'Jag planerar veckan på söndagar med en lista.', 'sv', id).expect(200);
      const untouched = await startSession(visitor, 'en', id);
      const exported = await exportInterview(repository, id, new Date('2026-01-02T03:04:05.000Z'));
      expect(exported.interview).toMatchObject({
        id,
        title: EXAMPLE_DEFINITION.title,
        guide: EXAMPLE_DEFINITION.guide,
        active: true,
        retentionDays: 30,
      });
      expect(exported.exportedAt).toBe('2026-01-02T03:04:05.000Z');
      expect(exported.sessions.map((s) => s.sessionId)).toEqual([sessionId, untouched.sessionId]);
      const [taken] = exported.sessions;
      expect(taken).toMatchObject({ status: 'in_progress', language: 'sv', completedAt: null });
      expect(taken.messages.map((m) => [m.role, m.questionIndex])).toEqual([
        ['assistant', null],
        ['user', 0],
        ['assistant', null],
      ]);
      expect(taken.messages[1].content).toBe('Jag planerar veckan på söndagar med en lista.');
      expect(taken.messages[2].content).toContain('**Fråga 2 av 2:** Vad gör det svårt att plugga som planerat?');
      expect(JSON.stringify(exported)).not.toContain(token);
      await expect(exportInterview(repository, MISSING)).rejects.toThrow(`No interview has the id ${MISSING}.`);
    });

    it('pauses, questions and small talk do not advance the interview, and the export lines answers up with questions', async () => {
      const id = await addInterview();
      const visitor = t.agent();
      const { sessionId } = await startSession(visitor, 'en', id);
      for (const message of ["I'd like to take a break now", 'What do you mean?', 'Hi!']) {
        const res = await say(visitor, sessionId, message, 'en', id).expect(200);
        expect(res.body.isComplete).toBe(false);
      }
      const [before] = await db.query(`SELECT answered FROM interview_sessions WHERE id = $1`, [sessionId]);
      expect(before.answered).toBe(0);
      await say(visitor, sessionId, 'On Sunday evenings I write a list of what to study each day.', 'en', id).expect(
        200,
      );
      await say(visitor, sessionId, 'Skip this question', 'en', id).expect(200);
      const exported = await exportInterview(repository, id);
      const session = exported.sessions.find((item) => item.sessionId === sessionId);
      expect(session?.questions).toEqual([
        { index: 0, status: 'answered', answers: ['On Sunday evenings I write a list of what to study each day.'] },
        { index: 1, status: 'skipped', answers: [] },
      ]);
      expect(session?.messages.filter((m) => m.role === 'user').map((m) => m.kind)).toEqual([
        'pause',
        'question',
        'chat',
        'answer',
        'skip',
      ]);

      // A session that paused at a question shows it as paused.
      const paused = await startSession(visitor, 'sv', id);
      await say(visitor, paused.sessionId, 'Jag behöver en paus nu', 'sv', id).expect(200);
      const later = await exportInterview(repository, id);
      expect(later.sessions.find((item) => item.sessionId === paused.sessionId)?.questions[0]).toEqual({
        index: 0,
        status: 'paused',
        answers: [],
      });
    });
  });

  it('serves the SPA to a browser on /interview routes', async () => {
    expect({ spaBuilt: spaIsBuilt() }).toEqual({ spaBuilt: true }); // run `npm run build:web` first
    for (const route of [`/interview/${DEMO_INTERVIEW_ID}`, `/interview/${DEMO_INTERVIEW_ID}/${MISSING}`]) {
      const res = await t.agent().get(route).set('Accept', 'text/html,application/xhtml+xml').expect(200);
      expect(res.text).toContain('<div id="root">');
    }
  });
});

describe('the global limit on failed code lookups', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Its own Redis prefix: the global counter must not be shared with other suites of this run.
    t = await startTestApp({ env: { REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX}-interview-global` } });
  });
  afterAll(() => t?.close());

  it('answers 429 to every address once 60 lookups have failed within 15 minutes', async () => {
    const { token } = (
      await t.agent().post(`/api/interview/${DEMO_INTERVIEW_ID}/session`).send({ language: 'en' }).expect(201)
    ).body as { token: string };
    let guess = 0;
    const nextMiss = () => {
      do guess++;
      while (String(guess).padStart(6, '0') === token);
      return String(guess).padStart(6, '0');
    };
    // Six addresses, ten failed guesses each: all within their own limit.
    for (let address = 0; address < 6; address++) {
      const agent = t.agent(`10.251.${address}.1`);
      for (let i = 0; i < 10; i++) await agent.get(`/api/interview/session/token/${nextMiss()}`).expect(404);
    }
    // A fresh address, even with the right code, now waits.
    const res = await t.agent('10.251.99.1').get(`/api/interview/session/token/${token}`).expect(429);
    expect(res.body).toMatchObject({ code: 'rate_limited' });
  });
});

describe('the interview through the openai driver and a compatible server', () => {
  let t: TestApp;
  let fake: FakeOpenAi;

  beforeAll(async () => {
    ({ t, fake } = await startAppWithFakeOpenAi('interview-openai'));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });
  beforeEach(() => fake.reset());

  it('gives the model the guide and the current question, sends no identifiers, and counts progress itself', async () => {
    const visitor = t.agent();
    const { sessionId, token } = await startSession(visitor);
    const answered = (reply: string) => ({
      json: { reply, suggestions: ['Skip'], phase: 'interview', question_answered: true, follow_up_asked: false },
    });
    fake.script('chat', {
      json: {
        reply: 'Tell me more?',
        suggestions: [],
        phase: 'interview',
        question_answered: false,
        follow_up_asked: true,
      },
    });
    const probe = await say(visitor, sessionId, 'Mail me at someone@example.org, a calm day.').expect(200);
    expect(probe.body).toMatchObject({ reply: 'Tell me more?', isComplete: false });
    const [request] = fake.requestsTo('chat');
    const context =
      (request.body.messages as Array<{ role: string; content: string }>).find((m) => m.content.startsWith('CONTEXT'))
        ?.content ?? '';
    expect(context).toContain(
      `"current_question":{"number":1,"text":"${DEMO_QUESTIONS_EN[0]}","rephrase":"Think of a day that felt good`,
    );
    expect(context).toContain(`"probe":"What is one small thing that makes such a day good for you?"`);
    expect(context).toContain(`"next_question":{"number":2,"text":"${DEMO_QUESTIONS_EN[1]}"}`);
    expect(context).toContain('"follow_up_already_asked":false');
    expect(request.body.response_format).toMatchObject({
      json_schema: { schema: { required: expect.arrayContaining(['question_answered', 'follow_up_asked']) } },
    });
    expect(request.raw).not.toContain('someone@example.org');
    expect(request.raw).not.toContain(sessionId);
    expect(request.raw).not.toContain(token);

    for (let i = 0; i < 4; i++) {
      fake.script('chat', answered(`Thanks (${i + 1}).`));
      const res = await say(visitor, sessionId, `An answer with enough words number ${i + 1}.`).expect(200);
      expect(res.body.isComplete).toBe(false);
    }
    const followUp =
      (fake.requestsTo('chat').at(-1)?.body.messages as Array<{ content: string }>).find((m) =>
        m.content.startsWith('CONTEXT'),
      )?.content ?? '';
    expect(followUp).toContain('"answered_so_far":3');
    // A malformed answer moves nothing on and does not complete the session.
    fake.script('chat', { content: '{"reply": "unfinished' });
    const polite = await say(visitor, sessionId, 'My last answer, with several words.').expect(200);
    expect(polite.body.reply).toMatch(/^I’m sorry, I couldn’t put together an answer/);
    expect(
      (await visitor.get(`/api/interview/${DEMO_INTERVIEW_ID}/session/${sessionId}`).expect(200)).body.status,
    ).toBe('in_progress');
    fake.script('chat', answered('Thank you, that was all.'));
    const last = await say(visitor, sessionId, 'My last answer, with several words.').expect(200);
    expect(last.body).toMatchObject({ reply: 'Thank you, that was all.', isComplete: true, aiSuggestions: [] });
    expect(
      (await visitor.get(`/api/interview/${DEMO_INTERVIEW_ID}/session/${sessionId}`).expect(200)).body.status,
    ).toBe('completed');
  });
});
