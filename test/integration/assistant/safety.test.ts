import { DataSource } from 'typeorm';
import { REFLECT_CLARIFY_PHRASE } from '@clari/contracts';
import { DEMO_INTERVIEW_ID } from '../../../migrations/1763684200000-Interview';
import { exportInterview } from '../../../apps/api/src/modules/interview/interview-admin';
import { InterviewRepository } from '../../../apps/api/src/modules/interview/interview.repository';
import { createUser, type TestUser } from '../../support/accounts';
import { startAppWithFakeOpenAi, startTestApp, type TestApp } from '../../support/app-harness';
import { interviewThread } from '../../support/chat-threads';
import { moderationAnswer, type FakeOpenAi } from '../../support/fake-openai';

const chat = (user: TestUser, body: Record<string, unknown>) => user.agent.post('/api/ai-assistant/chat').send(body);
const HELP = ['112', '90101', '1177', 'findahelpline.com'];

function expectCrisisReply(
  body: { reply: string; risk: string; aiSuggestions: string[] },
  language: 'en' | 'sv',
): void {
  expect(body.risk).toBe('crisis');
  for (const number of HELP) expect(body.reply).toContain(number);
  expect(body.reply).toContain(language === 'en' ? 'Are you safe right now' : 'Är du i säkerhet just nu');
  expect(body.aiSuggestions).toEqual([]);
}

async function crisisCount(db: DataSource, domain: string): Promise<number> {
  const rows: Array<{ n: number }> = await db.query(
    `SELECT COALESCE(sum(crisis_count), 0)::int AS n FROM safety_events WHERE domain = $1`,
    [domain],
  );
  return rows[0].n;
}

