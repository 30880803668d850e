import argon2 from 'argon2';

/**
 * argon2id password hashes. The defaults follow OWASP's minimum for argon2id
 * (19 MiB memory, 2 passes, 1 lane): about a tenth of a second here, slow
 * enough to make stolen hashes expensive, quick enough for a login.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the time a verify would, for logins of unknown accounts: the answer time tells nobody who has an account. */
  verifyNothing(password: string): Promise<false>;
}

export interface Argon2Options {
  readonly memoryCost?: number;
  readonly timeCost?: number;
  readonly parallelism?: number;
}

export function argon2Hasher(options: Argon2Options = {}): PasswordHasher {
  const settings = {
    type: argon2.argon2id,
    memoryCost: options.memoryCost ?? 19_456,
    timeCost: options.timeCost ?? 2,
    parallelism: options.parallelism ?? 1,
  } as const;
  let decoy: Promise<string> | undefined;
  return {
    hash: (password) => argon2.hash(password.normalize('NFC'), settings),
    async verify(hash, password) {
      try {
        return await argon2.verify(hash, password.normalize('NFC'));
      } catch {
        // A hash that does not parse never matches.
        return false;
      }
    },
    async verifyNothing(password) {
      decoy ??= argon2.hash('decoy password that matches nothing', settings);
      await argon2.verify(await decoy, password).catch(() => false);
      return false;
    },
  };
}
