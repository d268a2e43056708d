/**
 * Password hashing with scrypt at OWASP's parameters (N=2^17, r=8, p=1; 128 MiB, a few hundred ms),
 * from Node's own crypto. The parameters travel with each hash so they can be raised later.
 *
 * Only under the test runner (`VITEST` set) may `KORK_TEST_SCRYPT_N` ask for a cheaper N, so the
 * integration tier's thousands of sign-ups and sign-ins do not each spend a few hundred ms of CPU; a
 * deployed or local stack never reads it (passwords.test.ts holds both).
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const PARAMS = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
/** The cheapest N a test may ask for. */
const TEST_N_MIN = 2 ** 10;

/** The parameters new hashes (and the stand-in hash for an unknown account) use. */
export function hashParams(env: NodeJS.ProcessEnv = process.env): typeof PARAMS {
  const asked = env.VITEST ? Number(env.KORK_TEST_SCRYPT_N) : Number.NaN;
  const powerOfTwo =
    Number.isInteger(asked) && asked >= TEST_N_MIN && asked < PARAMS.N && (asked & (asked - 1)) === 0;
  return powerOfTwo ? { ...PARAMS, N: asked } : PARAMS;
}

function maxmem(N: number, r: number): number {
  return 256 * N * r;
}

export async function hashPassword(password: string): Promise<string> {
  const params = hashParams();
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, {
    ...params,
    maxmem: maxmem(params.N, params.r),
  });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  // Without a stored hash, still spend the same time, so timing does not tell which emails exist.
  const [scheme, n, r, p, salt, key] = (stored ?? dummyHash()).split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const N = Number(n);
  const R = Number(r);
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N,
    r: R,
    p: Number(p),
    maxmem: maxmem(N, R),
  });
  return stored !== undefined && timingSafeEqual(actual, expected);
}

function dummyHash(): string {
  const { N, r, p } = hashParams();
  return `scrypt$${N}$${r}$${p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(32).toString('base64')}`;
}
