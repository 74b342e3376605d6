import { describe, expect, it } from 'vitest';
import { isSepaIdentifier, sepaText } from './charset';
import { endToEndId, parseEndToEndId } from './end-to-end-id';

describe('SEPA character set', () => {
  it('transliterates Spanish letters and accents', () => {
    expect(sepaText('Peñíscola Cañas & Muñoz, S.L.')).toBe('Peniscola Canas + Munoz, S.L.');
    expect(sepaText('CAFÉ ÀÇÜÑ nº 3')).toBe('CAFE ACUN n. 3');
  });

  it('replaces characters outside the set and collapses spaces, cutting to the maximum', () => {
    expect(sepaText('  Factura #12 — «urgente»  ')).toBe('Factura 12 urgente');
    expect(sepaText('x'.repeat(80), 70)).toHaveLength(70);
  });

  it('checks identifiers', () => {
    expect(isSepaIdentifier('MANDATO-0001')).toBe(true);
    expect(isSepaIdentifier('/abc')).toBe(false);
    expect(isSepaIdentifier('a//b')).toBe(false);
    expect(isSepaIdentifier('Ñ1')).toBe(false);
    expect(isSepaIdentifier('x'.repeat(36))).toBe(false);
  });
});

describe('end-to-end ids', () => {
  it('builds and parses CUADRA-<orderId>-<nnn> within 35 characters', () => {
    const id = endToEndId('P20260310ABCDEF12', 7);
    expect(id).toBe('CUADRA-P20260310ABCDEF12-007');
    expect(id.length).toBeLessThanOrEqual(35);
    expect(parseEndToEndId(id)).toEqual({ orderId: 'P20260310ABCDEF12', index: 7 });
    expect(parseEndToEndId(' cuadra-p1-012 ')).toEqual({ orderId: 'P1', index: 12 });
  });

  it('answers null for ids that are not ours', () => {
    expect(parseEndToEndId('NOTPROVIDED')).toBeNull();
    expect(parseEndToEndId('CUADRA-P1-000')).toBeNull();
    expect(parseEndToEndId('CUADRA-P-1-001')).toBeNull();
    expect(parseEndToEndId('CUADRA-P1-1000')).toBeNull();
  });

  it('refuses ids that would not fit', () => {
    expect(() => endToEndId('A'.repeat(25), 1)).toThrow();
    expect(() => endToEndId('P1', 1000)).toThrow();
  });
});
