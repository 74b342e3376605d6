/**
 * XML checks: a DOCTYPE or ENTITY declaration is refused outright (XXE, "billion laughs": an e-invoice
 * never needs one: Facturae, UBL and CII are defined by XML Schema), and the document must be well
 * formed (a truncated XML is refused). Also tells an e-invoice XML apart from any other XML, for the
 * files embedded in a PDF (Factur-X / ZUGFeRD / Facturae / UBL).
 */

import { XMLValidator } from 'fast-xml-parser';
import { type Refusal, refuse } from './content-check';

/** The text of an XML file: UTF-8, or UTF-16 with its byte-order mark. */
export function xmlText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

/** The bytes look like XML: a declaration or an element first (after blanks). */
export function looksLikeXml(bytes: Uint8Array): boolean {
  const head = xmlText(bytes.subarray(0, 512)).trimStart();
  return /^<\?xml[\s?]/.test(head) || /^<[A-Za-z_][\w.:-]*[\s>/]/.test(head) || /^<!--/.test(head);
}

export function checkXml(bytes: Uint8Array): Refusal | null {
  const text = xmlText(bytes);
  if (/<!\s*(DOCTYPE|ENTITY)/i.test(text))
    return refuse('El XML contiene declaraciones DOCTYPE o ENTITY, que no se admiten por seguridad.');
  if (XMLValidator.validate(text) !== true) return refuse('El XML está dañado o incompleto.');
  return null;
}

/** Root elements of the e-invoice formats read (Facturae 3.2.x, UBL 2.1 Invoice/CreditNote, CII). */
const EINVOICE_ROOTS = ['Facturae', 'Invoice', 'CreditNote', 'CrossIndustryInvoice'];

/** The root element's local name (after the declaration, comments and processing instructions). */
export function xmlRootName(text: string): string | null {
  const body = text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, '');
  const match = body.match(/<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s>/]/);
  return match?.[2] ?? null;
}

/** An embedded file that is an e-invoice: an `.xml` name, a well-formed XML without DOCTYPE, an e-invoice root. */
export function isEInvoiceXml(name: string, bytes: Uint8Array): boolean {
  if (!/\.xml$/i.test(name.trim())) return false;
  if (!looksLikeXml(bytes) || checkXml(bytes) !== null) return false;
  const root = xmlRootName(xmlText(bytes));
  return root !== null && EINVOICE_ROOTS.includes(root);
}
