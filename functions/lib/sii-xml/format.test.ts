import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aeatDate,
  amount,
  boundedText,
  escapeXml,
  FieldError,
  isoFromAeatDate,
  isoFromAeatTimestamp,
  nif,
  period,
  rate,
} from './format';
import { unwrapSoap, wrapSoap } from './soap';

/** ImporteSgn12.2Type and Tipo2.2Type, as the XSD writes them. */
const IMPORTE = /^(\+|-)?\d{1,12}(\.\d{0,2})?$/;
const TIPO = /^\d{1,3}(\.\d{0,2})?$/;

describe('amount (céntimos → ImporteSgn12.2Type)', () => {
  it('writes euros with a dot and two decimals, negative allowed', () => {
    expect(amount('x', 0)).toBe('0.00');
    expect(amount('x', 5)).toBe('0.05');
    expect(amount('x', 123_450)).toBe('1234.50');
    expect(amount('x', -950)).toBe('-9.50');
    expect(amount('x', 999_999_999_999_99)).toBe('999999999999.99');
  });

  it('round-trips every integer amount the schema can hold', () => {
    fc.assert(
      fc.property(fc.integer({ min: -999_999_999_999_99, max: 999_999_999_999_99 }), (cents) => {
        const text = amount('x', cents);
        expect(text).toMatch(IMPORTE);
        expect(Math.round(Number(text) * 100)).toBe(cents);
      }),
    );
  });

  it('refuses fractions of a céntimo and amounts beyond 12 integer digits', () => {
    expect(() => amount('BaseImponible', 0.5)).toThrow(
      new FieldError('BaseImponible no es un importe en céntimos enteros (0.5).'),
    );
    expect(() => amount('BaseImponible', 1_000_000_000_000_00)).toThrow(/supera el importe máximo/);
    expect(() => amount('BaseImponible', Number.NaN)).toThrow(FieldError);
  });
});

describe('rate (basis points → Tipo2.2Type)', () => {
  it('writes a percentage', () => {
    expect(rate('t', 2100)).toBe('21.00');
    expect(rate('t', 520)).toBe('5.20');
    expect(rate('t', 175)).toBe('1.75');
    expect(rate('t', 0)).toBe('0.00');
    expect(rate('t', 10_000)).toBe('100.00');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), (bp) => {
        expect(rate('t', bp)).toMatch(TIPO);
        expect(Math.round(Number(rate('t', bp)) * 100)).toBe(bp);
      }),
    );
  });

  it('refuses negative, fractional and too large rates', () => {
    expect(() => rate('TipoImpositivo', -100)).toThrow(
      'TipoImpositivo no es un porcentaje válido en puntos básicos (-100).',
    );
    expect(() => rate('TipoImpositivo', 21.5)).toThrow(FieldError);
    expect(() => rate('TipoImpositivo', 100_000)).toThrow(FieldError);
  });
});

describe('dates and timestamps', () => {
  it('writes ISO dates as dd-mm-yyyy and reads them back', () => {
    expect(aeatDate('f', '2027-01-05')).toBe('05-01-2027');
    expect(aeatDate('f', '2028-02-29')).toBe('29-02-2028');
    expect(isoFromAeatDate('05-01-2027')).toBe('2027-01-05');
    expect(isoFromAeatDate('2027-01-05')).toBeNull();
  });

  it('refuses what is not a calendar day', () => {
    expect(() => aeatDate('FechaRegContable', '2027-02-29')).toThrow(
      'FechaRegContable no es una fecha válida: 2027-02-29.',
    );
    expect(() => aeatDate('FechaRegContable', '15/01/2027')).toThrow(/no es una fecha ISO/);
    expect(() => aeatDate('FechaRegContable', null)).toThrow(
      'FechaRegContable no es una fecha ISO (AAAA-MM-DD): vacía.',
    );
  });

  it('gives AEAT timestamps the Madrid offset of their moment (summer time changes included)', () => {
    expect(isoFromAeatTimestamp('15-01-2027 10:30:12')).toBe('2027-01-15T10:30:12+01:00');
    expect(isoFromAeatTimestamp('15-07-2027 10:30:12')).toBe('2027-07-15T10:30:12+02:00');
    // 2027: summer time from Sunday 28 March 02:00 (→ 03:00) to Sunday 31 October 03:00 (→ 02:00).
    expect(isoFromAeatTimestamp('28-03-2027 01:59:59')).toBe('2027-03-28T01:59:59+01:00');
    expect(isoFromAeatTimestamp('28-03-2027 03:00:00')).toBe('2027-03-28T03:00:00+02:00');
    expect(isoFromAeatTimestamp('31-10-2027 01:30:00')).toBe('2027-10-31T01:30:00+02:00');
    expect(isoFromAeatTimestamp('31-10-2027 03:00:00')).toBe('2027-10-31T03:00:00+01:00');
    expect(isoFromAeatTimestamp('2027-01-15 10:30:12')).toBeNull();
  });

  it('checks periods and years', () => {
    expect(period({ year: 2027, period: '0A' })).toEqual({ year: '2027', period: '0A' });
    expect(period({ year: 2027, period: '3T' })).toEqual({ year: '2027', period: '3T' });
    expect(() => period({ year: 27, period: '01' })).toThrow(/no es un año válido/);
    expect(() => period({ year: 2027, period: '1' })).toThrow('El periodo de liquidación no es válido (1).');
  });
});

