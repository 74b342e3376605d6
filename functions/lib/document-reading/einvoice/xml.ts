/**
 * Safe XML reading for e-invoices (Facturae, UBL, CII): fast-xml-parser with entity processing OFF and
 * any DOCTYPE refused before parsing, so neither an external entity (XXE) nor an entity expansion
 * ("billion laughs") can be declared, let alone expanded. Only the five predefined XML entities and
 * numeric character references are decoded, by hand, in text values (XML 1.0 §4.6: they need no
 * declaration).
 *
 * Elements are looked up by local name, whatever prefix the file chose (`fe:Facturae`, `cbc:ID`, or a
 * default namespace): e-invoice producers pick prefixes freely.
 */

import { XMLParser, XMLValidator } from 'fast-xml-parser';

export type XmlNode = Record<string, unknown>;

/** A DOCTYPE (and so any ENTITY declaration) has no place in an e-invoice: refused as hostile. */
export const isHostileXml = (xml: string): boolean => /<!DOCTYPE|<!ENTITY/i.test(xml);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: false,
});

/** The document as nested objects, or null when hostile (DOCTYPE) or not well-formed. */
export function parseXmlSafely(xml: string): XmlNode | null {
  const text = xml.replace(/^\uFEFF/, '');
  if (isHostileXml(text)) return null;
  if (XMLValidator.validate(text) !== true) return null;
  try {
    const doc: unknown = parser.parse(text);
    return isNode(doc) ? doc : null;
  } catch {
    return null;
  }
}

export const isNode = (v: unknown): v is XmlNode => typeof v === 'object' && v !== null && !Array.isArray(v);

export const localName = (qualified: string): string => qualified.slice(qualified.indexOf(':') + 1);

/** Every child element named `name` (local name), in document order. */
export function children(node: XmlNode | null | undefined, name: string): unknown[] {
  if (!node) return [];
  const out: unknown[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@_') || key === '#text' || localName(key) !== name) continue;
    if (Array.isArray(value)) out.push(...value);
    else out.push(value);
  }
  return out;
}

/** Child elements that are elements with children of their own. */
export const childNodes = (node: XmlNode | null | undefined, name: string): XmlNode[] =>
  children(node, name).filter(isNode);

/** The first child element named `name`, if it has children. */
export const child = (node: XmlNode | null | undefined, name: string): XmlNode | null =>
  childNodes(node, name)[0] ?? null;

/** Follows a path of local names, taking the first match at each step. */
export function at(node: XmlNode | null | undefined, ...path: string[]): XmlNode | null {
  let current: XmlNode | null = node ?? null;
  for (const name of path) current = child(current, name);
  return current;
}

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the predefined entities and character references; anything else is left as written. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[ref] ?? whole;
  });
}

/** The text of a value: a leaf string, or the `#text` of an element that also has attributes. */
export function textOf(value: unknown): string | null {
  const raw =
    typeof value === 'string'
      ? value
      : isNode(value) && typeof value['#text'] === 'string'
        ? value['#text']
        : null;
  if (raw === null) return null;
  const decoded = decodeEntities(raw).replace(/\s+/g, ' ').trim();
  return decoded === '' ? null : decoded;
}

/** The text of the first child named `name`, following `path` first. */
export function textAt(node: XmlNode | null | undefined, ...path: string[]): string | null {
  const last = path.at(-1);
  if (last === undefined) return textOf(node);
  return textOf(children(at(node, ...path.slice(0, -1)), last)[0]);
}

/** An attribute of an element value (only present when the element has attributes). */
export const attributeOf = (value: unknown, name: string): string | null =>
  isNode(value) && typeof value[`@_${name}`] === 'string'
    ? decodeEntities(value[`@_${name}`] as string)
    : null;

/** The root element: its local name, namespace URI and content. */
export function rootOf(doc: XmlNode): { name: string; namespace: string | null; node: XmlNode } | null {
  const key = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('@_') && k !== '#text');
  if (key === undefined) return null;
  const value = doc[key];
  const node = isNode(value) ? value : Array.isArray(value) && isNode(value[0]) ? value[0] : {};
  const colon = key.indexOf(':');
  const nsAttribute = colon < 0 ? '@_xmlns' : `@_xmlns:${key.slice(0, colon)}`;
  const namespace = typeof node[nsAttribute] === 'string' ? (node[nsAttribute] as string) : null;
  return { name: localName(key), namespace, node };
}

/**
 * The text of an XML file from its bytes: the encoding is the BOM's, else the declaration's
 * (Facturae files are often ISO-8859-1), else UTF-8.
 */
export function xmlTextOf(bytes: Uint8Array): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase();
  if (declared && declared !== 'utf-8' && declared !== 'utf8') {
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      // An encoding TextDecoder does not know: read it as UTF-8 below.
    }
  }
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}
