import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256HexUpper } from './sha256';

const node = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex').toUpperCase();

describe('sha256', () => {
  it('gives the FIPS 180-4 digests of the empty string and "abc"', () => {
    expect(sha256HexUpper('')).toBe('E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855');
    expect(sha256HexUpper('abc')).toBe('BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD');
  });

  it('equals node:crypto on any text, across block boundaries (55, 56, 64 bytes) and in UTF-8', () => {
    for (const n of [55, 56, 63, 64, 65, 119, 120])
      expect(sha256HexUpper('a'.repeat(n))).toBe(node('a'.repeat(n)));
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => sha256HexUpper(s) === node(s)),
    );
  });
});
