/**
 * Offline XSD validation of SII messages against the AEAT's v1.1 schemas (reference/verifactu-sii.md
 * §6), with xmllint compiled to WebAssembly (`xmllint-wasm`), as functions/lib/verifactu-xml does.
 *
 * The schema files live in `./xsd/` (byte-identical copies of shared/data/aeat/sii, see
 * xsd/SOURCES.md). Unlike VeriFacTu's, the SII schemas import nothing remote, so they are used exactly
 * as published. Files are read once and cached.
 *
 * Used by the unit tests and by the local AEAT simulator (infra/local). Validate the message body
 * (SuministroLRFacturasEmitidas, ConsultaLRFacturasRecibidas, RespuestaLRFacturasEmitidas, …), never
 * the SOAP envelope (`unwrapSoap` gives the body of an envelope).
 */

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export type SiiSchema = 'SuministroLR' | 'ConsultaLR' | 'RespuestaSuministro' | 'RespuestaConsultaLR';

export interface SiiXmlValidation {
  valid: boolean;
  /** xmllint messages, e.g. "Element '{…}TipoFactura': [facet 'enumeration'] The value 'F9' is not …". */
  errors: string[];
}

interface SchemaFile {
  fileName: string;
  contents: string;
}

/** Every schema file a validation may need (imports are resolved by file name). */
const FILES = [
  'SuministroLR.xsd',
  'SuministroInformacion.xsd',
  'RespuestaSuministro.xsd',
  'ConsultaLR.xsd',
  'RespuestaConsultaLR.xsd',
] as const;

/** Files each main schema imports (directly or not). */
const DEPENDENCIES: Record<SiiSchema, readonly (typeof FILES)[number][]> = {
  SuministroLR: ['SuministroInformacion.xsd'],
  ConsultaLR: ['SuministroInformacion.xsd'],
  RespuestaSuministro: ['SuministroLR.xsd', 'SuministroInformacion.xsd'],
  RespuestaConsultaLR: ['SuministroInformacion.xsd'],
};

/** The folder holding the schema copies, resolved from this module (works from any importer). */
export const SII_XSD_DIRECTORY = fileURLToPath(new URL('./xsd/', import.meta.url));

let filesPromise: Promise<Map<string, SchemaFile>> | null = null;

const loadFiles = (): Promise<Map<string, SchemaFile>> => {
  if (!filesPromise) {
    filesPromise = Promise.all(
      FILES.map(async (fileName) => ({
        fileName,
        contents: await readFile(`${SII_XSD_DIRECTORY}${fileName}`, 'utf8'),
      })),
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

/** Validates a message body (not a SOAP envelope) against one of the SII schemas. */
export const validateSiiXml = async (xml: string, schema: SiiSchema): Promise<SiiXmlValidation> => {
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
