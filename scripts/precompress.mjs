// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the built SPA,
// so the server sends them as they are instead of compressing each answer again (see
// apps/api/src/core/web/spa.ts). Run by the Vite build after it writes its files.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|map)$/;
/** Files below this are sent as they are: compression would not pay for its header. */
export const PRECOMPRESS_MIN_BYTES = 1024;

/** 10, not the maximum 11: within 2% of its size at about a third of its time, which every cold start pays. */
const BROTLI_QUALITY = 10;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* walk(full);
    } else if (COMPRESSIBLE.test(entry.name)) {
      yield full;
    }
  }
}

/** Compresses every file under `dir` (in parallel; zlib runs in libuv's thread pool). Returns what it wrote. */
export async function precompress(dir) {
  const jobs = [];
  for await (const file of walk(dir)) {
    jobs.push(
      (async () => {
        const content = await readFile(file);
        if (content.length < PRECOMPRESS_MIN_BYTES) return null;
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        return { file, raw: content.length, br: br.length, gz: gz.length };
      })(),
    );
  }
  return (await Promise.all(jobs)).filter(Boolean);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const written = await precompress(path.resolve(process.argv[2] ?? 'dist/frontend'));
  const sum = (key) => written.reduce((total, entry) => total + entry[key], 0);
  console.log(
    `precompressed ${written.length} files in ${Math.round(performance.now() - started)} ms: ${sum('raw')} bytes → brotli ${sum('br')}, gzip ${sum('gz')}`,
  );
}
