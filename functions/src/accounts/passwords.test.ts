import { afterEach, describe, expect, it } from 'vitest';
import { hashParams, hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  const asked = process.env.KORK_TEST_SCRYPT_N;
  afterEach(() => {
    if (asked === undefined) delete process.env.KORK_TEST_SCRYPT_N;
    else process.env.KORK_TEST_SCRYPT_N = asked;
  });

  it("hashes at OWASP's parameters wherever the test runner is not", () => {
    expect(hashParams({})).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    // A stack started with the test's setting still hashes at full cost.
    expect(hashParams({ KORK_TEST_SCRYPT_N: '1024' })).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  });

  it('takes a cheaper N only under the test runner, and only a power of two from 2^10 below 2^17', () => {
    expect(hashParams({ VITEST: 'true', KORK_TEST_SCRYPT_N: '4096' }).N).toBe(4096);
    for (const n of ['1000', '512', '262144', '131072', 'abc', ''])
      expect(hashParams({ VITEST: 'true', KORK_TEST_SCRYPT_N: n }).N).toBe(2 ** 17);
  });

  it('verifies a hash by the parameters stored with it, whatever new hashes use', async () => {
    process.env.KORK_TEST_SCRYPT_N = '1024';
    const cheap = await hashPassword('Vinkjeller2026');
    expect(cheap.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
    delete process.env.KORK_TEST_SCRYPT_N;
    expect(await verifyPassword('Vinkjeller2026', cheap)).toBe(true);
    expect(await verifyPassword('Vinkjeller2025', cheap)).toBe(false);
    expect(await verifyPassword('Vinkjeller2026', undefined)).toBe(false);
  });
});