describe('the safety net with the offline guide', () => {
  let t: TestApp;
  let db: DataSource;
  let anna: TestUser;
  let bo: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    [anna, bo] = await Promise.all([
      createUser(t, { fullName: 'Anna Lind' }),
      createUser(t, { language: 'sv', fullName: 'Bo Ek' }),
    ]);
  });
  afterAll(() => t?.close());

  it('Value Explorer: a crisis gets help and writes no update; the next short answer is answered, not stored as content', async () => {
    const before = await crisisCount(db, 'valueexplorer_lifearea');
    const data = { area: { id: 'family' }, currentPhase: 'values', contextSwitched: false };
    const res = await chat(anna, {
      message: 'I value honesty but honestly I want to end my life.',
      conversationDomain: 'valueexplorer_lifearea',
      conversationData: data,
      language: 'en',
    }).expect(200);
    expectCrisisReply(res.body, 'en');
    expect(res.body.updates).toEqual({});
    expect(res.body.currentPhase).toBe('values');
    const [user, reply] = res.body.history.slice(-2);
    expect(user).toMatchObject({ role: 'user', risk: 'crisis' });
    expect(reply).toMatchObject({ role: 'assistant', risk: 'crisis', content: res.body.reply });
    expect(await crisisCount(db, 'valueexplorer_lifearea')).toBe(before + 1);

    const safe = await chat(anna, {
      message: "Yes, I'm safe.",
      conversationDomain: 'valueexplorer_lifearea',
      conversationData: data,
      language: 'en',
    }).expect(200);
    expect(safe.body).toMatchObject({ risk: 'concern', updates: {} });
    expect(safe.body.reply).toContain('glad you’re safe'.replace('’', "'"));
    // The answer is never content; Clari's reply to it is an ordinary message again.
    expect(safe.body.history.slice(-2).map((item: { risk?: string }) => item.risk)).toEqual(['crisis', undefined]);

    // The conversation then goes on as usual, and the reload keeps the flags (the help card stays).
    const next = await chat(anna, {
      message: 'I really value honesty with my family.',
      conversationDomain: 'valueexplorer_lifearea',
      conversationData: data,
      language: 'en',
    }).expect(200);
    expect(next.body.risk).toBe('none');
    const reload = await chat(anna, {
      message: '',
      conversationDomain: 'valueexplorer_lifearea',
      conversationData: data,
    }).expect(200);
    expect(reload.body.history.filter((item: { risk?: string }) => item.risk === 'crisis')).toHaveLength(3);
  });

  it('answers in Swedish, per class: self-harm is not answered like a plan', async () => {
    const data = { area: { id: 'health' }, currentPhase: 'values' };
    const selfHarm = await chat(bo, {
      message: 'jag har skurit mig i armarna igen',
      conversationDomain: 'valueexplorer_lifearea',
      conversationData: data,
    }).expect(200);
    expectCrisisReply(selfHarm.body, 'sv');
    expect(selfHarm.body.reply).toContain('skadar dig');
    const plan = await chat(bo, {
      message: 'Jag har sparat tabletter och skrivit avskedsbrev.',
      conversationDomain: 'valueexplorer_lifearea',
      conversationData: { area: { id: 'career' } },
    }).expect(200);
    expectCrisisReply(plan.body, 'sv');
    expect(plan.body.reply).toContain('ring 112');
    expect(plan.body.reply).not.toBe(selfHarm.body.reply);
  });

  it('Year Compass: a crisis fills no box', async () => {
    const res = await chat(anna, {
      message: 'Sometimes I think about ending my life.',
      conversationDomain: 'yearcompass_dynamicsection',
      conversationData: { sectionNumber: 3, boxes: [] },
      language: 'en',
    }).expect(200);
    expectCrisisReply(res.body, 'en');
    expect(res.body.updates).toEqual([]);
    const swedish = await chat(bo, {
      message: 'Jag vill dö.',
      conversationDomain: 'yearcompass_dynamicsection',
      conversationData: { sectionNumber: 4 },
    }).expect(200);
    expectCrisisReply(swedish.body, 'sv');
    expect(swedish.body.updates).toEqual([]);
  });

  it('look-alikes are answered as usual', async () => {
    for (const message of [
      'This deadline is killing me, but I value the work.',
      'Jag är dödstrött efter jobbet.',
      'I don’t want to die without seeing Japan.',
    ]) {
      const res = await chat(anna, {
        message,
        conversationDomain: 'yearcompass_dynamicsection',
        conversationData: { sectionNumber: 5 },
        language: 'en',
      }).expect(200);
      expect(res.body.risk).not.toBe('crisis');
      expect(res.body.reply).not.toContain('90101');
    }
  });

  it('Reflect: Clarify afterwards contains none of the statement', async () => {
    const created = await anna.agent
      .post('/reflect/reflections')
      .send({ title: 'My week', topic: 'emotion' })
      .expect(201);
    const data = { reflectionId: created.body.id, topic: 'emotion' };
    await chat(anna, {
      message: 'I walked by the sea on Sunday and felt calmer than in weeks.',
      conversationDomain: 'reflect_topic',
      conversationData: data,
      language: 'en',
    }).expect(200);
    const crisis = await chat(anna, {
      message: 'But some nights I want to end my life.',
      conversationDomain: 'reflect_topic',
      conversationData: data,
      language: 'en',
    }).expect(200);
    expectCrisisReply(crisis.body, 'en');
    await chat(anna, {
      message: 'I want to walk by the sea every Sunday because it calms me.',
      conversationDomain: 'reflect_topic',
      conversationData: data,
      language: 'en',
    }).expect(200);
    const clarify = await chat(anna, {
      message: REFLECT_CLARIFY_PHRASE.en,
      conversationDomain: 'reflect_topic',
      conversationData: { ...data, clarify: true },
      language: 'en',
    }).expect(200);
    const written = JSON.stringify([clarify.body.reflection_summary, clarify.body.takeaways]).toLowerCase();
    expect(clarify.body.reflection_summary?.content).toMatch(/sea/i);
    expect(written).not.toContain('end my life');
    expect(written).not.toContain('some nights');
  });

  it('Interview: the question does not move, the pause is offered, and the export leaves the message out', async () => {
    const { visitor, sessionId, data } = await interviewThread(t, 'en');
    const say = (message: string) =>
      visitor
        .post('/api/ai-assistant/chat')
        .send({ message, conversationDomain: 'interview', conversationData: data, language: 'en' });
    await say('I sleep about seven hours and wake up rested most days of the week.').expect(200);
    const [before] = await db.query(`SELECT answered FROM interview_sessions WHERE id = $1`, [sessionId]);
    const crisis = await say('nobody would miss me if i was gone').expect(200);
    expectCrisisReply(crisis.body, 'en');
    expect(crisis.body.reply).toContain('pause the interview');
    expect(crisis.body.isComplete).toBeUndefined();
    const [after] = await db.query(`SELECT answered FROM interview_sessions WHERE id = $1`, [sessionId]);
    expect(after.answered).toBe(before.answered);
    const stored = await db.query(
      `SELECT role, risk, question_index FROM interview_messages WHERE session_id = $1 AND risk IS NOT NULL ORDER BY id`,
      [sessionId],
    );
    expect(stored).toEqual([
      { role: 'user', risk: 'crisis', question_index: null },
      { role: 'assistant', risk: 'crisis', question_index: null },
    ]);
    const exported = await exportInterview(t.app.get(InterviewRepository), DEMO_INTERVIEW_ID);
    const transcript = exported.sessions.find((item) => item.sessionId === sessionId);
    expect(JSON.stringify(transcript)).not.toContain('miss me');
    expect(transcript?.messages.length).toBeGreaterThan(0);
  });

  it('counts crisis events per domain without any text or user', async () => {
    const columns: Array<{ column_name: string }> = await db.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'safety_events' ORDER BY column_name`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(['crisis_count', 'day', 'domain']);
    expect(await crisisCount(db, 'interview')).toBeGreaterThan(0);
    expect(await crisisCount(db, 'yearcompass_dynamicsection')).toBeGreaterThanOrEqual(2);
  });
});

describe('the safety net with a model', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let anna: TestUser;

  beforeAll(async () => {
    ({ t, fake } = await startAppWithFakeOpenAi('safety', { env: { OPENAI_MODERATION: 'true' } }));
    anna = await createUser(t, { fullName: 'Anna Lind' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });
  beforeEach(() => fake.reset());

  const data = { area: { id: 'social' }, currentPhase: 'values' };

  it('answers a crisis the lexicon knows without asking the model, and asks every reply schema for risk', async () => {
    const res = await chat(anna, {
      message: 'I want to kill myself',
      conversationDomain: 'valueexplorer_lifearea',
      conversationData: data,
      language: 'en',
    }).expect(200);
    expectCrisisReply(res.body, 'en');
    expect(fake.requestsTo('chat')).toHaveLength(0);
    await chat(anna, {
      message: 'I like spending time with friends.',
      conversationDomain: 'valueexplorer_lifearea',
      conversationData: { area: { id: 'leisure' } },
      language: 'en',
    }).expect(200);
    const [request] = fake.requestsTo('chat');
    expect(request.body.response_format).toMatchObject({
      json_schema: { schema: { required: expect.arrayContaining(['risk']) } },
    });
  });

  it('takes the crisis path when the model sets risk "crisis", dropping its updates', async () => {
    fake.script('chat', {
      json: { reply: 'Noted.', suggestions: [], phase: 'values', risk: 'crisis', updates: { values: ['honesty'] } },
    });
    const res = await chat(anna, {
      message: 'I keep thinking everyone’s lives would be lighter.',
      conversationDomain: 'valueexplorer_lifearea',
      conversationData: { area: { id: 'family' } },
      language: 'en',
    }).expect(200);
    expectCrisisReply(res.body, 'en');
    expect(res.body.updates).toEqual({});
  });

  it('takes the crisis path when the moderation endpoint flags self-harm, and ignores its failure', async () => {
    fake.script('moderation', { json: moderationAnswer(true, 'self-harm/intent') });
    const flagged = await chat(anna, {
      message: 'I am done with all of it, for good.',
      conversationDomain: 'valueexplorer_lifearea',
      conversationData: { area: { id: 'career' } },
      language: 'en',
    }).expect(200);
    expectCrisisReply(flagged.body, 'en');
    expect(fake.requestsTo('chat')).toHaveLength(0);
    expect(fake.requestsTo('moderation')[0].body).toMatchObject({
      model: 'omni-moderation-latest',
      input: 'I am done with all of it, for good.',
    });

    fake.reset();
    fake.script('moderation', { status: 500 });
    const failed = await chat(anna, {
      message: 'I enjoy long walks.',
      conversationDomain: 'valueexplorer_lifearea',
      conversationData: { area: { id: 'health' } },
      language: 'en',
    }).expect(200);
    expect(failed.body.risk).toBe('none');
    expect(failed.body.reply).toContain('Fake reply');
  });
});
