// Writes .env.example from the table in docs/configuration.md (`--check`: fails if it differs),
// so that the example lists every documented variable with its default and what it means.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DOC = join(root, 'docs', 'configuration.md');
const EXAMPLE = join(root, '.env.example');

/** Markdown to plain text: code marks, emphasis and links dropped, the words kept. */
const plain = (text) =>
  text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`|\*\*/g, '')
    .replace(/_\(([^)]*)\)_/g, '($1)')
    .trim();

/** The first sentence of a cell (a full stop followed by a space ends it). */
const firstSentence = (text) => {
  const end = text.search(/(?<!\b(?:e\.g|i\.e|etc))\.\s/);
  return end === -1 ? text : text.slice(0, end + 1);
};

export function envExample(markdown) {
  const blocks = [];
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const [names, defaults, meaning] = line
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim());
    const variables = [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]);
    // A default written as one literal value goes after the "="; any other default is said in words.
    // A default that names another variable ("http://localhost:$PORT") is said in words too.
    const literal = /^`([^`$]*)`$/.exec(defaults);
    const lines = [`# ${plain(firstSentence(meaning))}`];
    if (!literal) lines.push(`# Default: ${plain(defaults)}`);
    for (const name of variables) lines.push(`# ${name}=${literal && variables.length === 1 ? literal[1] : ''}`);
    blocks.push(lines.join('\n'));
  }
  return [
    "# Clari's configuration. Copy this file to .env (read at start when present; variables already set",
    '# in the environment win) and uncomment what you change; every variable is optional. Written from',
    '# docs/configuration.md by `node scripts/env-example.mjs`: edit the table there, not this file.',
    '',
    blocks.join('\n\n'),
    '',
  ].join('\n');
}

const expected = envExample(readFileSync(DOC, 'utf8'));
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(EXAMPLE, 'utf8');
  } catch {
    // A missing file differs like a stale one.
  }
  if (current !== expected) {
    console.error('.env.example differs from docs/configuration.md: run `node scripts/env-example.mjs`.');
    process.exit(1);
  }
  console.log('.env.example matches docs/configuration.md.');
} else {
  writeFileSync(EXAMPLE, expected);
  console.log('Wrote .env.example.');
}
