import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../scripts/precompress.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));

/** Brotli and gzip copies of the built files, which the server sends as they are (core/web/spa.ts). */
function precompressed(): Plugin {
  let outDir = '';
  return {
    name: 'clari-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}

export default defineConfig({
  root,
  // `npm start` builds with BUILD_OUTPUT=summary: warnings only, no line per chunk.
  logLevel: process.env.BUILD_OUTPUT === 'summary' ? 'warn' : 'info',
  plugins: [react(), precompressed()],
  resolve: {
    alias: [
      // The first load imports single modules of the contracts (languages, timing): importing
      // the index there would put every feature's tables into the entry chunk.
      { find: /^@clari\/contracts$/, replacement: `${repo}libs/contracts/src/index.ts` },
      { find: /^@clari\/contracts\/(languages|timing)$/, replacement: `${repo}libs/contracts/src/$1.ts` },
      { find: '@locales', replacement: `${repo}locales` },
    ],
  },
  build: {
    outDir: `${repo}dist/frontend`,
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      // The Journal's calls have no /api prefix (part 2 §7); /journal itself stays a Vite route.
      '/transcribe': 'http://localhost:3000',
      '/conversation-to-journal': 'http://localhost:3000',
    },
  },
});
