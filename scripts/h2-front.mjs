// An HTTPS front with HTTP/2 for a running Clari, as the TLS proxy in front of it in production
// (docs/operations.md): it forwards every request to the app over HTTP/1.1 and sends the answer
// back as it is (compressed files stay compressed). It has a throwaway self-signed certificate for
// localhost, so a browser using it must be told to accept that (Chromium:
// --ignore-certificate-errors). For measuring, not for serving people.
import http from 'node:http';
import http2 from 'node:http2';
import selfsigned from 'selfsigned';

/** Connection-specific headers: HTTP/2 forbids them, and they belong to one hop only. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/**
 * Starts the front on a free port of 127.0.0.1.
 * @param {{ target: string }} options the app's address, such as http://127.0.0.1:3000
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startH2Front({ target }) {
  const upstream = new URL(target);
  const { private: key, cert } = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });
  const agent = new http.Agent({ keepAlive: true });
  const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    // The app sees the address it serves, as behind a proxy that keeps the Host of its upstream.
    headers.host = upstream.host;
    const forwarded = http.request(
      { hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        const answerHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name)) answerHeaders[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forwarded);
  });
  const sessions = new Set();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `https://localhost:${port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        // Open HTTP/2 sessions (the browser's) would keep close() waiting.
        for (const session of sessions) session.destroy();
      }),
  };
}
