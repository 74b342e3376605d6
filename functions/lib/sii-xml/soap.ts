/**
 * SII namespaces and the SOAP 1.1 envelope (the WSDLs bind document/literal over SOAP 1.1).
 */

const AEAT_WS =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii/fact/ws/';

/** Target namespaces of the v1.1 schemas, with the prefixes the AEAT's own examples use. */
export const SII_NS = {
  siiLR: `${AEAT_WS}SuministroLR.xsd`,
  sii: `${AEAT_WS}SuministroInformacion.xsd`,
  siiR: `${AEAT_WS}RespuestaSuministro.xsd`,
  siiLRC: `${AEAT_WS}ConsultaLR.xsd`,
  siiLRRC: `${AEAT_WS}RespuestaConsultaLR.xsd`,
  soapenv: 'http://schemas.xmlsoap.org/soap/envelope/',
} as const;

/** IDVersionSii (VersionSiiType): the only version the schemas accept. */
export const SII_VERSION = '1.1';

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

const stripDeclaration = (xml: string): string => xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, '');

/** Wraps a message body in a SOAP 1.1 envelope (soapenv namespace, empty Header). */
export const wrapSoap = (bodyXml: string): string =>
  `${XML_DECLARATION}<soapenv:Envelope xmlns:soapenv="${SII_NS.soapenv}"><soapenv:Header/><soapenv:Body>${stripDeclaration(bodyXml).trim()}</soapenv:Body></soapenv:Envelope>`;

const xmlnsDeclarations = (attributes: string): Map<string, string> => {
  const out = new Map<string, string>();
  for (const m of attributes.matchAll(/\s(xmlns(?::[\w.-]+)?)\s*=\s*("[^"]*"|'[^']*')/g))
    out.set(m[1]!, m[2]!);
  return out;
};

/**
 * The content of a SOAP envelope's Body (the message element, standalone), for XSD validation:
 * namespace declarations made on Envelope or Body are copied onto the message element. Throws when
 * the text is not a SOAP envelope with a non-empty Body.
 */
export const unwrapSoap = (text: string): string => {
  const envelope = /<([A-Za-z_][\w.-]*:)?Envelope\b([^>]*)>/.exec(text);
  if (!envelope) throw new Error('El mensaje no es un sobre SOAP.');
  const prefix = envelope[1] ?? '';
  const rest = text.slice(envelope.index + envelope[0].length);
  const body = new RegExp(`<${prefix}Body\\b([^>]*?)(/?)>`).exec(rest);
  if (!body || body[2] === '/') throw new Error('El sobre SOAP no tiene cuerpo.');
  const start = body.index + body[0].length;
  const end = rest.lastIndexOf(`</${prefix}Body>`);
  if (end < start) throw new Error('El sobre SOAP está incompleto.');
  const inner = rest.slice(start, end).trim();
  const first = /<([A-Za-z_][\w.:-]*)([^>]*?)(\/?)>/.exec(inner);
  if (!first) throw new Error('El sobre SOAP no tiene cuerpo.');
  const inherited = new Map([...xmlnsDeclarations(envelope[2] ?? ''), ...xmlnsDeclarations(body[1] ?? '')]);
  const own = xmlnsDeclarations(first[2] ?? '');
  // Only the declarations the message may use (a prefix that appears in it).
  const used = (name: string) => name === 'xmlns' || inner.includes(`${name.slice('xmlns:'.length)}:`);
  const added = [...inherited]
    .filter(([name]) => !own.has(name) && used(name))
    .map(([name, value]) => ` ${name}=${value}`);
  if (added.length === 0) return inner;
  const at = first.index + 1 + first[1]!.length;
  return inner.slice(0, at) + added.join('') + inner.slice(at);
};
