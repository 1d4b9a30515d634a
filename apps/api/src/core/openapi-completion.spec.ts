import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { completeDocument } from './openapi-completion';

/**
 * The committed document (docs/openapi.json, which `npm run cli -- openapi --check` keeps
 * equal to what the app generates) says what the API does, point by point of the contract
 * mismatches a Schemathesis run found. The integration tier checks every answer against it.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const doc = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../docs/openapi.json'), 'utf8')) as Json;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const operations = Object.entries(doc.paths as Json).flatMap(([p, item]) =>
  METHODS.filter((m) => (item as Json)[m]).map((m) => ({
    name: `${m.toUpperCase()} ${p}`,
    method: m,
    path: p,
    op: (item as Json)[m] as Json,
  })),
);
const schema = (ref: string): Json => doc.components.schemas[ref.replace('#/components/schemas/', '')];

describe('docs/openapi.json', () => {
  it('closes every JSON request body and the objects nested in it (the API refuses unknown fields)', () => {
    const open: string[] = [];
    const visit = (s: Json | undefined, where: string): void => {
      if (!s) return;
      if (s.$ref) return visit(schema(s.$ref), `${where} → ${s.$ref}`);
      if (s.properties) {
        if (s.additionalProperties !== false) open.push(where);
        for (const [name, property] of Object.entries(s.properties as Json))
          if ((property as Json).$ref || (property as Json).allOf || (property as Json).items)
            visit(property as Json, `${where}.${name}`);
      }
      if (s.items) visit(s.items, `${where}[]`);
      for (const part of s.allOf ?? []) visit(part, where);
    };
    let bodies = 0;
    for (const { name, op } of operations) {
      const body = op.requestBody?.content?.['application/json'];
      if (!body) continue;
      bodies++;
      visit(body.schema, name);
    }
    expect(bodies).toBeGreaterThan(20);
    expect(open).toEqual([]);
  });

  it('lists the common answers: 400/413/415 for JSON bodies, 403 for state changes, 503 while the database is away, each with examples', () => {
    const missing: string[] = [];
    for (const { name, method, op } of operations) {
      const statuses = Object.keys(op.responses);
      const expected = [
        ...(op.requestBody?.content?.['application/json'] ? ['400', '413', '415'] : []),
        ...(['post', 'put', 'patch', 'delete'].includes(method) ? ['403'] : []),
        ...(name === 'GET /api/config' ? [] : ['503']),
      ];
      for (const status of expected) if (!statuses.includes(status)) missing.push(`${name} ${status}`);
      for (const [status, response] of Object.entries(op.responses as Json)) {
        if (Number(status) < 400) continue;
        const media = (response as Json).content?.['application/json'];
        // A response of a class of its own (health's report) is shown from its properties' examples.
        const ownClass = media?.schema?.$ref && !media.schema.$ref.endsWith('/ApiError');
        if (!media || (!media.examples && !media.example && !ownClass))
          missing.push(`${name} ${status}: no JSON example`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('documents the image routes’ errors as JSON beside the WebP image', () => {
    for (const p of ['/api/profile/portrait/image', '/api/yearcompass/image/{sectionNumber}/{boxId}']) {
      const responses = doc.paths[p].get.responses as Json;
      expect(Object.keys(responses['200'].content)).toEqual(['image/webp']);
      for (const status of ['401', '404']) expect(Object.keys(responses[status].content)).toEqual(['application/json']);
    }
  });

  it('types section numbers as integers 1–19, e-mails as e-mail, conversationDomain as the known domains and the interview code as six digits', () => {
    const sectionParam = (doc.paths['/api/yearcompass/section/{n}'].get.parameters as Json[]).find(
      (p) => p.name === 'n',
    );
    expect(sectionParam?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 19 });
    expect(schema('YearCompassGenerateImageDto').properties.sectionNumber).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 19,
    });
    for (const dto of [
      'LoginDto',
      'RegisterDto',
      'ResetPasswordDto',
      'ResendVerificationDto',
      'ProfileUpdateDto',
      'ProfileResponseDto',
      'SessionUserDto',
      'AdminUserRowDto',
    ]) {
      expect({ dto, format: schema(dto).properties.email.format }).toEqual({ dto, format: 'email' });
    }
    const domain = schema('ChatRequestDto').properties.conversationDomain;
    expect(domain.anyOf[0].enum).toEqual([
      'valueexplorer_lifearea',
      'valueexplorer_summary',
      'yearcompass_dynamicsection',
      'reflect_topic',
      'interview',
    ]);
    expect(new RegExp(domain.anyOf[1].pattern).test('valueexplorer_custom')).toBe(true);
    const token = (doc.paths['/api/interview/session/token/{token}'].get.parameters as Json[]).find(
      (p) => p.name === 'token',
    );
    expect(token?.schema.pattern).toBe('^[0-9]{6}$');
  });

  it('has the 404 for unknown paths and the 405 (with Allow) for unsupported methods as shared responses', () => {
    expect(doc.components.responses.MethodNotAllowed.headers.Allow.required).toBe(true);
    expect(doc.components.responses.MethodNotAllowed.content['application/json'].example).toMatchObject({
      statusCode: 405,
      code: 'method_not_allowed',
    });
    expect(doc.components.responses.NotFound.content['application/json'].example).toMatchObject({ statusCode: 404 });
  });
});

describe('completeDocument', () => {
  it('turns a decorator’s single error example into a named example of the ApiError schema, and keeps a route’s own error shape beside it', () => {
    const input = {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: {
        '/api/auth/login': {
          post: {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/LoginDto' } } },
            },
            responses: {
              '200': { description: '' },
              '403': {
                description: '',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/LoginResponseDto' } } },
              },
              '404': {
                description: '',
                content: {
                  'image/webp': { schema: { example: { statusCode: 404, message: 'No picture', error: 'Not Found' } } },
                },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          LoginDto: { type: 'object', properties: { email: { type: 'string' } } },
          LoginResponseDto: { type: 'object', properties: {} },
        },
      },
    } as unknown as OpenAPIObject;
    const out = completeDocument(input) as Json;
    const responses = out.paths['/api/auth/login'].post.responses;
    expect(out.components.schemas.LoginDto.additionalProperties).toBe(false);
    expect(responses['404'].content).toEqual({
      'application/json': {
        schema: { $ref: '#/components/schemas/ApiError' },
        examples: { notFound: { value: { statusCode: 404, message: 'No picture', error: 'Not Found' } } },
      },
    });
    expect(responses['403'].content['application/json'].schema).toEqual({
      anyOf: [{ $ref: '#/components/schemas/LoginResponseDto' }, { $ref: '#/components/schemas/ApiError' }],
    });
    expect(responses['403'].content['application/json'].examples.crossOrigin).toEqual({
      $ref: '#/components/examples/CrossOrigin',
    });
    expect(responses['413'].content['application/json'].examples.tooLarge.value.message).toBe(
      'The request is too large (at most 8 KB here).',
    );
    expect(Object.keys(responses).sort()).toEqual(['200', '400', '403', '404', '413', '415', '503']);
  });
});