describe('texts and identifiers', () => {
  it('trims descriptive text, never cuts it, counts characters (not UTF-16 units)', () => {
    expect(boundedText('NombreRazon', '  Señor  ', 120)).toBe('Señor');
    expect(boundedText('x', '😀'.repeat(40), 40)).toBe('😀'.repeat(40));
    expect(() => boundedText('DescripcionBienes', 'a'.repeat(41), 40)).toThrow(
      'DescripcionBienes admite como máximo 40 caracteres (tiene 41).',
    );
    expect(() => boundedText('DescripcionOperacion', '   ', 500)).toThrow(
      'DescripcionOperacion es obligatorio.',
    );
    expect(boundedText('Cuenta_O_Medio', '', 34, { required: false })).toBe('');
  });

  it('keeps identifiers exactly as given', () => {
    expect(boundedText('ID', ' X1 ', 20, { trim: false })).toBe(' X1 ');
  });

  it('refuses characters XML 1.0 cannot carry', () => {
    for (const bad of ['a\u0000b', 'a\u001bb', 'a\uD800b', 'a\uFFFEb'])
      expect(() => boundedText('NombreRazon', bad, 120)).toThrow(
        'NombreRazon contiene caracteres que no admite XML.',
      );
    expect(boundedText('NombreRazon', 'Línea 1\nLínea 2\tfin', 120)).toBe('Línea 1\nLínea 2\tfin');
  });

  it('escapes the XML special characters', () => {
    expect(escapeXml(`<a b="c" d='e'>&</a>`)).toBe(
      '&lt;a b=&quot;c&quot; d=&apos;e&apos;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('checks the NIF pattern of the schema', () => {
    for (const ok of ['B12345674', '12345678Z', 'X1234567L', 'N0012345I']) expect(nif('NIF', ok)).toBe(ok);
    for (const bad of ['B1234567', 'ESB12345674', '123456789', 'B-2345674'])
      expect(() => nif('Contraparte/NIF', bad)).toThrow(
        `Contraparte/NIF no tiene el formato de un NIF español (${bad}).`,
      );
    expect(() => nif('IDFactura/IDEmisorFactura/NIF', null)).toThrow(
      'IDFactura/IDEmisorFactura/NIF es obligatorio.',
    );
  });
});

describe('wrapSoap / unwrapSoap', () => {
  it('wraps a body in a SOAP 1.1 envelope and gives it back standalone', () => {
    const body = '<?xml version="1.0" encoding="UTF-8"?>\n<a:X xmlns:a="urn:a"><a:Y>1</a:Y></a:X>';
    const envelope = wrapSoap(body);
    expect(envelope).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header/><soapenv:Body><a:X xmlns:a="urn:a"><a:Y>1</a:Y></a:X></soapenv:Body></soapenv:Envelope>',
    );
    expect(unwrapSoap(envelope)).toBe('<a:X xmlns:a="urn:a"><a:Y>1</a:Y></a:X>');
  });

  it('carries namespace declarations of the envelope onto the body element', () => {
    const envelope =
      '<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/" xmlns:siiR="urn:r" xmlns:other="urn:o"><env:Body Id="Body"><siiR:R><siiR:S/></siiR:R></env:Body></env:Envelope>';
    expect(unwrapSoap(envelope)).toBe('<siiR:R xmlns:siiR="urn:r"><siiR:S/></siiR:R>');
    expect(() => unwrapSoap('<a/>')).toThrow('El mensaje no es un sobre SOAP.');
    expect(() => unwrapSoap('<env:Envelope xmlns:env="x"><env:Body/></env:Envelope>')).toThrow(
      'El sobre SOAP no tiene cuerpo.',
    );
  });
});
