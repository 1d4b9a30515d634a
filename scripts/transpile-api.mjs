// The API's JavaScript without type checking, for `npm start`: each file is transpiled on its
// own (TypeScript's transpileModule with the project's compiler options, decorator metadata
// included), the way ts-jest runs the whole test suite, spread over the machine's cores. It
// takes a few seconds where tsc's checked build takes 10–20; `npm run build:api` and CI keep
// the checked build, and `npm run typecheck` the types.
// Usage: node scripts/transpile-api.mjs
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const ts = require('typescript');

function readConfig() {
  const configFile = path.join(root, 'apps/api/tsconfig.build.json');
  const host = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  };
  const parsed = ts.getParsedCommandLineOfConfigFile(configFile, {}, host);
  if (!parsed) throw new Error(`Cannot read ${configFile}`);
  return parsed;
}

function transpileFiles({ files, options, rootDir, outDir }) {
  // The package is CommonJS, which is what tsc's node20 setting emits for it; a lone file
  // cannot look that up, so it is said here.
  const compilerOptions = {
    ...options,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    incremental: false,
    declaration: false,
    isolatedModules: true,
  };
  for (const file of files) {
    const out = path.join(outDir, path.relative(rootDir, file)).replace(/\.ts$/, '.js');
    const { outputText, sourceMapText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions,
      fileName: file,
    });
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, outputText);
    if (sourceMapText) writeFileSync(`${out}.map`, sourceMapText);
  }
}

/** Writes dist/ (or `outRoot`/dist); resolves to how many files it transpiled. */
export async function transpileApi(outRoot = root) {
  const parsed = readConfig();
  const rootDir = parsed.options.rootDir;
  const outDir = path.join(outRoot, path.relative(root, parsed.options.outDir));
  const options = parsed.options;
  const workers = Math.max(1, Math.min(os.availableParallelism?.() ?? os.cpus().length, 4));
  const chunks = Array.from({ length: workers }, (_, i) => parsed.fileNames.filter((_, n) => n % workers === i));
  await Promise.all(
    chunks.map(
      (files) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(fileURLToPath(import.meta.url), {
            workerData: { files, options, rootDir, outDir },
          });
          worker.once('error', reject);
          worker.once('exit', (code) =>
            code === 0 ? resolve() : reject(new Error(`A transpile worker exited with ${code}`)),
          );
        }),
    ),
  );
  // tsc copies the JSON files the code imports (the locales); all of them here.
  for (const language of readdirSync(path.join(root, 'locales'))) {
    const from = path.join(root, 'locales', language);
    const to = path.join(outDir, 'locales', language);
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from))
      if (name.endsWith('.json')) copyFileSync(path.join(from, name), path.join(to, name));
  }
  return parsed.fileNames.length;
}

if (!isMainThread) {
  transpileFiles(workerData);
  parentPort?.close();
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const count = await transpileApi();
  console.log(`Transpiled ${count} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
