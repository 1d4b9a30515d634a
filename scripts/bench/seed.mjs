// The benchmark's data: one verified user with 8 full Value Explorer areas, 300 reflections
// and every Year Compass section filled in. The Value Explorer is saved through the API (so it
// passes the app's own validation); the bulk rows go in by SQL.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { hash } = require('@node-rs/argon2');

export const BENCH_EMAIL = 'bench@clari.test';
export const BENCH_PASSWORD = 'a benchmark password that is long enough';

const AREAS = ['family', 'romantic', 'career', 'education', 'health', 'leisure', 'community', 'finance'];
const VALUES = [
  'authenticity',
  'growth',
  'connection',
  'contribution',
  'courage',
  'compassion',
  'curiosity',
  'balance',
];
const OBSTACLES = ['lackOfTime', 'fearOfFailure', 'procrastination', 'selfDoubt', 'competingPriorities'];
const sentence = (n) =>
  `Spend unhurried time on what matters in this part of life, step ${n}, and notice how it feels afterwards.`;
const paragraph = (chars, seed) => {
  let text = '';
  for (let i = 0; text.length < chars; i++) text += `${sentence(seed + i)} `;
  return text.slice(0, chars).trim();
};

/** Every area at its limits: 5 values, 3 short- and 2 long-term goals, 3 obstacles. */
export function valueExplorerData() {
  const pick = (list, count, offset) => Array.from({ length: count }, (_, i) => list[(offset + i) % list.length]);
  return {
    lifeAreas: AREAS,
    selectedValues: Object.fromEntries(AREAS.map((area, i) => [area, pick(VALUES, 5, i)])),
    goals: Object.fromEntries(
      AREAS.map((area, i) => [
        area,
        {
          shortTermGoal: [1, 2, 3].map((n) => paragraph(180, i * 10 + n)),
          longTermGoal: [1, 2].map((n) => paragraph(300, i * 20 + n)),
        },
      ]),
    ),
    obstacles: Object.fromEntries(AREAS.map((area, i) => [area, pick(OBSTACLES, 3, i)])),
  };
}

/** The user row (verified, so it can log in); returns its id. */
export async function createUser(client) {
  const passwordHash = await hash(BENCH_PASSWORD);
  const { rows } = await client.query(
    `INSERT INTO users (email, full_name, language, password_hash, email_verified_at, terms_accepted_at)
     VALUES ($1, 'Bench Mark', 'en', $2, now(), now()) RETURNING id`,
    [BENCH_EMAIL, passwordHash],
  );
  return rows[0].id;
}

/** 300 reflections of about 2,200 characters each, a minute apart. */
export async function seedReflections(client, userId) {
  const topics = [
    'open_ended',
    'your_day',
    'meeting',
    'life_goal',
    'philosophical_idea',
    'problem',
    'conflict',
    'emotion',
    'habit',
  ];
  const reflections = Array.from({ length: 300 }, (_, i) => ({
    title: `Reflection ${i + 1}: what the week taught me`,
    content: paragraph(2200, i),
    topic: topics[i % topics.length],
    areas: JSON.stringify([AREAS[i % AREAS.length], AREAS[(i + 3) % AREAS.length]]),
    tags: JSON.stringify(['weekly', `tag-${i % 7}`]),
  }));
  await client.query(
    `INSERT INTO reflections (user_id, title, content, topic, life_areas, tags, created_at, updated_at)
     SELECT $1, r.title, r.content, r.topic, r.areas::jsonb, r.tags::jsonb, now() - (r.n || ' minutes')::interval, now() - (r.n || ' minutes')::interval
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[]) AS r (title, content, topic, areas, tags, n)`,
    [
      userId,
      ...['title', 'content', 'topic', 'areas', 'tags'].map((key) => reflections.map((r) => r[key])),
      reflections.map((_, i) => i),
    ],
  );
}

/** Every box of every Year Compass section, 600 characters each (box ids from the built contracts). */
export async function seedYearCompass(client, userId, sections) {
  const boxes = sections.flatMap((section) =>
    section.boxes.map((box) => ({ section: section.sectionNumber, id: box.id })),
  );
  await client.query(
    `INSERT INTO year_compass_boxes (user_id, section_number, box_id, content)
     SELECT $1, b.section, b.id, b.content FROM unnest($2::int[], $3::text[], $4::text[]) AS b (section, id, content)`,
    [userId, boxes.map((b) => b.section), boxes.map((b) => b.id), boxes.map((b, i) => paragraph(600, i))],
  );
}
