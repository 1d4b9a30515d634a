import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import supertest from 'supertest';
import { ROUTE_PRELOADS_FILE, type RoutePreloadsFile } from './route-preloads';
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

  it('answers a browser checking its copy of the page with 304 while the page is unchanged', async () => {
    const first = await supertest(server).get('/reflect').set('Accept', 'text/html');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await supertest(server).get('/').set('Accept', 'text/html').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const stale = await supertest(server).get('/').set('Accept', 'text/html').set('If-None-Match', '"other"');
    expect(stale.status).toBe(200);
    expect(stale.text).toContain('<div id="root">');
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

describe('spaMiddleware with precompressed files', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'clari-spa-compressed-'));
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  const server = express();
  server.use(compression({ threshold: 1024 }));
  server.use(spaMiddleware(dist));
  /** The answer's bytes as sent (supertest and fetch would decompress them). */
  const getRaw = (urlPath: string, acceptEncoding: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const listener = server.listen(0, () => {
        const { port } = listener.address() as AddressInfo;
        http
          .get({ port, path: urlPath, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              listener.close();
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
            });
          })
          .on('error', reject);
      });
    });

  it.each([
    ['br, gzip', 'br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip', 'gzip', (body: Buffer) => gunzipSync(body)],
    ['gzip;q=1, br;q=0.5', 'gzip', (body: Buffer) => gunzipSync(body)],
  ])(
    'sends the copy the browser accepts (Accept-Encoding: %s → %s), once compressed, with its own type and caching',
    async (accept, encoding, decode) => {
      const res = await getRaw('/assets/index-abc123.js', accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(res.body).toString()).toBe(script);
    },
  );

  it('sends the file as it is to a client that accepts no compression', async () => {
    const res = await getRaw('/assets/index-abc123.js', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.body.toString()).toBe(script);
  });
});

describe('spaMiddleware with the route table of the build', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'clari-spa-routes-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Clari</title></head><body></body></html>',
  );
  mkdirSync(path.join(dist, '.vite'));
  const table: RoutePreloadsFile = {
    routes: [
      {
        files: [],
        reads: [],
        children: [
          { path: '/', files: ['assets/Landing-1.js'], reads: [] },
          {
            path: '/valueexplorer',
            files: ['assets/Layout-2.js', 'assets/shared-3.js'],
            reads: ['/api/value-explorer/data'],
            children: [
              { path: 'areas', files: ['assets/Areas-4.js', 'assets/shared-3.js'], reads: [] },
              { path: '*', files: [], reads: [] },
            ],
          },
          {
            path: '/reflect/id/:reflectionId',
            files: ['assets/Reflection-5.js'],
            reads: ['/reflect/reflections/~reflectionId~'],
          },
          { path: '*', files: [], reads: [] },
        ],
      },
    ],
    signedIn: { files: ['assets/TopNav-6.js', 'assets/shared-3.js'], reads: ['/api/profile/portrait'] },
  };
  writeFileSync(path.join(dist, ROUTE_PRELOADS_FILE), JSON.stringify(table));
  const server = express();
  server.use(spaMiddleware(dist, { sessionCookieName: 'clari.sid' }));
  const page = (route: string, cookie?: string) => {
    const request = supertest(server).get(route).set('Accept', 'text/html');
    return cookie ? request.set('Cookie', cookie) : request;
  };
  const links = (html: string) =>
    [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);

  it('names the chunks of every route matched at the address, once each, in the page', async () => {
    const res = await page('/valueexplorer/areas');
    expect(res.status).toBe(200);
    expect(links(res.text)).toEqual([
      'modulepreload /assets/Layout-2.js',
      'modulepreload /assets/shared-3.js',
      'modulepreload /assets/Areas-4.js',
    ]);
    expect(res.text).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/Areas-4\.js" \/>\s*<\/head>/);
    expect(links((await page('/')).text)).toEqual(['modulepreload /assets/Landing-1.js']);
    expect(links((await page('/no/such/page')).text)).toEqual([]);
  });

  it('adds the first reads and the signed-in shell only for a browser with a session', async () => {
    const res = await page('/valueexplorer/areas', 'theme=dark; clari.sid=s%3Aabc.def');
    expect(links(res.text)).toEqual([
      'preload /api/value-explorer/data',
      'preload /api/profile/portrait',
      'modulepreload /assets/Layout-2.js',
      'modulepreload /assets/shared-3.js',
      'modulepreload /assets/Areas-4.js',
      'modulepreload /assets/TopNav-6.js',
    ]);
    expect(res.text).toContain('<link rel="preload" href="/api/value-explorer/data" as="fetch" crossorigin />');
    // A cookie whose name only ends like the session's is no session.
    expect(links((await page('/valueexplorer/areas', 'old.clari.sid=x')).text)).not.toContain(
      'preload /api/value-explorer/data',
    );
  });

  it("fills a read's parameters from the address, encoded, and leaves no way to break out of the attribute", async () => {
    const res = await page('/reflect/id/a%22%3E%3Cscript%3E', 'clari.sid=x');
    expect(links(res.text)).toContain('preload /reflect/reflections/a%22%3E%3Cscript%3E');
    expect(res.text).not.toContain('<script>');
  });

  it('keeps one ETag per page and session state, says that the page varies by cookie, and answers 304 to it', async () => {
    const visitor = await page('/valueexplorer/areas');
    const member = await page('/valueexplorer/areas', 'clari.sid=x');
    const home = await page('/');
    expect(visitor.headers.vary).toMatch(/Cookie/);
    expect(new Set([visitor.headers.etag, member.headers.etag, home.headers.etag]).size).toBe(3);
    const again = await page('/valueexplorer/areas', 'clari.sid=y').set('If-None-Match', member.headers.etag as string);
    expect(again.status).toBe(304);
    const changed = await page('/valueexplorer/areas').set('If-None-Match', member.headers.etag as string);
    expect(changed.status).toBe(200);
  });

  it('sends the page without links for an address longer than any route', async () => {
    const res = await page(`/reflect/id/${'x'.repeat(600)}`, 'clari.sid=x');
    expect(res.status).toBe(200);
    expect(links(res.text)).toEqual([]);
  });
});
