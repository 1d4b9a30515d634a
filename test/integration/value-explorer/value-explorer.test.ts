import { createUser, type TestUser } from '../../support/accounts';
import { startAppWithFakeOpenAi, startTestApp, type TestApp } from '../../support/app-harness';
import type { FakeOpenAi } from '../../support/fake-openai';

const good = {
  lifeAreas: ['family', 'health'],
  selectedValues: { family: ['connection', '  Being there  ', 'connection'], health: ['balance'] },
  goals: { family: { shortTermGoal: ['Dinner together three evenings a week', '  '], longTermGoal: ['A warm home'] } },
  obstacles: { family: ['lackOfTime', 'Long commute'] },
};

describe('Value Explorer data', () => {
  let t: TestApp;
  let anna: TestUser;
  let bo: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    [anna, bo] = await Promise.all([createUser(t), createUser(t, { language: 'sv' })]);
  });
  afterAll(() => t?.close());

  it('answers 401 without a login', async () => {
    await t.agent().get('/api/value-explorer/data').expect(401);
    await t.agent().put('/api/value-explorer/data').send(good).expect(401);
  });

  it('starts empty', async () => {
    const res = await bo.agent.get('/api/value-explorer/data').expect(200);
    expect(res.body).toEqual({
      lifeAreas: [],
      selectedValues: {},
      goals: {},
      obstacles: {},
      summary: '',
      updatedAt: null,
    });
  });

  it('saves the spec’s shape, trims, drops empties and duplicates, and keeps custom texts as typed', async () => {
    const res = await anna.agent.put('/api/value-explorer/data').send(good).expect(200);
    expect(res.body).toMatchObject({
      lifeAreas: ['family', 'health'],
      selectedValues: { family: ['connection', 'Being there'], health: ['balance'] },
      goals: { family: { shortTermGoal: ['Dinner together three evenings a week'], longTermGoal: ['A warm home'] } },
      obstacles: { family: ['lackOfTime', 'Long commute'] },
      summary: '',
    });
    expect((await anna.agent.get('/api/value-explorer/data').expect(200)).body).toEqual(res.body);
  });

  const long = (n: number) => 'x'.repeat(n);
  /** A whole form: the PUT needs all four parts. */
  const full = (part: Record<string, unknown>) => ({
    lifeAreas: [],
    selectedValues: {},
    goals: {},
    obstacles: {},
    ...part,
  });
  it.each([
    [
      'no area with data',
      { lifeAreas: [], selectedValues: { family: ['growth'] } },
      'Please select at least one life area',
      'areas_min',
    ],
    [
      'nine areas',
      {
        lifeAreas: [
          'family',
          'romantic',
          'career',
          'education',
          'health',
          'leisure',
          'spiritual',
          'community',
          'finance',
        ],
      },
      'Please select at most 8 life areas',
      'areas_max',
    ],
    [
      'six values',
      {
        lifeAreas: ['family'],
        selectedValues: { family: ['growth', 'courage', 'wisdom', 'balance', 'freedom', 'justice'] },
      },
      'Select 1-5 values for each area',
      'values_max',
    ],
    [
      'a 501-character short-term goal',
      { lifeAreas: ['family'], goals: { family: { shortTermGoal: [long(501)], longTermGoal: [] } } },
      'Short-term goal should not exceed 500 characters',
      'short_goal_too_long',
    ],
    [
      'a 501-character long-term goal',
      { lifeAreas: ['family'], goals: { family: { shortTermGoal: [], longTermGoal: [long(501)] } } },
      'Long-term goal should not exceed 500 characters',
      'long_goal_too_long',
    ],
    [
      'four obstacles',
      { lifeAreas: ['family'], obstacles: { family: ['lackOfTime', 'selfDoubt', 'procrastination', 'fearOfFailure'] } },
      'Maximum 3 obstacles per area',
      'obstacles_max',
    ],
    [
      'a 101-character obstacle',
      { lifeAreas: ['family'], obstacles: { family: [long(101)] } },
      'Obstacle description should not exceed 100 characters',
      'obstacle_too_long',
    ],
    ['an unknown area', { lifeAreas: ['family', 'pets'] }, 'Unknown life area: pets', 'unknown_area'],
    [
      'data for an area not chosen',
      { lifeAreas: ['health'], selectedValues: { family: ['growth'] } },
      'Values, goals and obstacles can only belong to a chosen life area',
      'data_outside_areas',
    ],
    [
      'a 51-character custom value',
      { lifeAreas: ['family'], selectedValues: { family: [long(51)] } },
      'A value can be at most 50 characters',
      'value_too_long',
    ],
    [
      'goals in the wrong shape',
      { lifeAreas: ['family'], goals: { family: ['just a string'] } },
      'The data of family has the wrong shape',
      'invalid_shape',
    ],
  ])('refuses %s with the table’s message and keeps the saved data', async (_case, body, message, code) => {
    const res = await anna.agent.put('/api/value-explorer/data').send(full(body)).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, message, code });
    expect((await anna.agent.get('/api/value-explorer/data')).body.lifeAreas).toEqual(['family', 'health']);
  });

  it('accepts exactly the limits (8 areas, 5 values, 500-character goals, 3 obstacles of 100 characters)', async () => {
    const areas = ['family', 'romantic', 'career', 'education', 'health', 'leisure', 'spiritual', 'community'];
    const body = {
      lifeAreas: areas,
      selectedValues: { family: ['growth', 'courage', 'wisdom', 'balance', 'freedom'] },
      goals: { family: { shortTermGoal: [long(500)], longTermGoal: [long(500)] } },
      obstacles: { family: ['lackOfTime', 'selfDoubt', long(100)] },
    };
    await bo.agent.put('/api/value-explorer/data').send(body).expect(200);
  });

  it('also accepts the body wrapped as {"data": {…}}, as the specification’s table shows it, under the same rules', async () => {
    const cai = await createUser(t);
    const res = await cai.agent.put('/api/value-explorer/data').send({ data: good }).expect(200);
    expect(res.body.lifeAreas).toEqual(['family', 'health']);
    expect(res.body.selectedValues.family).toEqual(['connection', 'Being there']);
    expect((await cai.agent.get('/api/value-explorer/data')).body.obstacles).toEqual({
      family: ['lackOfTime', 'Long commute'],
    });
    // Only a lone "data" object is unwrapped: beside other fields, or not an object, it is an unknown field.
    const mixed = await cai.agent
      .put('/api/value-explorer/data')
      .send({ data: good, lifeAreas: ['family'] })
      .expect(400);
    expect(JSON.stringify(mixed.body.message)).toContain('data');
    await cai.agent.put('/api/value-explorer/data').send({ data: 'family' }).expect(400);
    await cai.agent
      .put('/api/value-explorer/data')
      .send({ data: { ...good, lifeAreas: 'family' } })
      .expect(400);
  });

  it('refuses unknown fields and wrong types with a clear 400', async () => {
    const extra = await anna.agent
      .put('/api/value-explorer/data')
      .send({ ...good, userId: 'x' })
      .expect(400);
    expect(JSON.stringify(extra.body.message)).toContain('userId');
    const wrong = await anna.agent.put('/api/value-explorer/data').send({ lifeAreas: 'family' }).expect(400);
    expect(JSON.stringify(wrong.body.message)).toContain('lifeAreas must be a list of life area ids');
    // A partial body would wipe the missing parts: all four are required.
    const partial = await anna.agent.put('/api/value-explorer/data').send({ summary: 'only this' }).expect(400);
    expect(JSON.stringify(partial.body.message)).toContain('selectedValues must be an object keyed by life area');
    expect((await anna.agent.get('/api/value-explorer/data')).body.lifeAreas).toEqual(['family', 'health']);
  });

  it('removes an area with all its values, goals and obstacles, and its conversation', async () => {
    const family = { area: { id: 'family' } };
    await anna.agent
      .post('/api/ai-assistant/chat')
      .send({
        message: 'Connection matters to me.',
        conversationDomain: 'valueexplorer_lifearea',
        conversationData: family,
      })
      .expect(200);
    await anna.agent
      .put('/api/value-explorer/data')
      .send({ lifeAreas: ['health'], selectedValues: { health: ['balance'] }, goals: {}, obstacles: {} })
      .expect(200);
    await anna.agent
      .post('/api/ai-assistant/clear-conversation')
      .send({ conversationDomain: 'valueexplorer_lifearea', conversationData: family })
      .expect(200);
    const data = (await anna.agent.get('/api/value-explorer/data').expect(200)).body;
    expect(data).toMatchObject({
      lifeAreas: ['health'],
      selectedValues: { health: ['balance'] },
      goals: {},
      obstacles: {},
    });
    const history = await anna.agent
      .post('/api/ai-assistant/chat')
      .send({ message: '', conversationDomain: 'valueexplorer_lifearea', conversationData: family })
      .expect(200);
    expect(history.body.history).toEqual([]);
    // Removing the last area with its data leaves an empty, valid document.
    await anna.agent
      .put('/api/value-explorer/data')
      .send({ lifeAreas: [], selectedValues: {}, goals: {}, obstacles: {} })
      .expect(200);
  });

  it('keeps each user’s data to themselves', async () => {
    await anna.agent.put('/api/value-explorer/data').send(good).expect(200);
    const other = (await bo.agent.get('/api/value-explorer/data').expect(200)).body;
    expect(JSON.stringify(other)).not.toContain('Being there');
  });

  it('guides an area offline: values, then goals, then obstacles, with updates in the spec’s shapes', async () => {
    const send = (message: string, data: Record<string, unknown>, language = 'en') =>
      anna.agent
        .post('/api/ai-assistant/chat')
        .send({
          message,
          conversationDomain: 'valueexplorer_lifearea',
          conversationData: { area: { id: 'social' }, contextSwitched: false, ...data },
          language,
        })
        .expect(200);
    const values = await send('Being honest and curious matters to me with my friends.', { selectedValues: [] });
    expect(values.body.updates.values).toEqual(['integrity', 'curiosity']);
    expect(values.body.reply).toContain('**Integrity** and **Curiosity**');
    const toGoals = await send('That is all', { selectedValues: ['curiosity', 'integrity'] });
    expect(toGoals.body.currentPhase).toBe('goals');
    const goal = await send('I want to call a friend I miss this week.', {
      selectedValues: ['curiosity', 'integrity'],
    });
    expect(goal.body.updates.goals).toEqual({ shortTermGoal: ['Call a friend I miss this week'], longTermGoal: [] });
    const longGoal = await send('In five years I want to have a few friendships that last.', {
      selectedValues: ['curiosity'],
      goals: { shortTermGoal: ['Call a friend I miss this week'], longTermGoal: [] },
    });
    expect(longGoal.body.updates.goals.longTermGoal).toEqual(['Have a few friendships that last']);
    expect(longGoal.body.currentPhase).toBe('obstacles');
    const obstacles = await send('Honestly I have no time and I doubt myself.', {
      selectedValues: ['curiosity'],
      goals: { shortTermGoal: ['a'], longTermGoal: ['b'] },
    });
    expect(obstacles.body.updates.obstacles).toEqual(['lackOfTime', 'selfDoubt']);
  });

  it('guides in Swedish and recognises Swedish value names', async () => {
    const res = await bo.agent
      .post('/api/ai-assistant/chat')
      .send({
        message: 'Samhörighet och ärlighet är viktigast för mig.',
        conversationDomain: 'valueexplorer_lifearea',
        conversationData: { area: { id: 'family' }, selectedValues: [] },
      })
      .expect(200);
    expect(res.body.updates.values).toEqual(['connection', 'integrity']);
    expect(res.body.reply).toContain('Jag har lagt till **Samhörighet** och **Integritet**');
  });

  it('never proposes more values than the area has room for', async () => {
    const res = await anna.agent
      .post('/api/ai-assistant/chat')
      .send({
        message: 'Courage, wisdom and balance',
        conversationDomain: 'valueexplorer_lifearea',
        conversationData: {
          area: { id: 'career' },
          selectedValues: ['growth', 'excellence', 'leadership', 'contribution'],
        },
      })
      .expect(200);
    expect(res.body.updates.values).toEqual(['courage']);
  });

  it('generates the summary from conversationData.lifeAreas, with === headings, and stores it', async () => {
    const lifeAreas = [
      {
        name: 'Family',
        values: ['Connection', 'Compassion'],
        goals: { shortTermGoal: ['Dinner together'], longTermGoal: ['A warm home'] },
        obstacles: ['Lack of time'],
      },
      { name: 'Health', values: ['Connection'], goals: { shortTermGoal: [], longTermGoal: [] }, obstacles: [] },
      { name: 'Career', values: [], goals: { shortTermGoal: [], longTermGoal: [] }, obstacles: [] },
    ];
    const res = await anna.agent
      .post('/api/ai-assistant/chat')
      .send({
        message: 'Generate my summary',
        conversationDomain: 'valueexplorer_summary',
        conversationData: { lifeAreas },
        language: 'en',
      })
      .expect(200);
    expect(res.body.reply).toContain('=== Family ===');
    expect(res.body.reply).toContain('=== Health ===');
    expect(res.body.reply).not.toContain('=== Career ===');
    expect(res.body.reply).toContain('**Connection** appears in Family and Health');
    expect(res.body.reply).toContain('choose the smallest version of the step');
    expect(res.body.history).toEqual([]);
    expect((await anna.agent.get('/api/value-explorer/data')).body.summary).toBe(res.body.reply);
    // Nothing to summarise: an explanation, and the stored summary is kept.
    const empty = await anna.agent
      .post('/api/ai-assistant/chat')
      .send({
        message: 'Generate my summary',
        conversationDomain: 'valueexplorer_summary',
        conversationData: { lifeAreas: [] },
      })
      .expect(200);
    expect(empty.body.reply).toMatch(/nothing to summarise/);
    expect((await anna.agent.get('/api/value-explorer/data')).body.summary).toBe(res.body.reply);
  });

  it('writes the summary in Swedish for a Swedish user', async () => {
    const lifeAreas = [
      {
        name: 'Familj',
        values: ['connection'],
        goals: { shortTermGoal: ['Middag ihop'], longTermGoal: [] },
        obstacles: ['selfDoubt'],
      },
    ];
    const res = await bo.agent
      .post('/api/ai-assistant/chat')
      .send({
        message: 'Skapa sammanfattning',
        conversationDomain: 'valueexplorer_summary',
        conversationData: { lifeAreas },
      })
      .expect(200);
    expect(res.body.reply).toContain('=== Din värderingskompass ===');
    expect(res.body.reply).toContain('**Värderingar:** Samhörighet');
    expect(res.body.reply).toContain('låt de tvivlande tankarna');
  });

  it('exports the Value Explorer data', async () => {
    const res = await anna.agent.get('/api/export').expect(200);
    expect(res.body.valueExplorer.lifeAreas).toEqual(['family', 'health']);
  });
});

