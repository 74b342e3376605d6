/**
 * Validation of SII message bodies against the official v1.1 schemas (reference/verifactu-sii.md §6),
 * with xmllint compiled to WebAssembly, as the AEAT does before anything else (a body that breaks
 * the schema is answered with the SOAP Fault `Codigo[4102]`).
 *
 * The schemas are read from the repository's copy, functions/lib/sii-xml/xsd/ (see its SOURCES.md;
 * read as files, not imported: the simulator does not use the product's SII code). The SII schemas
 * import each other by file name and need no network (no xmldsig in SII).
 */

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type SiiSchema = 'SuministroLR' | 'ConsultaLR' | 'RespuestaSuministro' | 'RespuestaConsultaLR';

export interface SiiXmlValidation {
  valid: boolean;
  /** xmllint messages, e.g. "Element '{…}TipoFactura': [facet 'enumeration'] …". */
  errors: string[];
}

/** The repository's copy of the AEAT SII schemas. */
export const SII_XSD_DIRECTORY = fileURLToPath(
  new URL('../../../functions/lib/sii-xml/xsd/', import.meta.url),
);

const DEPENDENCIES: Record<SiiSchema, readonly string[]> = {
  SuministroLR: ['SuministroInformacion.xsd'],
  ConsultaLR: ['SuministroInformacion.xsd'],
  RespuestaSuministro: ['SuministroLR.xsd', 'SuministroInformacion.xsd'],
  RespuestaConsultaLR: ['SuministroInformacion.xsd'],
};

interface SchemaFile {
  fileName: string;
  contents: string;
}

const files = new Map<string, Promise<SchemaFile>>();

function schemaFile(dir: string, fileName: string): Promise<SchemaFile> {
  const full = path.join(dir, fileName);
  let loaded = files.get(full);
  if (!loaded) {
    loaded = readFile(full, 'utf8').then((contents) => ({ fileName, contents }));
    // A failed read is not kept: the next message tries again.
    loaded.catch(() => files.delete(full));
    files.set(full, loaded);
  }
  return loaded;
}

type ValidateXml = typeof import('xmllint-wasm').validateXML;
let validator: Promise<ValidateXml> | null = null;

/** xmllint-wasm is loaded once, lazily (a dev dependency: only tests and the local simulator use it). */
function loadValidator(): Promise<ValidateXml> {
  if (!validator) {
    validator = import('xmllint-wasm').then((m) => {
      const mod = m as unknown as { validateXML?: ValidateXml; default?: { validateXML: ValidateXml } };
      const fn = mod.validateXML ?? mod.default?.validateXML;
      if (!fn) throw new Error('xmllint-wasm: validateXML not found');
      return fn;
    });
    validator.catch(() => {
      validator = null;
    });
  }
  return validator;
}

/** Validates a message body (not the SOAP envelope) against one of the SII schemas. */
export async function validateSiiXml(
  xml: string,
  schema: SiiSchema,
  dir: string = SII_XSD_DIRECTORY,
): Promise<SiiXmlValidation> {
  const [validateXML, main, ...preload] = await Promise.all([
    loadValidator(),
    schemaFile(dir, `${schema}.xsd`),
    ...DEPENDENCIES[schema].map((f) => schemaFile(dir, f)),
  ]);
  const result = await validateXML({
    xml: [{ fileName: 'message.xml', contents: xml }],
    schema: [main],
    preload,
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.message.trim()) };
}
