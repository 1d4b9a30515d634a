import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import express from 'express';
import supertest from 'supertest';
import { spaMiddleware } from './spa';

describe('spaMiddleware', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'clari-spa-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  const server = express();
  server.use(spaMiddleware(dist));
  server.get('/reflect/reflections', (_req, res) => res.json([]));
  server.use((_req, res) => res.status(404).json({ statusCode: 404 }));

  it('serves index.html to a browser navigating to any client route', async () => {
    for (const route of ['/', '/reflect', '/reflect/id/42', '/reflect/new_topic/habit', '/no/such/page']) {
      const res = await supertest(server).get(route).set('Accept', 'text/html,application/xhtml+xml');
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('leaves API calls made with fetch to the controllers', async () => {
    const res = await supertest(server).get('/reflect/reflections').set('Accept', '*/*');
    expect(res.body).toEqual([]);
    await supertest(server).get('/api/health').set('Accept', 'text/html').expect(404);
  });

  it('serves hashed assets with long caching', async () => {
    const res = await supertest(server).get('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });
});
