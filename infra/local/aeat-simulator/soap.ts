/**
 * SOAP 1.1 plumbing of the AEAT simulator: pulls the body element out of an envelope as a standalone
 * document (so it can be validated against the AEAT schemas, reference/verifactu-sii.md §6), parses
 * XML the way the AEAT reads it (namespace prefixes ignored, values trimmed, never converted to
 * numbers) and writes envelopes and faults.
 */

import { XMLParser } from 'fast-xml-parser';

export const SOAP_ENV_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const AEAT_WS =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws';

/** The AEAT namespaces (SistemaFacturacion.wsdl) and the prefixes the AEAT itself answers with. */
export const NS = {
  sfLR: `${AEAT_WS}/SuministroLR.xsd`,
  sf: `${AEAT_WS}/SuministroInformacion.xsd`,
  sfR: `${AEAT_WS}/RespuestaSuministro.xsd`,
  sfLRC: `${AEAT_WS}/ConsultaLR.xsd`,
  sfLRRC: `${AEAT_WS}/RespuestaConsultaLR.xsd`,
} as const;

/** Elements that may repeat: always parsed as arrays, even when there is one. */
const REPEATED = new Set([
  'RegistroFactura',
  'DetalleDesglose',
  'IDDestinatario',
  'IDFacturaRectificada',
  'IDFacturaSustituida',
]);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

// biome-ignore lint/suspicious/noExplicitAny: parsed XML is untyped until the rules read it.
export type XmlNode = any;

export function parseXml(xml: string): XmlNode {
  return parser.parse(xml);
}

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `<p:name>text</p:name>`, escaped; nothing when the value is undefined. */
export function leaf(qname: string, value: string | number | undefined | null): string {
  if (value === undefined || value === null) return '';
  return `<${qname}>${escapeXml(String(value))}</${qname}>`;
}

/** `<p:name>…children…</p:name>` (children already XML); nothing when every child is empty. */
export function node(qname: string, ...children: string[]): string {
  const inner = children.join('');
  return inner ? `<${qname}>${inner}</${qname}>` : '';
}

const NAME = '[A-Za-z_][\\w.-]*';
const XMLNS_ATTR = /xmlns(?::([\w.-]+))?\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function namespaceDeclarations(startTag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of startTag.matchAll(XMLNS_ATTR)) out.set(m[1] ?? '', m[2] ?? m[3] ?? '');
  return out;
}

export type BodyExtraction =
  | { ok: true; localName: string; namespace: string | undefined; xml: string }
  | { ok: false; reason: string };

/**
 * The first element inside `Envelope/Body`, as a document of its own: the namespace declarations
 * it inherits from the Envelope and Body start tags are copied onto it.
 */
export function extractBodyElement(envelope: string): BodyExtraction {
  const envOpen = new RegExp(`<(${NAME}:)?Envelope\\b[^>]*>`).exec(envelope);
  if (!envOpen) return { ok: false, reason: 'El mensaje no es un sobre SOAP (falta Envelope).' };
  const envPrefix = envOpen[1] ?? '';
  const envDecls = namespaceDeclarations(envOpen[0]);
  const bodyOpen = new RegExp(`<${envPrefix.replace(/\./g, '\\.')}Body\\b[^>]*>`).exec(envelope);
  if (!bodyOpen) return { ok: false, reason: 'El sobre SOAP no contiene Body.' };
  const inherited = new Map([...envDecls, ...namespaceDeclarations(bodyOpen[0])]);
  if (inherited.get(envPrefix.replace(/:$/, '')) !== SOAP_ENV_NS) {
    return { ok: false, reason: 'El sobre no es SOAP 1.1 (espacio de nombres desconocido).' };
  }
  const close = envelope.lastIndexOf(`</${envPrefix}Body`);
  if (close < 0) return { ok: false, reason: 'El sobre SOAP no cierra Body.' };
  const inner = envelope
    .slice(bodyOpen.index + bodyOpen[0].length, close)
    .replace(/^(\s*<!--[\s\S]*?-->)*\s*/, '')
    .trimEnd();
  const root = new RegExp(`^<(?:(${NAME}):)?(${NAME})((?:\\s[^>]*?)?)(/?)>`).exec(inner);
  if (!root) return { ok: false, reason: 'El Body del sobre SOAP está vacío.' };
  const [rootTag, prefix = '', localName = '', attrs = '', selfClosing] = root;
  const own = namespaceDeclarations(rootTag);
  const added = [...inherited]
    .filter(([p]) => !own.has(p))
    .map(([p, uri]) => ` ${p ? `xmlns:${p}` : 'xmlns'}="${escapeXml(uri)}"`)
    .join('');
  const xml = `<${prefix ? `${prefix}:` : ''}${localName}${attrs}${added}${selfClosing}>${inner.slice(rootTag.length)}`;
  const namespace = own.get(prefix) ?? inherited.get(prefix);
  return { ok: true, localName, namespace, xml };
}

export function soapEnvelope(bodyXml: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}"><soapenv:Header/><soapenv:Body>${bodyXml}</soapenv:Body></soapenv:Envelope>`;
}

/** A SOAP 1.1 fault; `Client` = fix the message, `Server` = send the same message again later. */
export function soapFault(code: 'Client' | 'Server', message: string): string {
  return soapEnvelope(
    `<soapenv:Fault><faultcode>soapenv:${code}</faultcode><faultstring>${escapeXml(message)}</faultstring></soapenv:Fault>`,
  );
}
