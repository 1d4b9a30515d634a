// `npm start`: builds whatever is missing or older than its sources, then runs the server
// in this process, so signals (Ctrl-C, SIGTERM) reach its graceful shutdown directly. The
// npm script `exec`s node, so this process is npm's own child and gets the SIGTERM npm
// forwards (through a shell in between, the shell would die and leave the server running).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
buildIfStale(['api', 'web'], { summary: true });
await import(path.join(root, 'dist/apps/api/src/main.js'));
