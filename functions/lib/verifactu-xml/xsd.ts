/**
 * Offline XSD validation of VeriFacTu messages against the official AEAT schemas
 * (reference/verifactu-sii.md §6), with xmllint compiled to WebAssembly (`xmllint-wasm`).
 *
 * The schema files live in `./xsd/` (copies of shared/data/aeat/verifactu, see xsd/SOURCES.md). Two
 * in-memory changes make them work offline: the xmldsig import of SuministroInformacion.xsd points at
 * a W3C URL, rewritten to the local file name; xmldsig-core-schema.xsd carries a DOCTYPE referencing a
 * remote DTD, stripped. Files are read once and cached.
 *
 * Used by the unit tests, and at run time by the local AEAT simulator (infra/local). Validate the
 * message body (RegFactuSistemaFacturacion, ConsultaFactuSistemaFacturacion, …), never the SOAP
 * envelope.
 */

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export type VerifactuSchema = 'SuministroLR' | 'RespuestaSuministro' | 'ConsultaLR' | 'RespuestaConsultaLR';

export interface XmlValidation {
  valid: boolean;
  /** xmllint messages (without the in-memory file name), e.g. "Element '…TipoFactura': [facet 'enumeration'] …". */
  errors: string[];
}

interface SchemaFile {
  fileName: string;
  contents: string;
}

const XMLDSIG_URL = 'http://www.w3.org/TR/xmldsig-core/xmldsig-core-schema.xsd';
const XMLDSIG_FILE = 'xmldsig-core-schema.xsd';

/** Every schema file a validation may need (the imports are resolved by file name). */
const FILES = [
  'SuministroLR.xsd',
  'SuministroInformacion.xsd',
  'RespuestaSuministro.xsd',
  'ConsultaLR.xsd',
  'RespuestaConsultaLR.xsd',
  XMLDSIG_FILE,
] as const;

/** Files each main schema imports (directly or not). */
const DEPENDENCIES: Record<VerifactuSchema, readonly (typeof FILES)[number][]> = {
  SuministroLR: ['SuministroInformacion.xsd', XMLDSIG_FILE],
  RespuestaSuministro: ['SuministroLR.xsd', 'SuministroInformacion.xsd', XMLDSIG_FILE],
  ConsultaLR: ['SuministroInformacion.xsd', XMLDSIG_FILE],
  RespuestaConsultaLR: ['SuministroInformacion.xsd', XMLDSIG_FILE],
};

/** The folder holding the schema copies, resolved from this module (works from any importer). */
export const XSD_DIRECTORY = fileURLToPath(new URL('./xsd/', import.meta.url));

let filesPromise: Promise<Map<string, SchemaFile>> | null = null;

/** Applies the two offline fixes (exported for tests). */
export const prepareSchemaText = (fileName: string, text: string): string => {
  if (fileName === 'SuministroInformacion.xsd') return text.split(XMLDSIG_URL).join(XMLDSIG_FILE);
  if (fileName === XMLDSIG_FILE) return text.replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/, '');
  return text;
};

const loadFiles = (): Promise<Map<string, SchemaFile>> => {
  if (!filesPromise) {
    filesPromise = Promise.all(
      FILES.map(async (fileName) => {
        const text = await readFile(`${XSD_DIRECTORY}${fileName}`, 'utf8');
        return { fileName, contents: prepareSchemaText(fileName, text) };
      }),
    ).then((files) => new Map(files.map((f) => [f.fileName, f])));
    // A failed read is not cached: the next call tries again.
    filesPromise.catch(() => {
      filesPromise = null;
    });
  }
  return filesPromise;
};

type ValidateXml = typeof import('xmllint-wasm').validateXML;
let validatorPromise: Promise<ValidateXml> | null = null;

/** xmllint-wasm is loaded lazily (a dev dependency: only tests and the local simulator use it). */
const loadValidator = (): Promise<ValidateXml> => {
  if (!validatorPromise) {
    validatorPromise = import('xmllint-wasm').then((m) => {
      const mod = m as unknown as { validateXML?: ValidateXml; default?: { validateXML: ValidateXml } };
      const fn = mod.validateXML ?? mod.default?.validateXML;
      if (!fn) throw new Error('xmllint-wasm: validateXML not found');
      return fn;
    });
    validatorPromise.catch(() => {
      validatorPromise = null;
    });
  }
  return validatorPromise;
};

/** Validates an XML document (a message body, not a SOAP envelope) against one of the AEAT schemas. */
export const validateXml = async (xml: string, schema: VerifactuSchema): Promise<XmlValidation> => {
  const [files, validateXML] = await Promise.all([loadFiles(), loadValidator()]);
  const main = files.get(`${schema}.xsd`)!;
  const preload = DEPENDENCIES[schema].map((name) => files.get(name)!);
  const result = await validateXML({
    xml: [{ fileName: 'message.xml', contents: xml }],
    schema: [main],
    preload,
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.message.trim()) };
};
