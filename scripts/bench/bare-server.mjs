// The benchmark's baseline: node:http + pg doing the work Clari does for the benchmarked
// routes, with nothing else. Every route checks the signed session cookie (the same
// cookie-signature code express-session uses), reads the session row (connect-pg-simple's
// query), loads the user, then does the route's own SQL and answers JSON of the same shape.
// Usage (the benchmark starts it): node scripts/bench/bare-server.mjs
//   env DATABASE_URL, SESSION_SECRET, PORT, SESSION_COOKIE_NAME (default clari.sid)
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const { Pool } = require('pg');
// express-session's own copy, so the signature check costs exactly what it costs there.
const signature = require(
  require.resolve('cookie-signature', { paths: [path.dirname(require.resolve('express-session'))] }),
);
const cookie = require(require.resolve('cookie', { paths: [path.dirname(require.resolve('express-session'))] }));
// The same pure functions the app runs: validation of a save, a section's texts, the list's excerpt and cursor.
const contracts = require(path.join(root, 'dist/libs/contracts/src/index.js'));
const { sectionContent } = require(path.join(root, 'dist/apps/api/src/modules/year-compass/year-compass-content.js'));
const { reflectionExcerpt } = require(path.join(root, 'dist/apps/api/src/modules/reflect/list/excerpt.js'));
const { encodeListCursor } = require(path.join(root, 'dist/apps/api/src/modules/reflect/list/list-cursor.js'));

const secret = process.env.SESSION_SECRET;
const cookieName = process.env.SESSION_COOKIE_NAME ?? 'clari.sid';
if (!process.env.DATABASE_URL || !secret) throw new Error('DATABASE_URL and SESSION_SECRET are required');
// As many connections as the app's two pools together (TypeORM 10 + session store 5).
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 15 });

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  res.end(json);
}

/** Signed cookie → session row → user row, as express-session + connect-pg-simple + the guard do. */
async function sessionUser(req) {
  const header = req.headers.cookie;
  if (!header) return null;
  const raw = cookie.parse(header)[cookieName];
  if (!raw || !raw.startsWith('s:')) return null;
  const sid = signature.unsign(raw.slice(2), secret);
  if (sid === false) return null;
  const session = await pool.query('SELECT sess FROM "session" WHERE sid = $1 AND expire >= to_timestamp($2)', [
    sid,
    Math.ceil(Date.now() / 1000),
  ]);
  if (!session.rowCount) return null;
  const sess = typeof session.rows[0].sess === 'string' ? JSON.parse(session.rows[0].sess) : session.rows[0].sess;
  if (!sess.userId) return null;
  const user = await pool.query('SELECT id, email, full_name, language, role, is_clinician FROM users WHERE id = $1', [
    sess.userId,
  ]);
  return user.rows[0] ?? null;
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {});
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });
}

async function valueExplorer(userId) {
  const { rows } = await pool.query(
    'SELECT life_areas, selected_values, goals, obstacles, summary, updated_at FROM value_explorer_data WHERE user_id = $1',
    [userId],
  );
  return rows.length ? stored(rows[0]) : { ...contracts.emptyValueExplorerData(), summary: '', updatedAt: null };
}

function stored(row) {
  return {
    lifeAreas: row.life_areas,
    selectedValues: row.selected_values,
    goals: row.goals,
    obstacles: row.obstacles,
    summary: row.summary,
    updatedAt: row.updated_at.toISOString(),
  };
}

class Refusal {
  constructor(status, body) {
    this.status = status;
    this.body = body;
  }
}

const SAVE_VALUE_EXPLORER = `INSERT INTO value_explorer_data (user_id, life_areas, selected_values, goals, obstacles, summary)
  VALUES ($1, $2::jsonb, $3::jsonb, $4::jsonb, $5::jsonb, COALESCE($6, ''))
  ON CONFLICT (user_id) DO UPDATE SET
    life_areas = EXCLUDED.life_areas, selected_values = EXCLUDED.selected_values,
    goals = EXCLUDED.goals, obstacles = EXCLUDED.obstacles,
    summary = COALESCE($6, value_explorer_data.summary), updated_at = now()
  RETURNING life_areas, selected_values, goals, obstacles, summary, updated_at`;

