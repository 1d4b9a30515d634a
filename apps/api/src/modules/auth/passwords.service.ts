import { BadRequestException, Injectable } from '@nestjs/common';
import { Algorithm, hash, verify } from '@node-rs/argon2';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ACCOUNT_LIMITS } from '@clari/contracts';
import { PROJECT_ROOT } from '../../core/paths';

/** OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane. */
const HASH_OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

const COMMON_PASSWORDS_FILE = path.join(PROJECT_ROOT, 'apps/api/src/modules/auth/data/common-passwords.txt');

@Injectable()
export class PasswordsService {
  private readonly common: Set<string>;
  /** Verified against when the account does not exist, so both cases take the same time. */
  private readonly dummyHash: Promise<string>;

  constructor() {
    this.common = new Set(
      readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => line.toLowerCase()),
    );
    this.dummyHash = hash('not-a-real-password-for-timing', HASH_OPTIONS);
  }

  get commonPasswordCount(): number {
    return this.common.size;
  }

  /** Throws a 400 with a code the SPA translates when the password is not acceptable. */
  assertAcceptable(password: string): void {
    if (password.length < ACCOUNT_LIMITS.passwordMin) {
      throw new BadRequestException({
        message: `Password must be at least ${ACCOUNT_LIMITS.passwordMin} characters long.`,
        code: 'password_too_short',
      });
    }
    if (password.length > ACCOUNT_LIMITS.passwordMax) {
      throw new BadRequestException({
        message: `Password must be at most ${ACCOUNT_LIMITS.passwordMax} characters long.`,
        code: 'password_too_long',
      });
    }
    if (this.common.has(password.toLowerCase())) {
      throw new BadRequestException({
        message: 'This password is too common. Please choose one that is harder to guess.',
        code: 'password_too_common',
      });
    }
  }

  hash(password: string): Promise<string> {
    return hash(password, HASH_OPTIONS);
  }

  async verify(passwordHash: string | undefined, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash ?? (await this.dummyHash), password);
    } catch {
      return false;
    }
  }
}
