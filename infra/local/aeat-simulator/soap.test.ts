import { describe, expect, it } from 'vitest';
import { toCents } from './rules';
import { extractBodyElement, NS, parseXml, SOAP_ENV_NS } from './soap';
import { madridTimestamp } from './time';

describe('extractBodyElement', () => {
  it('carries the namespaces declared on Envelope and Body onto the message element', () => {
    const env = `<?xml version="1.0"?><S:Envelope xmlns:S='${SOAP_ENV_NS}' xmlns:sum="${NS.sfLR}"><S:Header/><S:Body xmlns:sum1="${NS.sf}"><!-- c --><sum:RegFactuSistemaFacturacion><sum:Cabecera><sum1:ObligadoEmision/></sum:Cabecera></sum:RegFactuSistemaFacturacion></S:Body></S:Envelope>`;
    const r = extractBodyElement(env);
    expect(r).toMatchObject({ ok: true, localName: 'RegFactuSistemaFacturacion', namespace: NS.sfLR });
    if (!r.ok) return;
    expect(r.xml).toMatch(/^<sum:RegFactuSistemaFacturacion [^>]*xmlns:sum="[^"]+SuministroLR\.xsd"/);
    expect(r.xml).toContain(`xmlns:sum1="${NS.sf}"`);
    expect(r.xml.endsWith('</sum:RegFactuSistemaFacturacion>')).toBe(true);
    expect(parseXml(r.xml).RegFactuSistemaFacturacion.Cabecera).toBeDefined();
  });

  it('keeps the declarations the message element makes itself, and a default-namespace envelope', () => {
    const env = `<Envelope xmlns="${SOAP_ENV_NS}"><Body><c:ConsultaFactuSistemaFacturacion xmlns:c="${NS.sfLRC}"/></Body></Envelope>`;
    expect(extractBodyElement(env)).toMatchObject({
      ok: true,
      localName: 'ConsultaFactuSistemaFacturacion',
      namespace: NS.sfLRC,
    });
  });

  it('refuses what is not a SOAP 1.1 envelope with a body', () => {
    expect(extractBodyElement('<a/>')).toMatchObject({ ok: false });
    expect(
      extractBodyElement('<e:Envelope xmlns:e="urn:x"><e:Body><x/></e:Body></e:Envelope>'),
    ).toMatchObject({
      ok: false,
    });
    expect(
      extractBodyElement(`<e:Envelope xmlns:e="${SOAP_ENV_NS}"><e:Body> </e:Body></e:Envelope>`),
    ).toMatchObject({
      ok: false,
    });
  });
});

describe('helpers', () => {
  it('reads AEAT amounts as céntimos', () => {
    expect(toCents('121.1')).toBe(12110);
    expect(toCents('-12.05')).toBe(-1205);
    expect(toCents('+7')).toBe(700);
    expect(toCents('1.234')).toBeUndefined();
    expect(toCents(undefined)).toBeUndefined();
  });

  it('writes the AEAT clock in Europe/Madrid with its offset', () => {
    expect(madridTimestamp(new Date('2027-01-15T09:30:00.700Z'))).toBe('2027-01-15T10:30:00+01:00');
    expect(madridTimestamp(new Date('2027-07-15T09:30:00Z'))).toBe('2027-07-15T11:30:00+02:00');
  });
});
