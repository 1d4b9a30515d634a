import Redis from 'ioredis';
import sharp from 'sharp';
import type supertest from 'supertest';
import { DataSource } from 'typeorm';
import { YEAR_COMPASS_SECTIONS, yearCompassYears } from '@clari/contracts';
import { QueueService } from '../../../apps/api/src/core/queue/queue.service';
import { createUser, type TestUser } from '../../support/accounts';
import { startAppWithFakeOpenAi, startTestApp, type TestApp } from '../../support/app-harness';
import type { FakeOpenAi } from '../../support/fake-openai';

const redisSkip = process.env.TEST_REDIS_SKIP_REASON;
const IMAGE_URL = /^\/api\/yearcompass\/image\/(\d+)\/(s\d+_[a-z_]+)\?v=(\d+)$/;
const chat = (user: TestUser, body: Record<string, unknown>) =>
  user.agent.post('/api/ai-assistant/chat').send(body).expect(200);

/** The body of a binary response as a Buffer. */
function binary(request: supertest.Test): supertest.Test {
  return request.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

/** A JPEG carrying EXIF metadata, as a phone photo would. */
async function photoWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Secret Model X', Artist: 'Anna at Home' } })
    .toBuffer();
}

/** Generates a picture for section 11 and checks it is served to its owner only. */
async function generateAndServe(
  owner: TestUser,
  other: TestUser,
  prompt = 'A harbour at dawn, boats leaving one by one.',
) {
  const res = await owner.agent
    .post('/api/yearcompass/yc-generate-image')
    .send({ prompt, sectionNumber: 11, boxId: 's11_picture' });
  expect(res.status).toBe(200);
  expect(res.body.imageUrl).toMatch(IMAGE_URL);
  const image = await binary(owner.agent.get(res.body.imageUrl)).expect(200);
  expect(image.headers['content-type']).toBe('image/webp');
  expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  expect((await sharp(image.body as Buffer).metadata()).format).toBe('webp');
  await other.agent.get(res.body.imageUrl).expect(404);
  const section = await owner.agent.get('/api/yearcompass/section/11').expect(200);
  expect(section.body.boxes[0].imageUrl).toBe(res.body.imageUrl);
  return res.body.imageUrl as string;
}

