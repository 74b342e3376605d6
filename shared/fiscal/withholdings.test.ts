import { describe, expect, it } from 'vitest';
import {
  canonicalWithholdingKey,
  DIVIDEND_KEYS_193,
  defaultWithholding,
  isKey193,
  isKey296,
  isKeyOfKind,
  LEGACY_WITHHOLDING_KEYS,
  WITHHOLDING_KIND_INFO,
  WITHHOLDING_KINDS,
} from './withholdings';

describe('the kinds’ keys', () => {
  it('fit the aggregate key grammar, and each default is one of its kind’s', () => {
    for (const kind of WITHHOLDING_KINDS) {
      const info = WITHHOLDING_KIND_INFO[kind];
      for (const k of info.keys) expect(k.key, `${kind} ${k.key}`).toMatch(/^[-0-9A-Z]{1,4}$/);
      expect(new Set(info.keys.map((k) => k.key)).size).toBe(info.keys.length);
      expect(isKeyOfKind(kind, info.defaultKey)).toBe(true);
    }
  });

  it('are the 193’s perception keys with their naturalezas (capital) and the 296’s claves and subclaves', () => {
    for (const k of WITHHOLDING_KIND_INFO.CAPITAL.keys) expect(isKey193(k.key), k.key).toBe(true);
    for (const k of WITHHOLDING_KIND_INFO.NON_RESIDENT.keys) expect(isKey296(k.key), k.key).toBe(true);
    // Loan interest from a partner or a third party (193 B, naturaleza 03) by default.
    expect(WITHHOLDING_KIND_INFO.CAPITAL.defaultKey).toBe('B03');
    expect(WITHHOLDING_KIND_INFO.NON_RESIDENT.defaultKey).toBe('2501');
  });
});

describe('the 193 and 296 key lists (AEAT DR193 ejercicio 2019, DR296 ejercicio 2017)', () => {
  it('isKey193: A01-A08, B01-B07, C01-C14, D01-D07', () => {
    for (const key of ['A01', 'A08', 'B03', 'B07', 'C12', 'C14', 'D01', 'D07'])
      expect(isKey193(key)).toBe(true);
    for (const key of ['A00', 'A09', 'B08', 'C15', 'D08', 'E01', 'B3', 'B003', 'b03', 'DIV', 'INT', 'OTH']) {
      expect(isKey193(key), key).toBe(false);
    }
  });

  it('isKey296: claves 01-25 with subclaves 01-11', () => {
    for (const key of ['0101', '0201', '1901', '2501', '2511']) expect(isKey296(key)).toBe(true);
    for (const key of ['0001', '2601', '0100', '0112', '191', '-', 'G01'])
      expect(isKey296(key), key).toBe(false);
  });

  it('the 123’s dividends are every naturaleza of the perception key A', () => {
    expect(DIVIDEND_KEYS_193).toEqual(['A01', 'A02', 'A03', 'A04', 'A05', 'A06', 'A07', 'A08']);
  });
});

describe('keys stored before the 193 and 296 lists', () => {
  it('canonicalWithholdingKey reads each legacy key as the real one it stands for', () => {
    expect(canonicalWithholdingKey('CAPITAL', 'DIV')).toBe('A02');
    expect(canonicalWithholdingKey('CAPITAL', 'INT')).toBe('B03');
    expect(canonicalWithholdingKey('CAPITAL', 'OTH')).toBe('C12');
    expect(canonicalWithholdingKey('NON_RESIDENT', '-')).toBe('2501');
  });

  it('leaves every other key, and another kind’s legacy-looking key, as it is', () => {
    expect(canonicalWithholdingKey('CAPITAL', 'B06')).toBe('B06');
    expect(canonicalWithholdingKey('RENT', '-')).toBe('-');
    expect(canonicalWithholdingKey('PROFESSIONAL', 'DIV')).toBe('DIV');
    expect(canonicalWithholdingKey('CAPITAL', 'constructor')).toBe('constructor');
  });

  it('maps to keys of the kind, and no legacy key is accepted as a key of its kind any more', () => {
    for (const [kind, map] of Object.entries(LEGACY_WITHHOLDING_KEYS)) {
      for (const [legacy, real] of Object.entries(map ?? {})) {
        expect(isKeyOfKind(kind as 'CAPITAL', legacy), `${kind} ${legacy}`).toBe(false);
        expect(isKeyOfKind(kind as 'CAPITAL', real), `${kind} ${real}`).toBe(true);
      }
    }
  });

  it('defaultWithholding reads a remembered legacy key as its real one', () => {
    expect(defaultWithholding({ withholdingKind: 'CAPITAL', withholdingKey: 'DIV' })).toEqual({
      kind: 'CAPITAL',
      key: 'A02',
    });
    expect(defaultWithholding({ withholdingKind: 'NON_RESIDENT', withholdingKey: '-' })).toEqual({
      kind: 'NON_RESIDENT',
      key: '2501',
    });
    expect(defaultWithholding({ withholdingKind: 'CAPITAL', withholdingKey: 'C04' })).toEqual({
      kind: 'CAPITAL',
      key: 'C04',
    });
    expect(defaultWithholding({ withholdingKind: 'CAPITAL', withholdingKey: 'G01' })).toEqual({
      kind: 'CAPITAL',
      key: 'B03',
    });
  });
});