describe('Value Explorer guidance through a compatible server', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let user: TestUser;

  beforeAll(async () => {
    ({ t, fake } = await startAppWithFakeOpenAi('ve-openai'));
    user = await createUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  it('keeps known ids and short custom labels, and drops duplicates, over-long texts and what exceeds the limits', async () => {
    fake.script('chat', {
      json: {
        reply: 'Noted.',
        suggestions: [],
        phase: 'obstacles',
        updates: {
          values: ['Growth', 'connection', 'compassion', 'x'.repeat(60), 'Being outdoors', 'wisdom'],
          goals: { shortTermGoal: ['Walk daily', 'y'.repeat(501)], longTermGoal: ['Run a marathon'] },
          obstacles: ['lackOfTime', 'Tidsbrist', 'z'.repeat(101), 'Weather'],
        },
      },
    });
    const res = await user.agent
      .post('/api/ai-assistant/chat')
      .send({
        message: 'Here are my thoughts',
        conversationDomain: 'valueexplorer_lifearea',
        conversationData: { area: { id: 'health' }, selectedValues: ['growth', 'balance'], obstacles: ['selfDoubt'] },
      })
      .expect(200);
    expect(res.body.currentPhase).toBe('obstacles');
    expect(res.body.updates).toEqual({
      values: ['connection', 'compassion', 'Being outdoors'],
      goals: { shortTermGoal: ['Walk daily'], longTermGoal: ['Run a marathon'] },
      obstacles: ['lackOfTime', 'Weather'],
    });
    const schema = (
      fake.requestsTo('chat')[0].body.response_format as { json_schema: { schema: { required: string[] } } }
    ).json_schema.schema;
    expect(schema.required).toContain('updates');
  });

  it('asks for room for a long summary, and answers a failed summary with 502 instead of passing a polite reply off as it', async () => {
    const lifeAreas = [
      {
        name: 'Family',
        values: ['Connection'],
        goals: { shortTermGoal: ['Dinner together'], longTermGoal: [] },
        obstacles: [],
      },
    ];
    const ask = () =>
      user.agent.post('/api/ai-assistant/chat').send({
        message: 'Write my summary',
        conversationDomain: 'valueexplorer_summary',
        conversationData: { lifeAreas },
      });
    fake.script('chat', { json: { reply: '=== Family ===\nConnection matters.' } });
    expect((await ask().expect(200)).body.reply).toContain('=== Family ===');
    expect(fake.requestsTo('chat').at(-1)?.body.max_completion_tokens).toBe(4000);
    fake.script('chat', { content: '{"reply": "=== Family ===\nConnection ma' });
    const failed = await ask().expect(502);
    expect(failed.body).toMatchObject({ code: 'assistant_failed' });
    expect((await user.agent.get('/api/value-explorer/data')).body.summary).toBe('=== Family ===\nConnection matters.');
  });
});
