import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMON_CONVERSATION_DATA_KEYS, CONVERSATION_DATA_KEYS } from '@clari/contracts';
import { DEMO_INTERVIEW_ID } from '../../../migrations/1763684200000-Interview';
import { UsersRepository } from '../../../apps/api/src/modules/users/users.repository';
import { createUser, sessionCookie, uniqueEmail, type TestUser } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/app-harness';

/**
 * The bad-input corpus, generated from docs/openapi.json so that a new route or field is in it
 * without anyone remembering to add it: every JSON route gets NUL and an unpaired surrogate in
 * every text field, nulls and wrong types in every field, deep JSON, an oversized body, wrong
 * content types and bodies that are not objects; every query parameter gets the same; the chat
 * gets hostile values in every conversationData key of every domain. Every answer must be a 4xx
 * (or a success) with a readable message, never a 5xx, and /api/health keeps answering while
 * the corpus runs. The figures are printed on every run.
 */

interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  example?: unknown;
  minimum?: number;
  format?: string;
}
interface Operation {
  requestBody?: { content: Record<string, { schema: Schema }> };
  parameters?: { name: string; in: string; schema?: Schema }[];
}

const document = JSON.parse(readFileSync(join(__dirname, '../../../docs/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

function resolve(schema: Schema): Schema {
  let current = schema;
  while (current.$ref) current = document.components.schemas[current.$ref.replace('#/components/schemas/', '')];
  if (current.allOf?.length === 1) return resolve(current.allOf[0]);
  return current;
}

/** A plausible value for a schema: its example, else something of its type. */
function sample(schema: Schema, depth = 0): unknown {
  const s = resolve(schema);
  if (s.example !== undefined) return s.example;
  if (s.enum?.length) return s.enum[0];
  const variant = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (variant) return sample(variant, depth);
  switch (s.type) {
    case 'string':
      return s.format === 'email' ? 'someone@example.com' : 'Example';
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return s.items && depth < 6 ? [sample(s.items, depth + 1)] : [];
    default:
      if (!s.properties || depth >= 6) return {};
      return Object.fromEntries(Object.entries(s.properties).map(([key, value]) => [key, sample(value, depth + 1)]));
  }
}

type FieldPath = (string | number)[];

/** Every field path of a schema (objects, array items, map values), with whether it is text. */
function fields(schema: Schema, prefix: FieldPath = [], depth = 0): { path: FieldPath; text: boolean }[] {
  const s = resolve(schema);
  if (depth > 6) return [];
  const variant = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (variant && !s.type) return fields(variant, prefix, depth);
  const here = prefix.length ? [{ path: prefix, text: s.type === 'string' }] : [];
  if (s.type === 'array' && s.items) return [...here, ...fields(s.items, [...prefix, 0], depth + 1)];
  const nested = Object.entries(s.properties ?? {}).flatMap(([key, value]) =>
    fields(value, [...prefix, key], depth + 1),
  );
  const map =
    typeof s.additionalProperties === 'object' ? fields(s.additionalProperties, [...prefix, 'health'], depth + 1) : [];
  return [...here, ...nested, ...map];
}

/** `base` with the value at `path` replaced, creating the containers on the way. */
function withValue(base: unknown, path: FieldPath, value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(base) ? [...(base as unknown[])] : [];
    list[head] = withValue(list[head], rest, value);
    return list;
  }
  const object =
    base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  object[head] = withValue(object[head], rest, value);
  return object;
}

/** How the server names a field in its messages: conversationData.boxes[1].content. */
const fieldName = (path: FieldPath) =>
  path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index ? `.${part}` : part)).join('');

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';
const WRONG_VALUES: [string, unknown][] = [
  ['null', null],
  ['a number', 123456789012],
  ['a string', 'x'],
  ['a list', ['x', 1, null]],
  ['an object', { nested: { deeper: 'x' } }],
  ['a long text', 'x'.repeat(30_000)],
  ['a negative number', -1],
  ['a fraction', 1.5],
  ['true', true],
];

interface Answer {
  label: string;
  status: number;
  message: unknown;
}