describe('Year Compass', () => {
  let t: TestApp;
  let anna: TestUser;
  let bo: TestUser;
  const years = yearCompassYears();

  beforeAll(async () => {
    t = await startTestApp();
    [anna, bo] = await Promise.all([
      createUser(t, { fullName: 'Anna Lind' }),
      createUser(t, { language: 'sv', fullName: 'Bo Ek' }),
    ]);
  });
  afterAll(() => t?.close());

  it('answers 401 without a login on every call', async () => {
    const visitor = t.agent();
    for (const [method, path] of [
      ['get', '/api/yearcompass/sections'],
      ['get', '/api/yearcompass/section/1'],
      ['put', '/api/yearcompass/section/1'],
      ['post', '/api/yearcompass/section/1/box/s1_calendar'],
      ['post', '/api/yearcompass/yc-generate-image'],
      ['post', '/api/yearcompass/upload-image/11/s11_picture'],
      ['get', '/api/yearcompass/image/11/s11_picture?v=1'],
    ] as const) {
      const res = await visitor[method](path);
      expect({ path, status: res.status, code: res.body.code }).toEqual({
        path,
        status: 401,
        code: 'not_authenticated',
      });
    }
  });

  it('delivers all 19 sections in both languages with every required field and the computed years', async () => {
    const ids: Record<string, string[]> = { en: [], sv: [] };
    for (const lang of ['en', 'sv'] as const) {
      for (let n = 1; n <= 19; n++) {
        const { body } = await anna.agent.get(`/api/yearcompass/section/${n}?lang=${lang}`).expect(200);
        expect(body).toEqual({
          sectionNumber: n,
          UiNavText: expect.stringMatching(/\S/),
          UiSectionTitle: expect.stringMatching(/\S/),
          UiSectionInstruction: expect.stringMatching(/\S.{20,}/),
          boxes: expect.any(Array),
        });
        expect(body.boxes.length).toBeGreaterThanOrEqual(1);
        for (const box of body.boxes) {
          expect(box).toEqual({
            id: expect.stringMatching(new RegExp(`^s${n}_[a-z_]+$`)),
            UiBoxTitle: expect.stringMatching(/\S/),
            prompt: expect.stringMatching(/\S{3}/),
            content: '',
            box_size: expect.stringMatching(/^(large|small)$/),
            hasImage: expect.any(Boolean),
            imagePrompt: box.hasImage ? expect.stringMatching(/\S/) : null,
            imageUrl: null,
          });
          ids[lang].push(box.id);
        }
        expect(JSON.stringify(body)).not.toContain('{{');
      }
    }
    expect(ids.sv).toEqual(ids.en);
    expect(new Set(ids.en).size).toBe(ids.en.length);
    expect(ids.en).toEqual(YEAR_COMPASS_SECTIONS.flatMap((section) => section.boxes.map((box) => box.id)));
    const picture = await anna.agent.get('/api/yearcompass/section/11?lang=en').expect(200);
    expect(picture.body).toMatchObject({
      UiSectionTitle: `${years.pastYear} in one picture`,
      boxes: [{ id: 's11_picture', hasImage: true, box_size: 'large' }],
    });
    const ahead = await anna.agent.get('/api/yearcompass/section/18?lang=sv').expect(200);
    expect(ahead.body).toMatchObject({
      UiSectionTitle: `${years.futureYear} i en bild`,
      boxes: [{ id: 's18_picture', hasImage: true }],
    });
  });

  it('speaks the user’s language unless ?lang= says otherwise, and refuses other languages', async () => {
    expect((await bo.agent.get('/api/yearcompass/section/3').expect(200)).body.UiNavText).toBe('Bästa stunderna');
    expect((await bo.agent.get('/api/yearcompass/section/3?lang=en').expect(200)).body.UiNavText).toBe('Best moments');
    expect((await anna.agent.get('/api/yearcompass/section/3').expect(200)).body.UiNavText).toBe('Best moments');
    const bad = await anna.agent.get('/api/yearcompass/section/3?lang=fi').expect(400);
    expect(bad.body.message).toBe('lang must be en or sv.');
    await anna.agent.get('/api/yearcompass/section/3?lang=').expect(400);
    await anna.agent.get('/api/yearcompass/sections?lang=').expect(400);
  });

  it('lists the 19 sections for the sidebar', async () => {
    const { body } = await bo.agent.get('/api/yearcompass/sections').expect(200);
    expect(body).toHaveLength(19);
    expect(body[0]).toEqual({ sectionNumber: 1, UiNavText: 'Din kalender' });
    expect(body[18]).toEqual({ sectionNumber: 19, UiNavText: 'Ditt löfte' });
  });

  it.each(['0', '20', 'abc', '1.5', '-1', '07x'])('answers 400 for section %s on every section path', async (n) => {
    const expected = {
      statusCode: 400,
      code: 'invalid_section',
      message: 'The section number must be a whole number from 1 to 19.',
    };
    expect((await anna.agent.get(`/api/yearcompass/section/${n}`).expect(400)).body).toMatchObject(expected);
    expect((await anna.agent.put(`/api/yearcompass/section/${n}`).send({ boxes: [] }).expect(400)).body).toMatchObject(
      expected,
    );
    expect(
      (await anna.agent.post(`/api/yearcompass/section/${n}/box/s1_calendar`).send({ content: 'x' }).expect(400)).body,
    ).toMatchObject(expected);
    await anna.agent.get(`/api/yearcompass/image/${n}/s11_picture`).expect(400);
  });

  it('saves a box for its owner only, trimmed, and clears it with an empty text', async () => {
    const saved = await anna.agent
      .post('/api/yearcompass/section/3/box/s3_moments')
      .send({ content: '  Midsummer on the island.  ' })
      .expect(200);
    expect(saved.body).toMatchObject({
      id: 's3_moments',
      content: 'Midsummer on the island.',
      UiBoxTitle: 'Moments to remember',
      box_size: 'large',
    });
    expect((await anna.agent.get('/api/yearcompass/section/3').expect(200)).body.boxes[0].content).toBe(
      'Midsummer on the island.',
    );
    expect((await bo.agent.get('/api/yearcompass/section/3').expect(200)).body.boxes[0].content).toBe('');
    await anna.agent.post('/api/yearcompass/section/3/box/s3_grateful').send({ content: 'x' }).expect(200);
    await anna.agent.post('/api/yearcompass/section/3/box/s3_grateful').send({ content: '' }).expect(200);
    expect((await anna.agent.get('/api/yearcompass/section/3').expect(200)).body.boxes[1].content).toBe('');
  });

  it('refuses unknown boxes (404), over-long content (400) and unknown fields (400), and accepts exactly 10000 characters', async () => {
    for (const path of ['/api/yearcompass/section/3/box/nope', '/api/yearcompass/section/3/box/s4_how']) {
      expect((await anna.agent.post(path).send({ content: 'x' }).expect(404)).body).toMatchObject({
        code: 'unknown_box',
      });
    }
    const long = await anna.agent
      .post('/api/yearcompass/section/5/box/s5_challenges')
      .send({ content: 'x'.repeat(10001) })
      .expect(400);
    expect(long.body.message).toBe('A box can hold at most 10000 characters.');
    await anna.agent
      .post('/api/yearcompass/section/5/box/s5_challenges')
      .send({ content: 'x', userId: 'someone' })
      .expect(400);
    await anna.agent.post('/api/yearcompass/section/5/box/s5_challenges').send({ content: 42 }).expect(400);
    await anna.agent
      .post('/api/yearcompass/section/5/box/s5_challenges')
      .send({ content: 'y'.repeat(10000) })
      .expect(200);
    expect((await anna.agent.get('/api/yearcompass/section/5').expect(200)).body.boxes[0].content).toHaveLength(10000);
  });

  it('saves a whole section at once, and nothing when one box is wrong', async () => {
    const res = await bo.agent
      .put('/api/yearcompass/section/15')
      .send({
        boxes: [
          { id: 's15_start', content: 'Promenad varje morgon' },
          { id: 's15_commit', content: 'Börjar i januari' },
        ],
      })
      .expect(200);
    expect(res.body.boxes.map((box: { id: string; content: string }) => [box.id, box.content])).toEqual([
      ['s15_start', 'Promenad varje morgon'],
      ['s15_stop', ''],
      ['s15_commit', 'Börjar i januari'],
    ]);
    const before = (await bo.agent.get('/api/yearcompass/section/15').expect(200)).body;
    const unknown = await bo.agent
      .put('/api/yearcompass/section/15')
      .send({
        boxes: [
          { id: 's15_stop', content: 'Scrolla' },
          { id: 's16_word', content: 'Mod' },
        ],
      })
      .expect(400);
    expect(unknown.body).toMatchObject({ code: 'unknown_box', message: 'Section 15 has no box "s16_word".' });
    await bo.agent
      .put('/api/yearcompass/section/15')
      .send({
        boxes: [
          { id: 's15_stop', content: 'Scrolla' },
          { id: 's15_stop', content: 'Igen' },
        ],
      })
      .expect(400);
    await bo.agent
      .put('/api/yearcompass/section/15')
      .send({
        boxes: [
          { id: 's15_stop', content: 'Scrolla' },
          { id: 's15_start', content: 'x'.repeat(10001) },
        ],
      })
      .expect(400);
    await bo.agent.put('/api/yearcompass/section/15').send({ boxes: 'all' }).expect(400);
    expect((await bo.agent.get('/api/yearcompass/section/15').expect(200)).body).toEqual(before);
    expect((await anna.agent.get('/api/yearcompass/section/15').expect(200)).body.boxes[0].content).toBe('');
  });

  (redisSkip ? it.skip : it)(
    'generates a picture on the Bull images queue with the offline provider, leaving nothing in Redis',
    async () => {
      expect(t.app.get(QueueService).driverKind).toBe('bull');
      const marker = 'Lighthouse-Marker-7731 on a quiet winter coast';
      const first = await generateAndServe(anna, bo, marker);
      const redis = new Redis(process.env.TEST_REDIS_URL as string);
      try {
        const keys = await redis.keys(`${process.env.TEST_REDIS_PREFIX}:bull:images:*`);
        const values = await Promise.all(
          keys.map(async (key) => ((await redis.type(key)) === 'hash' ? JSON.stringify(await redis.hgetall(key)) : '')),
        );
        expect(values.join('')).not.toContain('Lighthouse-Marker-7731');
      } finally {
        await redis.quit();
      }
      // A new picture gets a new URL; the old version is no longer cached for good.
      const second = await generateAndServe(anna, bo, 'A forest path in spring.');
      expect(second).not.toBe(first);
      const stale = await binary(anna.agent.get(first)).expect(200);
      expect(stale.headers['cache-control']).toBe('private, no-cache');
    },
  );

  it('refuses to generate without text, for a box without a picture, an unknown box or a bad section', async () => {
    const empty = await anna.agent
      .post('/api/yearcompass/yc-generate-image')
      .send({ prompt: '   ', sectionNumber: 18, boxId: 's18_picture' })
      .expect(400);
    expect(empty.body).toMatchObject({
      code: 'content_required',
      message: 'Please write something in this box before generating an image.',
    });
    const textBox = await anna.agent
      .post('/api/yearcompass/yc-generate-image')
      .send({ prompt: 'Hello', sectionNumber: 3, boxId: 's3_moments' })
      .expect(400);
    expect(textBox.body).toMatchObject({ code: 'box_without_image' });
    await anna.agent
      .post('/api/yearcompass/yc-generate-image')
      .send({ prompt: 'Hello', sectionNumber: 18, boxId: 's11_picture' })
      .expect(404);
    const section = await anna.agent
      .post('/api/yearcompass/yc-generate-image')
      .send({ prompt: 'Hello', sectionNumber: 20, boxId: 's11_picture' })
      .expect(400);
    expect(section.body.message).toContain('sectionNumber must be a whole number from 1 to 19.');
    await anna.agent
      .post('/api/yearcompass/yc-generate-image')
      .send({ prompt: 'x'.repeat(10001), sectionNumber: 18, boxId: 's18_picture' })
      .expect(400);
    expect((await anna.agent.get('/api/yearcompass/section/18').expect(200)).body.boxes[0].imageUrl).toBeNull();
  });

  it('uploads a picture re-encoded without metadata, refuses other files (415) and files over 10 MB (413)', async () => {
    const photo = await photoWithMetadata();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await bo.agent
      .post('/api/yearcompass/upload-image/18/s18_picture')
      .attach('image', photo, { filename: 'photo.txt', contentType: 'text/plain' })
      .expect(200);
    expect(res.body.imageUrl).toMatch(IMAGE_URL);
    const image = await binary(bo.agent.get(res.body.imageUrl)).expect(200);
    const meta = await sharp(image.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    expect(meta.exif).toBeUndefined();
    expect((image.body as Buffer).toString('latin1')).not.toContain('Secret Model X');
    await anna.agent.get(res.body.imageUrl).expect(404);
    expect((await bo.agent.get('/api/yearcompass/section/18').expect(200)).body.boxes[0].imageUrl).toBe(
      res.body.imageUrl,
    );

    const text = await bo.agent
      .post('/api/yearcompass/upload-image/18/s18_picture')
      .attach('image', Buffer.from('not a picture at all'), { filename: 'a.png', contentType: 'image/png' })
      .expect(415);
    expect(text.body).toMatchObject({
      code: 'unsupported_file_type',
      message: 'Please choose a PNG, JPEG, WebP or GIF image.',
    });
    const huge = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(10 * 1024 * 1024 + 10),
    ]);
    expect(
      (await bo.agent.post('/api/yearcompass/upload-image/18/s18_picture').attach('image', huge, 'big.png').expect(413))
        .body,
    ).toMatchObject({ code: 'file_too_large' });
    await bo.agent.post('/api/yearcompass/upload-image/18/s18_picture').expect(415);
    await bo.agent.post('/api/yearcompass/upload-image/3/s3_moments').attach('image', photo, 'a.jpg').expect(400);
    await bo.agent.post('/api/yearcompass/upload-image/18/nope').attach('image', photo, 'a.jpg').expect(404);
    // The failed uploads kept the picture.
    expect((await bo.agent.get('/api/yearcompass/section/18').expect(200)).body.boxes[0].imageUrl).toBe(
      res.body.imageUrl,
    );
  });

  it('Clari (offline) asks box by box, writes each answer into the box it asked about, and tells so', async () => {
    const user = await createUser(t);
    const boxes = async () =>
      (await user.agent.get('/api/yearcompass/section/3').expect(200)).body.boxes.map(
        (box: { id: string; content: string }) => ({ id: box.id, content: box.content }),
      );
    const data = async () => ({ sectionNumber: 3, boxes: await boxes() });
    const opening = await chat(user, {
      message: '',
      conversationDomain: 'yearcompass_dynamicsection',
      conversationData: await data(),
    });
    expect(opening.body.reply).toContain('**Moments to remember:**');
    expect(opening.body).toMatchObject({
      history: [],
      currentPhase: 's3_moments',
      aiSuggestions: ['Help me get started', 'Skip this box'],
    });

    const help = await chat(user, {
      message: 'Help me get started',
      conversationDomain: 'yearcompass_dynamicsection',
      conversationData: await data(),
    });
    expect(help.body.updates).toEqual([]);
    expect(help.body.currentPhase).toBe('s3_moments');

    const first = await chat(user, {
      message: 'Midsummer on the island with my sister.',
      conversationDomain: 'yearcompass_dynamicsection',
      conversationData: await data(),
    });
    expect(first.body.updates).toEqual([
      { box_id: 's3_moments', section_number: 3, content: 'Midsummer on the island with my sister.' },
    ]);
    expect(first.body.reply).toContain('I’ve added that to **Moments to remember**.');
    expect(first.body.reply).toContain('**Grateful for:**');
    expect(first.body.currentPhase).toBe('s3_grateful');
    expect(await boxes()).toEqual([
      { id: 's3_moments', content: 'Midsummer on the island with my sister.' },
      { id: 's3_grateful', content: '' },
    ]);

    // The user typed into the box meanwhile; Clari's answer is appended, nothing is lost.
    await user.agent.post('/api/yearcompass/section/3/box/s3_grateful').send({ content: 'My health.' }).expect(200);
    const second = await chat(user, {
      message: 'My sister, for always being there.',
      conversationDomain: 'yearcompass_dynamicsection',
      conversationData: await data(),
    });
    expect(second.body.updates).toEqual([
      { box_id: 's3_grateful', section_number: 3, content: 'My health.\n\nMy sister, for always being there.' },
    ]);
    expect(second.body.reply).toContain('Now every box in');
    expect(second.body.currentPhase).toBe('reflect');
    expect((await boxes())[1].content).toBe('My health.\n\nMy sister, for always being there.');

    // Reflection once every box has content: nothing is written.
    const reflect = await chat(user, {
      message: 'I notice how much family meant this year.',
      conversationDomain: 'yearcompass_dynamicsection',
      conversationData: await data(),
    });
    expect(reflect.body.updates).toEqual([]);
    expect(reflect.body.aiSuggestions).toEqual([
      'What stands out in what I wrote?',
      'What do I take with me from this?',
    ]);
    expect(reflect.body.history).toHaveLength(9);
  });

  it('Clari appends to what is stored even when the browser sent an older text, and never touches other sections or users', async () => {
    const user = await createUser(t, { language: 'sv' });
    await user.agent.post('/api/yearcompass/section/16/box/s16_word').send({ content: 'Lugn' }).expect(200);
    await user.agent.post('/api/yearcompass/section/17/box/s17_wish').send({ content: 'Untouched wish' }).expect(200);
    // Stale and forged data: the word box looks empty, and a box of section 17 is smuggled in.
    const forged = {
      sectionNumber: '16',
      boxes: [
        { id: 's16_word', content: '' },
        { id: 's16_why', content: '' },
        { id: 's17_wish', content: '' },
      ],
    };
    const res = await chat(user, {
      message: 'Mod',
      conversationDomain: 'yearcompass_dynamicsection',
      conversationData: forged,
    });
    expect(res.body.reply).toContain('Jag har lagt till det i **Ditt ord**.');
    expect(res.body.updates).toEqual([{ box_id: 's16_word', section_number: 16, content: 'Mod' }]);
    const section = (await user.agent.get('/api/yearcompass/section/16').expect(200)).body;
    expect(section.boxes.map((box: { content: string }) => box.content)).toEqual(['Lugn\n\nMod', '']);
    expect((await user.agent.get('/api/yearcompass/section/17').expect(200)).body.boxes[0].content).toBe(
      'Untouched wish',
    );
    expect((await anna.agent.get('/api/yearcompass/section/16').expect(200)).body.boxes[0].content).toBe('');
    expect((await bo.agent.get('/api/yearcompass/section/16').expect(200)).body.boxes[0].content).toBe('');
  });

  it('keeps the pictures and boxes of other users unreachable: the same path gives each user their own picture or 404', async () => {
    const res = await bo.agent
      .post('/api/yearcompass/upload-image/11/s11_picture')
      .attach('image', await photoWithMetadata(), 'me.jpg')
      .expect(200);
    const [, section, box] = IMAGE_URL.exec(res.body.imageUrl) as RegExpExecArray;
    const [stranger, neighbour] = await Promise.all([createUser(t), createUser(t)]);
    await stranger.agent.get(res.body.imageUrl).expect(404);
    await stranger.agent.get(`/api/yearcompass/image/${section}/${box}`).expect(404);
    const small = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 10, g: 200, b: 10 } },
    })
      .png()
      .toBuffer();
    await neighbour.agent
      .post('/api/yearcompass/upload-image/11/s11_picture')
      .attach('image', small, 'mine.png')
      .expect(200);
    const seen = await binary(neighbour.agent.get(res.body.imageUrl)).expect(200);
    expect(await sharp(seen.body as Buffer).metadata()).toMatchObject({ width: 300, height: 200 });
    expect((await binary(bo.agent.get(res.body.imageUrl)).expect(200)).body).not.toEqual(seen.body);
    expect(
      (await stranger.agent.get('/api/yearcompass/section/15').expect(200)).body.boxes.every(
        (b: { content: string }) => b.content === '',
      ),
    ).toBe(true);
  });

  it('exports the boxes and the pictures’ metadata (no bytes), and deletes everything with the account', async () => {
    const user = await createUser(t);
    await user.agent
      .post('/api/yearcompass/section/19/box/s19_promise')
      .send({ content: 'To rest without guilt.' })
      .expect(200);
    await user.agent
      .post('/api/yearcompass/upload-image/18/s18_picture')
      .attach('image', await photoWithMetadata(), 'me.jpg')
      .expect(200);
    const exported = (await user.agent.get('/api/export').expect(200)).body.yearCompass;
    expect(exported.boxes).toEqual([
      { sectionNumber: 19, boxId: 's19_promise', content: 'To rest without guilt.', updatedAt: expect.any(String) },
    ]);
    expect(exported.images).toEqual([
      {
        sectionNumber: 18,
        boxId: 's18_picture',
        source: 'uploaded',
        mimeType: 'image/webp',
        width: 1200,
        height: 900,
        bytes: expect.any(Number),
        updatedAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(exported).length).toBeLessThan(1000);

    const db = t.app.get(DataSource);
    const [{ id }] = await db.query(`SELECT id FROM users WHERE email = $1`, [user.email]);
    await user.agent.delete('/api/delete').expect(200);
    const [{ boxes, images }] = await db.query(
      `SELECT (SELECT count(*)::int FROM year_compass_boxes WHERE user_id = $1) AS boxes, (SELECT count(*)::int FROM year_compass_images WHERE user_id = $1) AS images`,
      [id],
    );
    expect({ boxes, images }).toEqual({ boxes: 0, images: 0 });
  });
});

