// `npm start`: builds whatever is missing or older than its sources, then runs the server
// in this process, so signals (Ctrl-C, SIGTERM) reach its graceful shutdown directly. The
// npm script `exec`s node, so this process is npm's own child and gets the SIGTERM npm
// forwards (through a shell in between, the shell would die and leave the server running).
//
// A first start does its slow parts at the same time: the web app builds while the API
// (transpiled in seconds) starts the embedded PostgreSQL and migrates; the server waits for
// the web build only before it serves (main.ts), so the first page never misses its files.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStaleConcurrently } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const builds = buildStaleConcurrently(['api', 'web'], { summary: true });
const failed = (error) => {
  console.error(error.message);
  process.exit(1);
};
if (builds.web) {
  builds.web.catch(failed);
  globalThis[Symbol.for('clari.webBuild')] = builds.web;
}
await builds.api?.catch(failed);
await import(path.join(root, 'dist/apps/api/src/main.js'));
