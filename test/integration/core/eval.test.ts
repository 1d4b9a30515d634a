import { runEvaluation } from '../../../apps/api/src/eval/run-eval';
import { Client } from 'pg';
import { FakeOpenAi } from '../../support/fake-openai';

/**
 * `npm run eval -- --provider openai` against the fake server in each JSON mode: it must
 * work with any OpenAI-compatible server, and print the tables, latency and tokens.
 */
describe('npm run eval against an OpenAI-compatible server', () => {
  const fake = new FakeOpenAi();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  it.each([
    ['json_schema', ['json_schema', 'json_object']],
    ['json_object', ['json_object']],
    ['prompt', []],
  ] as const)('in %s mode, with a server that accepts %j', async (mode, accepts) => {
    fake.acceptsResponseFormat = [...accepts];
    const db = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await db.connect();
    const crisesCounted = async () =>
      Number((await db.query(`SELECT COALESCE(sum(crisis_count), 0) AS n FROM safety_events`)).rows[0].n);
    const countedBefore = await crisesCounted();
    const lines: string[] = [];
    const result = await runEvaluation({
      provider: 'openai',
      limit: 3,
      out: (line) => lines.push(line),
      env: {
        DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
        REDIS_URL: '',
        OPENAI_CHAT_BASE_URL: fake.baseUrl,
        OPENAI_CHAT_MODEL: 'eval-model',
        AI_JSON_MODE: mode,
        OPENAI_MAX_RETRIES: '0',
        OPENAI_TIMEOUT_MS: '5000',
      },
    });
    const output = lines.join('\n');
    expect(result.provider).toBe(`openai (${fake.baseUrl}, eval-model, ${mode})`);
    // Every figure names the set it comes from.
    expect(output).toMatch(/Crisis detection, en \(development: test\/corpus\/crisis\*\.json\)/);
    expect(output).toMatch(/recognised \(any level\)/);
    expect(output).toMatch(/Safety set crisis-2026-11-27-a \(development\)/);
    expect(result.safetySets.length).toBeGreaterThanOrEqual(2);
    expect(output).toMatch(/valueexplorer \(en\)|yearcompass \(en\)/);
    expect(output).toMatch(/Median latency per turn: \d+ ms/);
    // Reflect, Interview and Journal went through the API too.
    expect(result.conversations.map((score) => score.domain).sort()).toEqual(['interview', 'journal', 'reflect']);
    expect(output).toMatch(/interview +en +items +3/);
    expect(result.tokensPerTurn).toEqual({ prompt: 1, completion: 1 });
    const formats = new Set(
      fake
        .requestsTo('chat')
        .map((request) => (request.body.response_format as { type?: string } | undefined)?.type ?? 'prompt'),
    );
    expect([...formats]).toEqual([mode]);
    // Its crisis messages are not counted among the operators' figures.
    expect(await crisesCounted()).toBe(countedBefore);
    await db.end();
  });
});
