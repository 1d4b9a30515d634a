import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

/** The repository root, found from this file whether it runs from src (tests) or dist. */
function findProjectRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'clari')
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (package.json of "clari")');
    dir = parent;
  }
}

export const PROJECT_ROOT = findProjectRoot(__dirname);
export const FRONTEND_DIST = path.join(PROJECT_ROOT, 'dist', 'frontend');
