import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { OpenApiContract, type Exchange } from '../support/openapi-contract';

/** The checker the integration tier runs on every answer, and the document's own examples held to it. */
const contract = new OpenApiContract();
const json = (
  method: string,
  url: string,
  status: number,
  body: unknown,
  headers: Exchange['headers'] = {},
): Exchange => ({
  method,
  url,
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: Buffer.from(JSON.stringify(body)),
});

describe('the OpenAPI contract check', () => {
  it('accepts an answer as documented', () => {
    expect(contract.check(json('GET', '/api/auth/check', 200, { authenticated: false }))).toEqual({
      checked: true,
      problems: [],
    });
    expect(
      contract.check({
        method: 'HEAD',
        url: '/api/health',
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: Buffer.alloc(0),
      }).problems,
    ).toEqual([]);
  });

  it('refuses an undocumented status, a field the schema does not list, a wrong format and an undocumented content type', () => {
    expect(contract.check(json('GET', '/api/config', 418, {})).problems[0]).toMatch(
      /answered 418, which the document does not list/,
    );
    expect(
      contract.check(json('GET', '/api/auth/check?x=1', 200, { authenticated: false, secret: 1 })).problems[0],
    ).toMatch(/must NOT have additional properties/);
    const profile = {
      email: 'not-an-address',
      full_name: 'A',
      language: 'en',
      pending_email: null,
      is_clinician: false,
      role: 'user',
      created_at: '2026-01-01T00:00:00.000Z',
    };
    expect(contract.check(json('GET', '/api/profile', 200, profile)).problems[0]).toMatch(/must match format "email"/);
    const image = contract.check({
      method: 'GET',
      url: '/api/yearcompass/image/11/s11_picture',
      status: 404,
      headers: { 'content-type': 'image/webp' },
      body: Buffer.from('x'),
    });
    expect(image.problems[0]).toMatch(/Content-Type image\/webp is not documented/);
  });

  it('wants 405 with the right Allow for a method a path does not accept, and 404 for an unknown /api path', () => {
    const body = {
      statusCode: 405,
      message: 'TRACE is not allowed here. This address accepts GET, HEAD.',
      error: 'Method Not Allowed',
      code: 'method_not_allowed',
    };
    expect(contract.check(json('TRACE', '/api/health', 405, body, { allow: 'GET, HEAD' })).problems).toEqual([]);
    expect(contract.check(json('TRACE', '/api/health', 405, body, { allow: 'GET' })).problems[0]).toMatch(
      /Allow is "GET", the document has GET, HEAD/,
    );
    expect(
      contract.check(json('DELETE', '/api/health', 404, { statusCode: 404, message: 'x', error: 'Not Found' }))
        .problems[0],
    ).toMatch(/expected 405/);
    expect(contract.check(json('GET', '/api/nothing', 200, {})).problems[0]).toMatch(/expected 404/);
    expect(contract.check(json('GET', '/assets/app.js', 200, {})).checked).toBe(false);
  });
});

describe('the examples in docs/openapi.json', () => {
  type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const doc = JSON.parse(readFileSync(path.resolve(__dirname, '../../docs/openapi.json'), 'utf8')) as Json;

  it('match their own schemas', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const [template, item] of Object.entries(doc.paths as Json)) {
      const url = template.replace(/\{[^}]+\}/g, 'x');
      for (const [method, operation] of Object.entries(item as Json)) {
        for (const [status, response] of Object.entries((operation as Json).responses as Json)) {
          const media = (response as Json).content?.['application/json'];
          if (!media) continue;
          const examples = [
            media.example,
            ...Object.values((media.examples ?? {}) as Json).map(
              (e) => (e.$ref ? doc.components.examples[e.$ref.split('/').pop()] : e).value,
            ),
          ].filter((e) => e !== undefined);
          for (const example of examples) {
            checked++;
            problems.push(...contract.check(json(method.toUpperCase(), url, Number(status), example)).problems);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect(problems).toEqual([]);
  });
});
