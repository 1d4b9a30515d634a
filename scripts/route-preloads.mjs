// After `vite build`: what each route of the SPA loads at once, worked out from the app's own
// route table (frontend/src/app/router.tsx), so that the server can name it in the page it sends
// (core/web/spa.ts). Without it the browser learns a page's chunks only once the first-load
// chunk has arrived and run: a round trip and the app's start later on a phone.
//
// Writes dist/frontend/.vite/route-preloads.json: the route table as data (path, index, the
// chunk files of the lazy pages and layouts each route renders, and its early reads), plus the
// files and reads of the signed-in shell. The route table is evaluated by Vite's module runner,
// in a DOM of jsdom (the app's modules touch `document` as they load); every
// `lazyPage(() => import('…'))` is marked with the module it loads, and the build's manifest
// (.vite/manifest.json) gives that module's chunk and the chunks it imports.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { runnerImport } from 'vite';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.join(repo, 'frontend');
// Read by the server as core/web/route-preloads.ts's ROUTE_PRELOADS_FILE.
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** `lazyPage(() => import('…'))`, the one form the app uses (anything else fails the build). */
const LAZY_PAGE_CALL = /\blazyPage\(\s*\(\)\s*=>\s*import\(\s*(['"])([^'"\n]+)\1\s*\)\s*\)/g;

/**
 * Marks each lazy page with the module it loads (relative to the Vite root, as the build's
 * manifest names it): `Object.assign(lazyPage(() => import('./X')), { sourceModule: 'src/…/X.tsx' })`.
 */
function markLazyPages() {
  return {
    name: 'clari-mark-lazy-pages',
    enforce: 'pre',
    async transform(code, id) {
      if (!id.startsWith(`${root}/src/`) || id.endsWith('/lib/lazy-page.ts') || !code.includes('lazyPage(')) return;
      const calls = [...code.matchAll(LAZY_PAGE_CALL)];
      const uses = code.match(/\blazyPage\(/g)?.length ?? 0;
      if (calls.length !== uses)
        throw new Error(`${path.relative(repo, id)}: lazyPage must be called as lazyPage(() => import('…'))`);
      let marked = '';
      let from = 0;
      for (const call of calls) {
        const resolved = await this.resolve(call[2], id);
        if (!resolved) throw new Error(`${path.relative(repo, id)}: cannot resolve ${call[2]}`);
        const sourceModule = path.relative(root, resolved.id).split(path.sep).join('/');
        marked += `${code.slice(from, call.index)}Object.assign(${call[0]}, { sourceModule: ${JSON.stringify(sourceModule)} })`;
        from = call.index + call[0].length;
      }
      return { code: marked + code.slice(from), map: null };
    },
  };
}

/** The app's route table and signed-in shell, evaluated as the browser would. */
async function loadRouteTable() {
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url: 'http://localhost/' });
  const browserGlobals = ['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage'];
  const before = Object.fromEntries(
    browserGlobals.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]),
  );
  for (const name of browserGlobals)
    Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true });
  try {
    const { module } = await runnerImport(path.join(root, 'src/app/router.tsx'), {
      configFile: false,
      root,
      logLevel: 'error',
      resolve: {
        alias: [
          { find: /^@clari\/contracts$/, replacement: `${repo}/libs/contracts/src/index.ts` },
          { find: /^@clari\/contracts\/(languages|timing)$/, replacement: `${repo}/libs/contracts/src/$1.ts` },
          { find: '@locales', replacement: `${repo}/locales` },
        ],
      },
      plugins: [markLazyPages()],
    });
    return { routes: module.routes, signedInShell: module.signedInShell };
  } finally {
    for (const name of browserGlobals) {
      if (before[name]) Object.defineProperty(globalThis, name, before[name]);
      else delete globalThis[name];
    }
    dom.window.close();
  }
}

/** Every element a route renders as written in the table (the element, its children, …). */
function elementsOf(node, found = []) {
  if (Array.isArray(node)) {
    for (const child of node) elementsOf(child, found);
    return found;
  }
  if (!node || typeof node !== 'object' || !('$$typeof' in node)) return found;
  found.push(node);
  elementsOf(node.props?.children, found);
  return found;
}

/**
 * An early read as a path; one that depends on the address's parameters has `~name~` in their
 * place, which the server fills in (`~` is left as it is by encodeURIComponent).
 */
function readPath(read) {
  if (typeof read === 'string') return read;
  const params = new Proxy({}, { get: (_target, name) => (typeof name === 'string' ? `~${name}~` : undefined) });
  const built = read(params);
  return typeof built === 'string' ? built : undefined;
}

/** A manifest entry's chunk file and the files of every chunk it imports, transitively. */
function chunkClosure(manifest, key) {
  if (!manifest[key]) throw new Error(`the build's manifest has no chunk for ${key}`);
  const files = [];
  const visit = (entry) => {
    const chunk = manifest[entry];
    if (files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

function describeRoutes(routes, chunkFiles) {
  return routes.map((route) => {
    const files = [
      ...new Set(
        elementsOf(route.element)
          .map((element) => element.type?.sourceModule)
          .filter(Boolean)
          .flatMap(chunkFiles),
      ),
    ];
    const reads = (route.handle?.earlyRequests ?? []).map(readPath).filter(Boolean);
    return {
      ...(route.path !== undefined ? { path: route.path } : {}),
      ...(route.index ? { index: true } : {}),
      ...(route.caseSensitive ? { caseSensitive: true } : {}),
      files,
      reads,
      ...(route.children ? { children: describeRoutes(route.children, chunkFiles) } : {}),
    };
  });
}

const dist = path.resolve(process.argv[2] ?? path.join(repo, 'dist/frontend'));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
// What the page always loads (the entry's chunks) is already named in index.html.
const initial = new Set(chunkClosure(manifest, 'index.html'));
const chunkFiles = (sourceModule) => chunkClosure(manifest, sourceModule).filter((file) => !initial.has(file));
const { routes, signedInShell } = await loadRouteTable();
if (!Array.isArray(routes) || !signedInShell) throw new Error('router.tsx exports no routes or signedInShell');
const preloads = {
  routes: describeRoutes(routes, chunkFiles),
  signedIn: {
    files: [...new Set(signedInShell.pages.flatMap((page) => chunkFiles(page.sourceModule)))],
    reads: [...signedInShell.earlyRequests],
  },
};
writeFileSync(path.join(dist, ROUTE_PRELOADS_FILE), `${JSON.stringify(preloads, null, 1)}\n`);
if (process.env.BUILD_OUTPUT !== 'summary') {
  const count = (list) => list.reduce((sum, route) => sum + 1 + count(route.children ?? []), 0);
  console.log(`route preloads: ${count(preloads.routes)} routes → ${ROUTE_PRELOADS_FILE}`);
}