describe('Year Compass pictures on the in-process runner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ redis: false });
  });
  afterAll(() => t?.close());

  it('generates a picture with the offline provider and serves it to its owner only', async () => {
    expect(t.app.get(QueueService).driverKind).toBe('in-process');
    const [owner, other] = await Promise.all([createUser(t), createUser(t)]);
    await generateAndServe(owner, other);
  });
});

describe('Year Compass through the openai driver and a compatible server', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let user: TestUser;
  let other: TestUser;
  const fullName = 'Karin Sofia Holm';

  beforeAll(async () => {
    ({ t, fake } = await startAppWithFakeOpenAi('yearcompass', { env: { OPENAI_TIMEOUT_MS: '2000' } }));
    [user, other] = await Promise.all([createUser(t, { fullName }), createUser(t)]);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });
  beforeEach(() => fake.reset());

  it('draws through the images endpoint, without the user’s name or e-mail in the prompt', async () => {
    await generateAndServe(
      user,
      other,
      `Karin by the sea in Skåne, write to me at ${user.email} or call 070-123 45 67.`,
    );
    const [request] = fake.requestsTo('image');
    expect(request.body).toMatchObject({ model: 'fake-image', n: 1 });
    const prompt = String(request.body.prompt);
    expect(prompt).toContain('by the sea in Skåne');
    expect(prompt).toContain('how a person remembers the year that has passed');
    for (const secret of ['Karin', user.email, '070-123 45 67']) expect(prompt).not.toContain(secret);
  });

  it('retries a transient provider failure', async () => {
    fake.script('image', { status: 500 });
    await generateAndServe(user, other, 'A quiet kitchen in the morning light.');
    expect(fake.requestsTo('image')).toHaveLength(2);
  });

  it('answers 502 with the spec’s text when the provider refuses, without retrying, and keeps the old picture', async () => {
    const before = (await user.agent.get('/api/yearcompass/section/11').expect(200)).body.boxes[0].imageUrl;
    fake.script('image', { status: 400, error: 'Your request was rejected by the safety system.' });
    const res = await user.agent
      .post('/api/yearcompass/yc-generate-image')
      .send({ prompt: 'Something the provider refuses.', sectionNumber: 11, boxId: 's11_picture' })
      .expect(502);
    expect(res.body).toMatchObject({
      message: 'Error generating image. Please try again.',
      code: 'image_generation_failed',
    });
    expect(fake.requestsTo('image')).toHaveLength(1);
    expect((await user.agent.get('/api/yearcompass/section/11').expect(200)).body.boxes[0].imageUrl).toBe(before);
  });

  it('applies only the model’s updates for boxes of the section, within the limit', async () => {
    await user.agent
      .post('/api/yearcompass/section/6/box/s6_lessons')
      .send({ content: 'Rest is work too.' })
      .expect(200);
    fake.script('chat', {
      json: {
        reply: 'I added that to **The wisest moment**.',
        suggestions: ['Tell me more'],
        phase: 'reflect',
        updates: [
          { box_id: 's6_wisest', section_number: 6, content: 'My grandmother: “Nothing is wasted.”' },
          { box_id: 's6_lessons', section_number: 6, content: 'x'.repeat(10000) },
          { box_id: 's7_people', section_number: 6, content: 'Smuggled into another section' },
          { box_id: 's6_wisest', section_number: 7, content: 'Wrong section number' },
          { box_id: 'nope', section_number: 6, content: 'Unknown box' },
        ],
      },
    });
    const data = {
      sectionNumber: 6,
      boxes: [
        { id: 's6_lessons', content: 'Rest is work too.' },
        { id: 's6_wisest', content: '' },
      ],
    };
    const res = await chat(user, {
      message: 'My grandmother said nothing is wasted.',
      conversationDomain: 'yearcompass_dynamicsection',
      conversationData: data,
    });
    expect(res.body.updates).toEqual([
      { box_id: 's6_wisest', section_number: 6, content: 'My grandmother: “Nothing is wasted.”' },
    ]);
    expect(res.body.currentPhase).toBe('reflect');
    const section = (await user.agent.get('/api/yearcompass/section/6').expect(200)).body;
    expect(section.boxes.map((box: { content: string }) => box.content)).toEqual([
      'Rest is work too.',
      'My grandmother: “Nothing is wasted.”',
    ]);
    expect((await user.agent.get('/api/yearcompass/section/7').expect(200)).body.boxes[0].content).toBe('');
    // The model saw the section's boxes as data, with the schema of updates.
    const [request] = fake.requestsTo('chat');
    expect(request.raw).toContain('s6_wisest');
    expect(request.raw).toContain('Rest is work too.');
    expect(JSON.stringify(request.body.response_format)).toContain('section_number');
  });
});
