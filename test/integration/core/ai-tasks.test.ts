import { UsersRepository } from '../../../apps/api/src/modules/users/users.repository';
import { createUser, type TestUser } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/app-harness';
import { FakeOpenAi } from '../../support/fake-openai';

// A WebM header and some payload: enough for the audio type check; the fake does not decode it.
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2048, 7)]);
const CHAT = {
  message: 'I value honesty at work.',
  conversationDomain: 'valueexplorer_lifearea',
  conversationData: { area: { id: 'career' }, currentPhase: 'values' },
  language: 'en',
};

function env(
  fakes: { chat: FakeOpenAi; speech?: FakeOpenAi },
  extra: Record<string, string> = {},
  prefix = 'ai',
): Record<string, string> {
  return {
    OPENAI_CHAT_BASE_URL: fakes.chat.baseUrl,
    OPENAI_CHAT_MODEL: 'local-chat',
    ...(fakes.speech
      ? { OPENAI_TRANSCRIPTION_BASE_URL: fakes.speech.baseUrl, OPENAI_TRANSCRIPTION_MODEL: 'local-whisper' }
      : {}),
    AI_IMAGES: 'offline',
    OPENAI_TIMEOUT_MS: '2000',
    OPENAI_MAX_RETRIES: '0',
    REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX}-${prefix}`,
    ...extra,
  };
}

describe('one server per AI task: chat and transcription on different servers, images offline', () => {
  const chatServer = new FakeOpenAi();
  const speechServer = new FakeOpenAi();
  let t: TestApp;
  let clinician: TestUser;

  beforeAll(async () => {
    await Promise.all([chatServer.start(), speechServer.start()]);
    t = await startTestApp({ env: env({ chat: chatServer, speech: speechServer }, {}, 'ai-tasks') });
    clinician = await createUser(t);
    const users = t.app.get(UsersRepository);
    await users.update((await users.findByEmail(clinician.email))!.id, { isClinician: true });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([chatServer.stop(), speechServer.stop()]);
  });

  it('reports each task’s provider in health and tells the SPA that transcription is available', async () => {
    const health = await t.agent().get('/api/health');
    expect(health.body.ai).toEqual({ provider: 'openai', chat: 'openai', transcription: 'openai', images: 'offline' });
    const config = await t.agent().get('/api/config').expect(200);
    expect(config.body.transcriptionAvailable).toBe(true);
  });

  it('sends chat to the chat server with its model, and speech to the speech server with its model', async () => {
    await clinician.agent.post('/api/ai-assistant/chat').send(CHAT).expect(200);
    expect(chatServer.requestsTo('chat').map((request) => request.body.model)).toEqual(['local-chat']);
    expect(speechServer.requestsTo('chat')).toHaveLength(0);

    speechServer.script('transcription', { json: { text: 'Client: I slept badly.' } });
    const transcribed = await clinician.agent
      .post('/transcribe')
      .field('language', 'en')
      .attach('audio', WEBM, 'session.webm')
      .expect(200);
    expect(transcribed.body).toEqual({ transcription: 'Client: I slept badly.' });
    expect(speechServer.requestsTo('transcription').map((request) => request.body.model)).toEqual(['local-whisper']);
    expect(chatServer.requestsTo('transcription')).toHaveLength(0);
  });
});

describe('structured answers from servers that do not support json_schema', () => {
  const server = new FakeOpenAi();
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    await server.start();
    t = await startTestApp({ env: env({ chat: server }, {}, 'ai-json') });
    user = await createUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await server.stop();
  });
  beforeEach(() => server.reset());

  it('falls back once to json_object, then to the schema in the prompt, and stays there; fenced or chatty JSON is read', async () => {
    server.acceptsResponseFormat = [];
    server.script('chat', {
      content:
        'Sure! Here is my answer:\n```json\n{"reply": "Honesty matters to you at work.", "suggestions": [], "phase": "values", "risk": "none"}\n```\nAnything else?',
    });
    const first = await user.agent.post('/api/ai-assistant/chat').send(CHAT).expect(200);
    expect(first.body.reply).toBe('Honesty matters to you at work.');
    const tried = server
      .requestsTo('chat')
      .map((request) => (request.body.response_format as { type?: string } | undefined)?.type ?? 'prompt');
    expect(tried).toEqual(['json_schema', 'json_object', 'prompt']);
    const last = server.requestsTo('chat')[2].body.messages as Array<{ role: string; content: string }>;
    expect(last[last.length - 1]).toMatchObject({
      role: 'system',
      content: expect.stringContaining('following this JSON Schema') as unknown,
    });

    server.reset();
    server.script('chat', {
      content: '{"reply": "Thank you.", "suggestions": [], "phase": "values", "risk": "none"} I hope that helps.',
    });
    const second = await user.agent
      .post('/api/ai-assistant/chat')
      .send({ ...CHAT, message: 'And fairness.' })
      .expect(200);
    expect(second.body.reply).toBe('Thank you.');
    expect(server.requestsTo('chat')).toHaveLength(1);
    expect(server.requestsTo('chat')[0].body.response_format).toBeUndefined();
  });
});

describe('AI_JSON_MODE', () => {
  const server = new FakeOpenAi();
  let t: TestApp;

  beforeAll(async () => {
    await server.start();
    t = await startTestApp({ env: env({ chat: server }, { AI_JSON_MODE: 'json_object' }, 'ai-mode') });
  });
  afterAll(async () => {
    await t?.close();
    await server.stop();
  });

  it('asks in the configured mode from the first request', async () => {
    const user = await createUser(t);
    await user.agent.post('/api/ai-assistant/chat').send(CHAT).expect(200);
    expect(
      server.requestsTo('chat').map((request) => (request.body.response_format as { type?: string }).type),
    ).toEqual(['json_object']);
  });
});
