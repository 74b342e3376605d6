/** The banking judge's own N43 writer and IBAN: checked against known values before it judges anything. */

import { describe, expect, it } from 'vitest';
import { prng } from '../accounting-judge/ledger';
import { ccc, ibanOfCcc, n43Bytes, n43Lines, record11, totalsOf } from './n43';
import { mondayOf, overlappingStatement, randomStatement } from './scenario';

describe('banking judge N43 writer', () => {
  it('CCC control digits and IBAN of known accounts (ES91 2100 0418 4502 0005 1332, ES79 2100 0813 6101 2345 6789)', () => {
    expect(ccc({ entity: '2100', office: '0418', accountNumber: '0200051332' })).toBe('21000418450200051332');
    expect(ibanOfCcc('21000418450200051332')).toBe('ES9121000418450200051332');
    expect(ccc({ entity: '2100', office: '0813', accountNumber: '0123456789' })).toBe('21000813610123456789');
    expect(ibanOfCcc('21000813610123456789')).toBe('ES7921000813610123456789');
  });

  it('record 11 puts each field at the booklet positions', () => {
    const l = record11({
      entity: '0049',
      office: '1500',
      accountNumber: '0123456789',
      from: '2026-10-01',
      to: '2026-10-31',
      openingCents: -123_45,
      currency: '978',
      modalidad: 3,
      holder: 'PEÑA IBÁÑEZ SL',
      movements: [],
    });
    expect(l).toHaveLength(80);
    expect(l.slice(0, 2)).toBe('11');
    expect(l.slice(2, 6)).toBe('0049');
    expect(l.slice(20, 26)).toBe('261001');
    expect(l.slice(26, 32)).toBe('261031');
    expect(l.slice(32, 33)).toBe('1');
    expect(l.slice(33, 47)).toBe('00000000012345');
    expect(l.slice(47, 50)).toBe('978');
    expect(l.slice(50, 51)).toBe('3');
    expect(l.slice(51, 77).trimEnd()).toBe('PEÑA IBÁÑEZ SL');
  });

  it('random statements: 80-character records, one byte per character in ISO-8859-1, 33 totals and 88 count consistent', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const rng = prng(seed);
      const g = randomStatement(rng, { holder: 'JUDGE', to: '2026-11-20', accountPrefix: '9' });
      const bytes = n43Bytes(g.lines, { eol: '\r\n', rightTrim: false, ctrlZ: true });
      expect(bytes.length).toBe(g.lines.length * 82 + 1);
      expect(bytes.at(-1)).toBe(0x1a);
      expect(bytes.toString('latin1')).toContain('\r\n');
      const last = g.lines.at(-1)!;
      expect(Number(last.slice(20, 26))).toBe(g.lines.length - 1);
      for (const a of g.accounts) {
        const t = totalsOf(a);
        expect(a.openingCents + a.movements.reduce((s, m) => s + m.amountCents, 0)).toBe(t.closingCents);
      }
      const next = overlappingStatement(rng, g.accounts, '2026-11-26');
      for (const [i, a] of next.accounts.entries()) {
        // The overlap starts where the first statement stood that day: same closing for the shared part.
        const firstA = g.accounts[i]!;
        const shared = a.movements.filter((m) => m.bookingDate <= firstA.to);
        expect(a.openingCents + shared.reduce((s, m) => s + m.amountCents, 0)).toBe(
          totalsOf(firstA).closingCents,
        );
      }
      expect(() => n43Lines(next.accounts)).not.toThrow();
    }
  });

  it('weeks start on Monday', () => {
    expect(mondayOf('2026-11-27')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
  });
});
