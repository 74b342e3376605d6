/**
 * Which e-invoice syntax an XML is, by its root element and namespace, and its reading (issue 17 item 2:
 * an e-invoice is read exactly, before any pixel). Three syntaxes are read:
 *  - Facturae 3.2 / 3.2.1 / 3.2.2 (root `Facturae`, namespace of facturae.es / facturae.gob.es);
 *  - UBL 2.1 Invoice and CreditNote (OASIS namespaces ...:Invoice-2 / ...:CreditNote-2);
 *  - UN/CEFACT CII (Factur-X, ZUGFeRD 2.x, XRechnung CII).
 * Anything else, hostile XML (a DOCTYPE: XXE, entity expansion) and malformed XML give null.
 */

import type { Extraction } from '@shared/schemas/documents';
import { parseCii } from './cii';
import { parseFacturae } from './facturae';
import { parseUbl } from './ubl';
import { parseXmlSafely, rootOf, type XmlNode } from './xml';

export type EInvoiceSyntax = 'FACTURAE' | 'UBL_INVOICE' | 'UBL_CREDIT_NOTE' | 'CII';

const UBL_INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const UBL_CREDIT_NOTE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';
const CII_NS = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';

function syntaxOf(name: string, namespace: string | null): EInvoiceSyntax | null {
  if (name === 'Facturae' && /facturae/i.test(namespace ?? '')) return 'FACTURAE';
  if (name === 'Invoice' && namespace === UBL_INVOICE_NS) return 'UBL_INVOICE';
  if (name === 'CreditNote' && namespace === UBL_CREDIT_NOTE_NS) return 'UBL_CREDIT_NOTE';
  if (name === 'CrossIndustryInvoice' && namespace === CII_NS) return 'CII';
  return null;
}

function parsed(xml: string): { syntax: EInvoiceSyntax; root: XmlNode } | null {
  const doc = parseXmlSafely(xml);
  const root = doc && rootOf(doc);
  const syntax = root && syntaxOf(root.name, root.namespace);
  return root && syntax ? { syntax, root: root.node } : null;
}

/** The e-invoice syntax of an XML text, or null (not an e-invoice, malformed or hostile). */
export function detectEInvoice(xml: string): EInvoiceSyntax | null {
  return parsed(xml)?.syntax ?? null;
}

/** The extraction of an e-invoice (source EINVOICE, confidence 1 per stated field), or null. */
export function parseEInvoice(xml: string): Extraction | null {
  const found = parsed(xml);
  if (!found) return null;
  switch (found.syntax) {
    case 'FACTURAE':
      return parseFacturae(found.root);
    case 'UBL_INVOICE':
    case 'UBL_CREDIT_NOTE':
      return parseUbl(found.root);
    case 'CII':
      return parseCii(found.root);
  }
}
