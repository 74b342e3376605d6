import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildSuministroXml } from './suministro';
import { header, issuedDomestic, receivedDomestic } from './testing/records';
import { SII_XSD_DIRECTORY, validateSiiXml } from './xsd';

/** The project's reference copy of the AEAT files (outside the repository; absent on CI). */
const SHARED = fileURLToPath(new URL('../../../../shared/data/aeat/sii/', import.meta.url));

const AEAT_FILES = [
  'SuministroLR.xsd',
  'SuministroInformacion.xsd',
  'RespuestaSuministro.xsd',
  'ConsultaLR.xsd',
  'RespuestaConsultaLR.xsd',
  'SuministroFactEmitidas.wsdl',
  'SuministroFactRecibidas.wsdl',
  'SuministroBienesInversion.wsdl',
  'SuministroOpIntracomunitarias.wsdl',
  'SuministroCobrosEmitidas.wsdl',
  'SuministroPagosRecibidas.wsdl',
];

describe('the schema copies (xsd/SOURCES.md)', () => {
  it('holds exactly the AEAT files listed, plus SOURCES.md', () => {
    expect(readdirSync(SII_XSD_DIRECTORY).sort()).toEqual([...AEAT_FILES, 'SOURCES.md'].sort());
  });

  it.skipIf(!existsSync(SHARED))('are byte-identical to shared/data/aeat/sii', () => {
    for (const file of AEAT_FILES) {
      const ours = readFileSync(`${SII_XSD_DIRECTORY}${file}`);
      const reference = readFileSync(`${SHARED}${file}`);
      expect(ours.equals(reference), file).toBe(true);
    }
  });
});

describe('validateSiiXml', () => {
  const valid = buildSuministroXml('FE', header, 'A0', [issuedDomestic()]);

  it('accepts a built message', async () => {
    expect(await validateSiiXml(valid, 'SuministroLR')).toEqual({ valid: true, errors: [] });
  });

  it('rejects a wrong value, a wrong date format and an element out of order, naming each', async () => {
    const broken = valid
      .replace('<sii:TipoFactura>F1<', '<sii:TipoFactura>F9<')
      .replace('>15-01-2027<', '>2027-01-15<');
    const r = await validateSiiXml(broken, 'SuministroLR');
    expect(r.valid).toBe(false);
    expect(
      r.errors.some((e) => e.includes('TipoFactura') && e.includes("'F9'") && e.includes('enumeration')),
    ).toBe(true);
    expect(
      r.errors.some((e) => e.includes('FechaExpedicionFacturaEmisor') && e.includes("'2027-01-15'")),
    ).toBe(true);

    // DescripcionOperacion moved before ImporteTotal: the XSD sequence is violated.
    const total = '<sii:ImporteTotal>1430.00</sii:ImporteTotal>';
    const description = /<sii:DescripcionOperacion>.*?<\/sii:DescripcionOperacion>/.exec(valid)![0];
    const swapped = valid.replace(total + description, description + total);
    expect(swapped).not.toBe(valid);
    const order = await validateSiiXml(swapped, 'SuministroLR');
    expect(order.valid).toBe(false);
    expect(order.errors.join('\n')).toMatch(/ImporteTotal': This element is not expected/);
  });

  it('rejects an amount with a comma, a 13-digit amount and a rate with a sign', async () => {
    const r = await validateSiiXml(
      valid
        .replace('<sii:ImporteTotal>1430.00<', '<sii:ImporteTotal>1430,00<')
        .replace('<sii:BaseImponible>1000.00<', '<sii:BaseImponible>1000000000000.00<')
        .replace('<sii:TipoImpositivo>21.00<', '<sii:TipoImpositivo>-21.00<'),
      'SuministroLR',
    );
    expect(r.valid).toBe(false);
    expect(r.errors.some((e) => e.includes('ImporteTotal') && e.includes("'1430,00'"))).toBe(true);
    expect(r.errors.some((e) => e.includes('BaseImponible') && e.includes("'1000000000000.00'"))).toBe(true);
    expect(r.errors.some((e) => e.includes('TipoImpositivo') && e.includes("'-21.00'"))).toBe(true);
  });

  it('rejects a message in the wrong namespace and one missing a required element', async () => {
    const noNamespace = await validateSiiXml(
      valid.replace('/SuministroLR.xsd"', '/SuministroLRX.xsd"'),
      'SuministroLR',
    );
    expect(noNamespace.valid).toBe(false);
    expect(noNamespace.errors.join('\n')).toContain('No matching global declaration');
    const fr = buildSuministroXml('FR', header, 'A0', [receivedDomestic()]);
    const noContraparte = fr.replace(/<sii:Contraparte>.*?<\/sii:Contraparte>/, '');
    const r = await validateSiiXml(noContraparte, 'SuministroLR');
    expect(r.valid).toBe(false);
    expect(r.errors.join('\n')).toMatch(
      /FechaRegContable': This element is not expected. Expected is .*Contraparte/,
    );
  });

  it('reports malformed XML as invalid instead of throwing', async () => {
    const r = await validateSiiXml('<not-closed>', 'RespuestaSuministro');
    expect(r.valid).toBe(false);
    expect(r.errors.length).toBeGreaterThan(0);
  });

  it('validates concurrently against different schemas (cached files, independent runs)', async () => {
    const results = await Promise.all([
      validateSiiXml(valid, 'SuministroLR'),
      validateSiiXml(valid.replace('>F1<', '>F9<'), 'SuministroLR'),
      validateSiiXml(valid, 'ConsultaLR'),
      validateSiiXml(valid, 'SuministroLR'),
    ]);
    expect(results.map((r) => r.valid)).toEqual([true, false, false, true]);
  });
});