describe('the bad-input corpus over every route of the API document', () => {
  let t: TestApp;
  let user: TestUser;
  let ids: Record<string, string>;
  let cookie: string;
  /** Chat turns are limited per user (30 in 5 minutes): the chat corpus is spread over these accounts. */
  let chatAccounts: { cookie: string; reflectionId: string }[] = [];
  let chatTurns = 0;
  const answers: Answer[] = [];
  const health: number[] = [];
  let polling = true;
  let poller: Promise<void>;

  beforeAll(async () => {
    const adminEmail = uniqueEmail('corpus-admin');
    t = await startTestApp({ listen: true, env: { ADMIN_EMAILS: adminEmail } });
    user = await createUser(t, { email: adminEmail });
    const users = t.app.get(UsersRepository);
    const record = await users.findByEmail(user.email);
    await users.update(record!.id, { isClinician: true });
    // A session of its own for the raw requests below (fetch, so that bodies go out byte for byte).
    cookie = sessionCookie(
      await t.agent().post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200),
    )!;

    chatAccounts = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const extra = await createUser(t);
        const created = await extra.agent
          .post('/reflect/reflections')
          .send({ title: 'Corpus', topic: 'habit' })
          .expect(201);
        const login = await t
          .agent()
          .post('/api/auth/login')
          .send({ email: extra.email, password: extra.password })
          .expect(200);
        return { cookie: sessionCookie(login)!, reflectionId: (created.body as { id: string }).id };
      }),
    );

    const reflection = await user.agent
      .post('/reflect/reflections')
      .send({ title: 'Corpus', topic: 'your_day', content: 'Some content.' })
      .expect(201);
    const reflectionId = (reflection.body as { id: string }).id;
    const takeaway = await user.agent
      .post(`/reflect/reflections/${reflectionId}/takeaways`)
      .send({ title: 'A takeaway', content: 'Said in my words.' })
      .expect(201);
    const session = await t
      .agent()
      .post(`/api/interview/${DEMO_INTERVIEW_ID}/session`)
      .send({ language: 'en' })
      .expect(201);
    const { sessionId, token } = session.body as { sessionId: string; token: string };
    ids = {
      id: reflectionId,
      takeawayId: (takeaway.body as { id: string }).id,
      n: '2',
      sectionNumber: '2',
      boxId: 's2_box0',
      interviewId: DEMO_INTERVIEW_ID,
      sessionId,
      token,
    };

    poller = (async () => {
      while (polling) {
        const started = performance.now();
        const res = await fetch(`${t.baseUrl}/api/health`);
        await res.arrayBuffer();
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
  });

  afterAll(async () => {
    polling = false;
    await poller;
    await t?.close();
  });

  /** One request as the signed-in admin and clinician; a fresh client address each time, so per-address limits do not hide the checks. */
  async function send(
    label: string,
    method: string,
    path: string,
    body: string | undefined,
    contentType = 'application/json',
  ): Promise<Answer> {
    const chat =
      path === '/api/ai-assistant/chat' ? chatAccounts[Math.floor(chatTurns++ / 25) % chatAccounts.length] : undefined;
    if (chat && body) body = body.split(ids.id).join(chat.reflectionId);
    const res = await fetch(`${t.baseUrl}${path}`, {
      method,
      headers: {
        Cookie: chat?.cookie ?? cookie,
        'X-Forwarded-For': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        ...(body !== undefined ? { 'Content-Type': contentType } : {}),
      },
      body,
    });
    const text = await res.text();
    let message: unknown = text;
    try {
      // Errors say `message`; the login answers the spec's { success: false, error }.
      const json = JSON.parse(text) as { message?: unknown; error?: unknown };
      message = json.message ?? json.error ?? json;
    } catch {
      // Not JSON: the text itself is checked below.
    }
    const answer = { label: `${label} → ${res.status}`, status: res.status, message };
    answers.push(answer);
    return answer;
  }

  const fillPath = (template: string) =>
    template.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(ids[name] ?? randomUUID()));

  /** A 4xx must say what is wrong in words: a non-empty message without a stack trace. */
  function expectReadable(answer: Answer) {
    expect([answer.label, answer.status < 500]).toEqual([answer.label, true]);
    if (answer.status >= 400) {
      const message = Array.isArray(answer.message) ? answer.message.join(' ') : answer.message;
      expect([answer.label, typeof message]).toEqual([answer.label, 'string']);
      expect([answer.label, (message as string).length > 3 && !/\n\s+at /.test(message as string)]).toEqual([
        answer.label,
        true,
      ]);
    }
  }

  const jsonOperations = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.requestBody?.content['application/json'])
      .map(
        ([method, operation]) =>
          [
            `${method.toUpperCase()} ${path}`,
            method.toUpperCase(),
            path,
            resolve(operation.requestBody!.content['application/json'].schema),
          ] as const,
      ),
  );
  const queryOperations = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.parameters?.some((parameter) => parameter.in === 'query'))
      .map(
        ([method, operation]) =>
          [
            `${method.toUpperCase()} ${path}`,
            path,
            operation.parameters!.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
          ] as const,
      ),
  );

  it('covers the routes of the document', () => {
    expect(jsonOperations.length).toBeGreaterThanOrEqual(20);
    expect(queryOperations.length).toBeGreaterThanOrEqual(3);
  });

  it.each(jsonOperations)(
    '%s: NUL and unpaired surrogates in every text field are a 400 naming the field',
    async (label, method, path, schema) => {
      const base = sample(schema);
      const textFields = fields(schema).filter((field) => field.text);
      for (const field of textFields) {
        for (const [what, bad] of [
          ['NUL', NUL],
          ['surrogate', LONE_SURROGATE],
        ]) {
          const answer = await send(
            `${label} ${fieldName(field.path)} ${what}`,
            method,
            fillPath(path),
            JSON.stringify(withValue(base, field.path, bad)),
          );
          expect([answer.label, answer.message]).toEqual([
            answer.label,
            `${fieldName(field.path)} contains a character that is not allowed (NUL or an unpaired surrogate).`,
          ]);
          expect(answer.status).toBe(400);
        }
      }
    },
  );

  it.each(jsonOperations)(
    '%s: nulls and wrong types in every field get a readable 4xx',
    async (label, method, path, schema) => {
      const base = sample(schema);
      for (const field of fields(schema)) {
        for (const [what, value] of WRONG_VALUES) {
          expectReadable(
            await send(
              `${label} ${fieldName(field.path)} = ${what}`,
              method,
              fillPath(path),
              JSON.stringify(withValue(base, field.path, value)),
            ),
          );
        }
      }
      // An unknown field is refused as the document says (additionalProperties: false).
      expectReadable(
        await send(
          `${label} unknown field`,
          method,
          fillPath(path),
          JSON.stringify({ ...(base as object), unknownField: 'x' }),
        ),
      );
    },
  );

  it.each(jsonOperations)(
    '%s: bodies that are not a JSON object, deep, oversized or of another type are refused',
    async (label, method, path) => {
      const target = fillPath(path);
      for (const body of [
        '',
        'null',
        '[]',
        '"text"',
        '42',
        '{"broken":',
        '{"a":1,"a":2}',
        `{"a":${'['.repeat(1500)}${']'.repeat(1500)}}`,
        JSON.stringify({ text: 'x'.repeat(1024 * 1024) }),
      ]) {
        const answer = await send(`${label} body ${body.slice(0, 20)}`, method, target, body);
        expectReadable(answer);
        if (body !== '{"a":1,"a":2}') expect([answer.label, answer.status >= 400]).toEqual([answer.label, true]);
      }
      for (const type of [
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
      ]) {
        const answer = await send(`${label} as ${type}`, method, target, '{"a":"b"}', type);
        expectReadable(answer);
        expect([answer.label, answer.status]).toEqual([answer.label, 415]);
      }
    },
  );

  it.each(queryOperations)('%s: hostile query parameters get a readable answer', async (label, path, names) => {
    for (const name of names) {
      for (const value of ['%00', '%ED%A0%80', '%FF', '1e18', '-1', '', 'x'.repeat(5000), '%27%20OR%201%3D1--', '[]']) {
        expectReadable(
          await send(`${label} ?${name}=${value.slice(0, 20)}`, 'GET', `${fillPath(path)}?${name}=${value}`, undefined),
        );
      }
      expectReadable(await send(`${label} ?${name} twice`, 'GET', `${fillPath(path)}?${name}=1&${name}=2`, undefined));
      expectReadable(await send(`${label} ?${name}[a]=1`, 'GET', `${fillPath(path)}?${name}[a]=1`, undefined));
    }
  });

  it.each(Object.keys(CONVERSATION_DATA_KEYS))(
    'the chat in %s: hostile values in every conversationData key get a readable answer',
    async (domain) => {
      for (const key of [...CONVERSATION_DATA_KEYS[domain], ...COMMON_CONVERSATION_DATA_KEYS]) {
        for (const [what, value] of [
          ...WRONG_VALUES,
          ['an empty object', {}],
          ['a list of objects', [{ id: 'x', content: 1 }, null]],
          ['a NUL', NUL],
        ] as [string, unknown][]) {
          const conversationData = {
            session_id: ids.sessionId,
            interview_id: DEMO_INTERVIEW_ID,
            sectionNumber: 2,
            reflectionId: ids.id,
            area: { id: 'family' },
            [key]: value,
          };
          const answer = await send(
            `chat ${domain} conversationData.${key} = ${what}`,
            'POST',
            '/api/ai-assistant/chat',
            JSON.stringify({
              message: 'I want to be kind.',
              conversationDomain: domain,
              conversationData,
              language: 'en',
            }),
          );
          expectReadable(answer);
        }
      }
    },
  );

  it('answered everything without a 5xx while /api/health kept answering', () => {
    const sorted = [...health].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    const statuses = answers.reduce<Record<number, number>>(
      (counts, answer) => ({ ...counts, [answer.status]: (counts[answer.status] ?? 0) + 1 }),
      {},
    );
    process.stdout.write(
      `bad-input corpus: ${answers.length} requests over ${jsonOperations.length} JSON routes and ${queryOperations.length} query routes; statuses ${JSON.stringify(statuses)}; ` +
        `/api/health answered ${health.length} times, median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms\n`,
    );
    expect(answers.filter((answer) => answer.status >= 500).map((answer) => answer.label)).toEqual([]);
    expect(answers.length).toBeGreaterThan(1000);
    // The median is what a user notices; the stall guard only catches a held event loop on a busy machine.
    expect(at(0.5)).toBeLessThan(100);
    expect(sorted[sorted.length - 1]).toBeLessThan(5000);
  });
});
