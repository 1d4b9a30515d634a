// After tsc: turns require("@clari/contracts") in dist/ into a relative path, so the compiled
// server runs with plain node. Fails if any alias is left behind.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const ALIASES = { '@clari/contracts': path.join(dist, 'libs/contracts/src/index.js') };

function* jsFiles(dir) {
  for (const entry of readdirSync(dir)) {
    if (entry === 'frontend') continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* jsFiles(full);
    else if (full.endsWith('.js')) yield full;
  }
}

let rewritten = 0;
for (const file of jsFiles(dist)) {
  const source = readFileSync(file, 'utf8');
  let output = source;
  for (const [alias, target] of Object.entries(ALIASES)) {
    let relative = path.relative(path.dirname(file), target).split(path.sep).join('/');
    if (!relative.startsWith('.')) relative = `./${relative}`;
    output = output.split(`require("${alias}")`).join(`require("${relative}")`);
    if (output.includes(`"${alias}"`)) throw new Error(`${file} still refers to ${alias}`);
  }
  if (output !== source) {
    writeFileSync(file, output);
    rewritten++;
  }
}
if (process.env.BUILD_OUTPUT !== 'summary') console.log(`Resolved @clari/contracts in ${rewritten} compiled files.`);
