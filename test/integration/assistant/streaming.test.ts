import type { ChatResponse } from '@clari/contracts';
import { createUser, type TestUser } from '../../support/accounts';
import { startAppWithFakeOpenAi, startTestApp, type TestApp } from '../../support/app-harness';
import type { FakeOpenAi } from '../../support/fake-openai';

const VALUES = {
  message: 'Honesty and kindness matter to me at work.',
  conversationDomain: 'valueexplorer_lifearea',
  conversationData: { area: { id: 'career' }, currentPhase: 'values', selectedValues: [] },
  language: 'en',
};

interface StreamedTurn {
  status: number;
  contentType: string;
  deltas: string[];
  done: ChatResponse | null;
  errors: unknown[];
  raw: string;
}

/** Sends a chat turn asking for server-sent events and reads them all. */
async function streamTurn(user: TestUser, body: Record<string, unknown>): Promise<StreamedTurn> {
  const res = await user.agent
    .post('/api/ai-assistant/chat')
    .set('Accept', 'text/event-stream')
    .send(body)
    .buffer(true)
    .parse((response, done) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => done(null, text));
    });
  const raw = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  const events = raw
    .split('\n\n')
    .filter(Boolean)
    .map((block) => ({ name: /^event: (\w+)/m.exec(block)?.[1], data: /^data: (.*)$/m.exec(block)?.[1] }));
  return {
    status: res.status,
    contentType: String(res.headers['content-type']),
    deltas: events.filter((e) => e.name === 'delta').map((e) => (JSON.parse(e.data ?? '{}') as { text: string }).text),
    done: events.filter((e) => e.name === 'done').map((e) => JSON.parse(e.data ?? 'null') as ChatResponse)[0] ?? null,
    errors: events.filter((e) => e.name === 'error').map((e) => JSON.parse(e.data ?? 'null') as unknown),
    raw,
  };
}

describe('streamed chat replies, offline', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    user = await createUser(t);
  });
  afterAll(() => t?.close());

  it('streams the offline guide’s reply in parts, then the complete answer once; without the header the answer is JSON as before', async () => {
    const turn = await streamTurn(user, VALUES);
    expect(turn.status).toBe(200);
    expect(turn.contentType).toMatch(/^text\/event-stream/);
    expect(turn.deltas.length).toBeGreaterThan(1);
    expect(turn.done).not.toBeNull();
    expect(turn.deltas.join('')).toBe(turn.done!.reply);
    expect(turn.done!.updates).toMatchObject({
      values: expect.arrayContaining(['integrity', 'compassion']) as unknown,
    });
    expect(turn.raw.indexOf('event: done')).toBeGreaterThan(turn.raw.lastIndexOf('event: delta'));
    // The turn was stored once: the greeting, the message and the reply.
    const history = await user.agent
      .post('/api/ai-assistant/chat')
      .send({ ...VALUES, message: '' })
      .expect(200);
    expect(history.headers['content-type']).toMatch(/^application\/json/);
    expect((history.body as ChatResponse).history.map((item) => item.role)).toEqual(['assistant', 'user', 'assistant']);
  });

  it('answers bad input and unknown domains with an ordinary JSON error before any event', async () => {
    const unknown = await user.agent
      .post('/api/ai-assistant/chat')
      .set('Accept', 'text/event-stream')
      .send({ ...VALUES, conversationDomain: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.headers['content-type']).toMatch(/^application\/json/);
    const visitor = await t.agent().post('/api/ai-assistant/chat').set('Accept', 'text/event-stream').send(VALUES);
    expect(visitor.status).toBe(401);
  });

  it('gives a crisis message Clari’s own help text, never content, also when streamed', async () => {
    const turn = await streamTurn(user, {
      ...VALUES,
      message: 'I want to kill myself.',
      conversationData: { area: { id: 'family' }, currentPhase: 'values', selectedValues: [] },
    });
    expect(turn.done!.risk).toBe('crisis');
    expect(turn.deltas.join('')).toBe(turn.done!.reply);
    expect(turn.done!.reply).toContain('112');
    expect(turn.done!.updates).toEqual({});
  });
});

describe('streamed chat replies through the openai client', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let user: TestUser;
  beforeAll(async () => {
    ({ t, fake } = await startAppWithFakeOpenAi('streaming'));
    user = await createUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });
  beforeEach(() => fake.reset());

  it('streams the model’s reply as it arrives, and applies its updates only from the final, validated answer', async () => {
    const reply =
      'Honesty seems to guide how you work with others. Where do you notice it most during a normal week at your job?';
    fake.script('chat', {
      json: { risk: 'none', reply, suggestions: ['At meetings'], phase: 'values', updates: { values: ['honesty'] } },
    });
    const turn = await streamTurn(user, VALUES);
    expect(fake.requestsTo('chat')[0].body.stream).toBe(true);
    expect(turn.deltas.length).toBeGreaterThan(3);
    expect(turn.deltas.join('')).toBe(reply);
    expect(turn.done!.reply).toBe(reply);
    expect(turn.raw.match(/"updates"/g)).toHaveLength(1);
  });

  it('never streams a reply the model marks as a crisis: the help text comes instead', async () => {
    fake.script('chat', {
      json: { risk: 'crisis', reply: 'SECRET MODEL TEXT that must not be shown', suggestions: [], phase: 'values' },
    });
    const turn = await streamTurn(user, {
      ...VALUES,
      message: 'Everything feels pointless lately and I cannot see a way forward.',
    });
    expect(turn.raw).not.toContain('SECRET MODEL TEXT');
    expect(turn.done!.risk).toBe('crisis');
    expect(turn.deltas.join('')).toBe(turn.done!.reply);
  });

  it('replaces a streamed reply that fails validation by the polite fallback in the final answer', async () => {
    fake.script('chat', { content: '{"risk": "none", "reply": "Half an answer' });
    const turn = await streamTurn(user, { ...VALUES, message: 'Tell me more.' });
    expect(turn.done).not.toBeNull();
    expect(turn.done!.reply).not.toContain('Half an answer');
    expect(turn.errors).toEqual([]);
  });
});
