import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { readEnvFile } from './env-file';

describe('readEnvFile', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'clari-env-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads .env into the environment, leaving variables already set as they are', () => {
    writeFileSync(path.join(dir, '.env'), 'CLARI_ENV_FILE_TEST=from-file\nCLARI_ENV_FILE_SET=from-file # a comment\n');
    const env: NodeJS.ProcessEnv = { CLARI_ENV_FILE_SET: 'from-environment' };
    expect(readEnvFile(dir, env)).toBe(path.join(dir, '.env'));
    expect(env).toEqual({ CLARI_ENV_FILE_TEST: 'from-file', CLARI_ENV_FILE_SET: 'from-environment' });
  });

  it('does nothing without a .env', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(readEnvFile(dir, env)).toBeNull();
    expect(env).toEqual({});
  });
});
