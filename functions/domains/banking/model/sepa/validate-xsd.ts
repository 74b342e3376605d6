/**
 * Offline validation of our pain files against the ISO 20022 schemas in ./xsd/ (see xsd/SOURCES.md),
 * with xmllint compiled to WebAssembly (`xmllint-wasm`, a dev dependency: only tests use this module),
 * as functions/lib/sii-xml/xsd.ts does for the SII.
 */

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export type PainSchema = 'pain.001.001.03' | 'pain.008.001.02';

export interface PainValidation {
  valid: boolean;
  errors: string[];
}

const XSD_DIRECTORY = fileURLToPath(new URL('./xsd/', import.meta.url));

type ValidateXml = typeof import('xmllint-wasm').validateXML;
let validatorPromise: Promise<ValidateXml> | null = null;

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

export const validatePain = async (xml: string, schema: PainSchema): Promise<PainValidation> => {
  const fileName = `${schema}.xsd`;
  const [contents, validateXML] = await Promise.all([
    readFile(`${XSD_DIRECTORY}${fileName}`, 'utf8'),
    loadValidator(),
  ]);
  const result = await validateXML({
    xml: [{ fileName: 'message.xml', contents: xml }],
    schema: [{ fileName, contents }],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.message.trim()) };
};