const routes = {
  'GET /api/value-explorer/data': async (user) => valueExplorer(user.id),
  'PUT /api/value-explorer/data': async (user, req) => {
    const result = contracts.validateValueExplorerData(await readBody(req));
    if (!result.ok)
      return new Refusal(400, { statusCode: 400, message: result.violation.message, code: result.violation.code });
    const data = result.data;
    const { rows } = await pool.query(SAVE_VALUE_EXPLORER, [
      user.id,
      JSON.stringify(data.lifeAreas),
      JSON.stringify(data.selectedValues),
      JSON.stringify(data.goals),
      JSON.stringify(data.obstacles),
      data.summary ?? null,
    ]);
    return stored(rows[0]);
  },
  // The list's first page: list fields and an excerpt, the next page's cursor (the same SQL).
  'GET /reflect/reflections': async (user) => {
    const limit = contracts.REFLECT_LIMITS.listPageDefault;
    const { rows } = await pool.query(
      `SELECT id, title, topic, life_areas, tags, created_at, updated_at,
         to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_key,
         left(content, ${contracts.REFLECT_LIMITS.excerptMax * 3}) AS head
       FROM reflections WHERE user_id = $1 ORDER BY created_at DESC, id ASC LIMIT $2`,
      [user.id, limit + 1],
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => ({
        id: row.id,
        title: row.title,
        topic: row.topic,
        lifeAreas: row.life_areas,
        tags: row.tags,
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
        excerpt: reflectionExcerpt(row.head),
      })),
      nextCursor: rows.length > limit && last ? encodeListCursor({ createdAt: last.created_key, id: last.id }) : null,
    };
  },
  'GET /api/yearcompass/section/2': async (user) => {
    const sectionNumber = 2;
    const content = sectionContent(sectionNumber, user.language);
    const [boxes, images] = await Promise.all([
      pool.query('SELECT box_id, content FROM year_compass_boxes WHERE user_id = $1 AND section_number = $2', [
        user.id,
        sectionNumber,
      ]),
      pool.query(
        'SELECT box_id, floor(extract(epoch FROM updated_at) * 1000)::bigint AS version FROM year_compass_images WHERE user_id = $1 AND section_number = $2',
        [user.id, sectionNumber],
      ),
    ]);
    const contents = new Map(boxes.rows.map((row) => [row.box_id, row.content]));
    const versions = new Map(images.rows.map((row) => [row.box_id, Number(row.version)]));
    return {
      sectionNumber,
      UiNavText: content.navText,
      UiSectionTitle: content.title,
      UiSectionInstruction: content.instruction,
      boxes: content.boxes.map((box) => ({
        id: box.id,
        UiBoxTitle: box.title,
        prompt: box.prompt,
        content: contents.get(box.id) ?? '',
        box_size: box.size,
        hasImage: box.hasImage,
        imagePrompt: box.imagePrompt,
        imageUrl: versions.has(box.id)
          ? contracts.yearCompassImageUrl(sectionNumber, box.id, versions.get(box.id))
          : null,
      })),
    };
  },
  // The database work of a chat turn (read the thread, append the two messages); the reply is
  // fixed, so the difference to Clari includes the safety check and the offline guide.
  'POST /api/ai-assistant/chat': async (user, req) => {
    const body = await readBody(req);
    const threadId = body.conversationData?.area?.id ?? 'default';
    const domain = body.conversationDomain;
    await pool.query(
      'SELECT id, messages, phase, suggestions FROM assistant_conversations WHERE user_id = $1 AND domain = $2 AND thread_id = $3',
      [user.id, domain, threadId],
    );
    const asked = new Date().toISOString();
    const reply = 'Thank you. What does that value look like on an ordinary day?';
    const messages = [
      { role: 'user', content: String(body.message), timestamp: asked },
      { role: 'assistant', content: reply, timestamp: new Date().toISOString() },
    ];
    const { rows } = await pool.query(
      `INSERT INTO assistant_conversations AS c (user_id, domain, thread_id, messages, phase, suggestions)
       VALUES ($1, $2, $3, $4::jsonb, $5, $7::jsonb)
       ON CONFLICT (user_id, domain, thread_id) DO UPDATE SET
         messages = (
           SELECT COALESCE(jsonb_agg(item ORDER BY position), '[]'::jsonb)
           FROM jsonb_array_elements(c.messages || EXCLUDED.messages) WITH ORDINALITY AS t(item, position)
           WHERE position > jsonb_array_length(c.messages || EXCLUDED.messages) - $6
         ),
         phase = EXCLUDED.phase, suggestions = EXCLUDED.suggestions, updated_at = now()
       RETURNING messages, phase, suggestions`,
      [
        user.id,
        domain,
        threadId,
        JSON.stringify(messages),
        'values',
        contracts.ASSISTANT_LIMITS.historyMax,
        JSON.stringify([]),
      ],
    );
    return {
      reply,
      history: rows[0].messages,
      aiSuggestions: [],
      currentPhase: rows[0].phase,
      updates: {},
      risk: 'none',
    };
  },
};

const server = http.createServer(async (req, res) => {
  const route = routes[`${req.method} ${req.url.split('?')[0]}`];
  if (!route) return send(res, 404, { statusCode: 404, message: 'Not Found' });
  try {
    const user = await sessionUser(req);
    if (!user) return send(res, 401, { statusCode: 401, message: 'Please log in to continue.' });
    const answer = await route(user, req);
    if (answer instanceof Refusal) send(res, answer.status, answer.body);
    else send(res, 200, answer);
  } catch (error) {
    send(res, 500, { statusCode: 500, message: String(error?.message ?? error) });
  }
});
// The same keep-alive as the app, so neither side closes connections the other keeps.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(Number(process.env.PORT ?? 3901), '127.0.0.1', () =>
  console.log(`bare server listening on ${server.address().port}`),
);

const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
