import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { devProxy } from '../scripts/dev-proxy.mjs';
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

/**
 * React ships as CommonJS, and the bundler gives every module that imports it its own ES-module
 * view (`__toESM` copies React's 48 exports as getters): 221 copies over the app, about 40 ms of
 * the app's start on a desktop and four times that on a phone. One ES module in front of React
 * makes the copy once; every import of `react` reads its named exports directly.
 */
function reactAsOneModule(): Plugin {
  const facade = '\0clari-react';
  // Both of React's builds: a build in development mode takes the other file (it adds `act`, …).
  const load = createRequire(import.meta.url);
  const exportNames = [
    ...new Set(
      ['production', 'development'].flatMap((build) =>
        Object.keys(load(`${repo}node_modules/react/cjs/react.${build}.js`) as object),
      ),
    ),
  ];
  if (!exportNames.every((name) => /^[A-Za-z_$][\w$]*$/.test(name)))
    throw new Error(`React exports a name that is no identifier: ${exportNames.join(', ')}`);
  return {
    name: 'clari-react-as-one-module',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      // The facade's own import of React goes to React itself.
      if (source === 'react' && importer !== facade) return facade;
      return undefined;
    },
    load(id) {
      if (id !== facade) return undefined;
      return `import React from 'react';\nexport default React;\nexport const { ${exportNames.join(', ')} } = React;\n`;
    },
    generateBundle(_options, bundle) {
      const used = Object.values(bundle).some((file) => file.type === 'chunk' && facade in file.modules);
      if (!used) this.error('React was bundled without its one-module facade');
    },
  };
}

/**
 * The modules the first load of `/` needs: everything the entry imports statically, and the
 * landing page's own imports. Found from the module graph once it is complete (`buildEnd`, before
 * chunking) and put into one chunk: a slow phone then opens a few connections for the first
 * load instead of one per shared module, each a round trip on a slow network.
 */
function firstLoadChunk() {
  const firstLoad = new Set<string>();
  const plugin: Plugin = {
    name: 'clari-first-load-chunk',
    apply: 'build',
    buildEnd(error) {
      // A failed build reports its own error; a rebuild (watch mode) starts from an empty set.
      firstLoad.clear();
      if (error) return;
      const visit = (id: string) => {
        if (firstLoad.has(id)) return;
        firstLoad.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      const ids = [...this.getModuleIds()];
      const entry = ids.find((id) => id === `${root}src/main.tsx`);
      const landing = ids.find((id) => id === `${root}src/features/landing/LandingPage.tsx`);
      if (!entry || !landing) throw new Error('first-load chunk: main.tsx or LandingPage.tsx not in the graph');
      visit(entry);
      visit(landing);
      // The landing page stays its own chunk (a page of its own); its imports come with the first load.
      firstLoad.delete(landing);
      // No other page, and nothing of the chat panel, may come with the first load.
      const misplaced = [...firstLoad].filter((id) =>
        /[\\/]src[\\/](features[\\/](?!landing[\\/])|components[\\/]assistant[\\/])/.test(id),
      );
      if (misplaced.length)
        this.error(`the first load of / would carry ${misplaced.map((id) => id.slice(root.length)).join(', ')}`);
    },
  };
  return { plugin, test: (id: string) => firstLoad.has(id) };
}
const firstLoad = firstLoadChunk();

/**
 * React Router's package points every import at its development build (warnings and checks
 * included), production too (remix-run/react-router#14102): a production build takes the
 * production files the package ships beside them.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${repo}node_modules/react-router/dist/production/index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${repo}node_modules/react-router/dist/production/dom-export.mjs` },
];

export default defineConfig(({ command }) => ({
  root,
  // `npm start` builds with BUILD_OUTPUT=summary: warnings only, no line per chunk.
  logLevel: process.env.BUILD_OUTPUT === 'summary' ? 'warn' : 'info',
  plugins: [react(), reactAsOneModule(), precompressed(), firstLoad.plugin],
  resolve: {
    alias: [
      // The first load imports single modules of the contracts (languages, timing): importing
      // the index there would put every feature's tables into the entry chunk.
      { find: /^@clari\/contracts$/, replacement: `${repo}libs/contracts/src/index.ts` },
      { find: /^@clari\/contracts\/(languages|timing)$/, replacement: `${repo}libs/contracts/src/$1.ts` },
      { find: '@locales', replacement: `${repo}locales` },
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  build: {
    outDir: `${repo}dist/frontend`,
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // The first load is one chunk on purpose (about 540 KB before compression, 165 KB gz).
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'app', test: firstLoad.test }] } },
    },
  },
  server: {
    port: 5173,
    // Every API prefix, to the API on PORT; a page load of a prefix the SPA shares stays with Vite.
    proxy: devProxy(),
  },
}));
