import { describe, expect, it } from 'vitest';
import { tokenFromHash } from './token';

describe('the supplier link token', () => {
  it('comes from the fragment’s t parameter', () => {
    expect(tokenFromHash('#t=abc.def.ghi')).toBe('abc.def.ghi');
    expect(tokenFromHash('t=abc')).toBe('abc');
  });

  it('is missing without one, or when it is longer than any link', () => {
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#x=1')).toBeNull();
    expect(tokenFromHash('#t=')).toBeNull();
    expect(tokenFromHash(`#t=${'a'.repeat(4001)}`)).toBeNull();
  });
});
