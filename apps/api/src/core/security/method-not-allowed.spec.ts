import express from 'express';
import supertest from 'supertest';
import { allowedMethods, methodNotAllowed, type RouteTable } from './method-not-allowed';

describe('methodNotAllowed', () => {
  const app = express();
  app.use(methodNotAllowed(() => (app as unknown as { router: RouteTable }).router));
  app.get('/api/health', (_req, res) => res.json({ ok: true }));
  app.get('/reflect/reflections', (_req, res) => res.json([]));
  app.post('/reflect/reflections', (_req, res) => res.status(201).json({}));
  app.put('/api/yearcompass/section/:n', (_req, res) => res.json({}));
  app.post('/transcribe', (_req, res) => res.json({}));
  app.all('/anything', (_req, res) => res.json({ any: true }));
  // The SPA answers page addresses as middleware, as spa.ts does.
  app.use((req, res, next) =>
    req.method === 'GET' && req.accepts('html') === 'html' ? res.type('html').send('<div id="root"></div>') : next(),
  );

  it('answers 405 with Allow and the common error body for a method the path does not accept', async () => {
    const res = await supertest(app).trace('/api/health');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.body).toEqual({
      statusCode: 405,
      message: 'TRACE is not allowed here. This address accepts GET, HEAD.',
      error: 'Method Not Allowed',
      code: 'method_not_allowed',
    });
    expect((await supertest(app).delete('/reflect/reflections')).headers.allow).toBe('GET, POST, HEAD');
    expect((await supertest(app).options('/api/yearcompass/section/3')).status).toBe(405);
  });

  it('lets accepted methods, HEAD on GET routes and all-method routes through', async () => {
    await supertest(app).head('/api/health').expect(200);
    await supertest(app).post('/reflect/reflections').expect(201);
    await supertest(app).patch('/anything').expect(200);
  });

  it('leaves a browser’s page request outside /api to the SPA, and unknown paths to the 404', async () => {
    const page = await supertest(app).get('/transcribe').set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain('root');
    expect((await supertest(app).get('/transcribe').set('Accept', 'application/json')).status).toBe(405);
    expect(allowedMethods((app as unknown as { router: RouteTable }).router, '/api/nothing-here')).toBeUndefined();
  });
});
