import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseEnv } from 'node:util';

/**
 * Reads `.env` from the working directory into the environment when there is one, parsed by
 * Node's own reader (`util.parseEnv`, the format of `--env-file`): variables already set in the
 * environment win. Returns the file read, or null. `.env.example` lists every variable.
 */
export function readEnvFile(cwd: string = process.cwd(), env: NodeJS.ProcessEnv = process.env): string | null {
  const file = path.join(cwd, '.env');
  if (!existsSync(file)) return null;
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8'))))
    if (env[name] === undefined) env[name] = value;
  return file;
}
