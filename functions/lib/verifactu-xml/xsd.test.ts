import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prepareSchemaText, validateXml, XSD_DIRECTORY } from './xsd';

const sample = readFileSync(`${XSD_DIRECTORY}sample-regfactu-alta-anulacion.xml`, 'utf8');

describe('validateXml', () => {
  it('accepts the shared sample (alta + anulación) against SuministroLR.xsd', async () => {
    expect(await validateXml(sample, 'SuministroLR')).toEqual({ valid: true, errors: [] });
  });

  it('rejects a broken copy with the xmllint messages', async () => {
    const broken = sample
      .replace('<sf:TipoFactura>F1<', '<sf:TipoFactura>F9<')
      .replace('>15-01-2027<', '>2027-01-15<');
    const r = await validateXml(broken, 'SuministroLR');
    expect(r.valid).toBe(false);
    expect(r.errors.some((e) => e.includes('TipoFactura') && e.includes("'F9'"))).toBe(true);
    expect(r.errors.some((e) => e.includes('FechaExpedicionFactura') && e.includes("'2027-01-15'"))).toBe(
      true,
    );
  });

  it('rejects a document whose root is not the schema element', async () => {
    const r = await validateXml('<a/>', 'ConsultaLR');
    expect(r.valid).toBe(false);
    expect(r.errors.join('\n')).toContain('No matching global declaration');
  });

  it('reports malformed XML as invalid instead of throwing', async () => {
    const r = await validateXml('<not-closed>', 'RespuestaSuministro');
    expect(r.valid).toBe(false);
    expect(r.errors.length).toBeGreaterThan(0);
  });

  it('validates concurrently (cached files, independent runs)', async () => {
    const results = await Promise.all([
      validateXml(sample, 'SuministroLR'),
      validateXml(sample.replace('>F1<', '>F9<'), 'SuministroLR'),
      validateXml(sample, 'SuministroLR'),
    ]);
    expect(results.map((r) => r.valid)).toEqual([true, false, true]);
  });
});

describe('prepareSchemaText', () => {
  it('points the xmldsig import at the local copy and strips the xmldsig DOCTYPE', () => {
    const info = readFileSync(`${XSD_DIRECTORY}SuministroInformacion.xsd`, 'utf8');
    const fixed = prepareSchemaText('SuministroInformacion.xsd', info);
    expect(fixed).toContain('schemaLocation="xmldsig-core-schema.xsd"');
    expect(fixed).not.toContain('http://www.w3.org/TR/xmldsig-core/');
    const dsig = readFileSync(`${XSD_DIRECTORY}xmldsig-core-schema.xsd`, 'utf8');
    const stripped = prepareSchemaText('xmldsig-core-schema.xsd', dsig);
    expect(dsig).toContain('<!DOCTYPE');
    expect(stripped).not.toContain('<!DOCTYPE');
    expect(stripped).not.toContain('<!ENTITY');
    expect(stripped).toContain('<schema xmlns="http://www.w3.org/2001/XMLSchema"');
    expect(prepareSchemaText('SuministroLR.xsd', 'x')).toBe('x');
  });
});
