/**
 * The little XML the spreadsheet module needs: escaping for the writer and a strict, dependency-free
 * parser for the reader (elements, attributes, text, CDATA; comments, processing instructions and
 * the doctype are skipped). It refuses malformed input, so tests also use it to check that every
 * part the writer produces is well-formed.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

export class XmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlError';
  }
}

// XML 1.0 allows tab, LF and CR but no other C0 control character, even escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escapes text or an attribute value. CR is written as a reference so parsers do not fold it into LF. */
export const escapeXml = (s: string): string =>
  s
    .replace(INVALID_XML_CHARS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;');

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&([^;&\s]{1,10});/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      if (!Number.isInteger(code) || code < 0 || code > 0x10ffff)
        throw new XmlError(`Bad reference ${whole}`);
      return String.fromCodePoint(code);
    }
    const named = NAMED[ref];
    if (named === undefined) throw new XmlError(`Unknown entity ${whole}`);
    return named;
  });
}

const NAME = /^[A-Za-z_:][\w.:-]*/;
const ATTR = /^\s+([A-Za-z_:][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/;

/** Parses a document and returns its root element; throws XmlError on anything malformed. */
export function parseXml(xml: string): XmlElement {
  let i = 0;
  const text = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;

  const pushText = (t: string) => {
    const top = stack[stack.length - 1];
    if (!top) {
      if (t.trim()) throw new XmlError('Text outside the root element');
      return;
    }
    // Parsers normalise CR LF and lone CR to LF before references are expanded (XML 1.0 §2.11).
    top.children.push(decodeEntities(t.replace(/\r\n?/g, '\n')));
  };

  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt === -1) {
      pushText(text.slice(i));
      break;
    }
    if (lt > i) pushText(text.slice(i, lt));
    if (text.startsWith('<?', lt)) {
      const end = text.indexOf('?>', lt);
      if (end === -1) throw new XmlError('Unterminated processing instruction');
      i = end + 2;
    } else if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt);
      if (end === -1) throw new XmlError('Unterminated comment');
      i = end + 3;
    } else if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt);
      if (end === -1) throw new XmlError('Unterminated CDATA');
      const top = stack[stack.length - 1];
      if (!top) throw new XmlError('CDATA outside the root element');
      top.children.push(text.slice(lt + 9, end));
      i = end + 3;
    } else if (text.startsWith('<!', lt)) {
      if (root || stack.length) throw new XmlError('Declaration inside the document');
      const end = text.indexOf('>', lt);
      if (end === -1) throw new XmlError('Unterminated declaration');
      i = end + 1;
    } else if (text[lt + 1] === '/') {
      const m = NAME.exec(text.slice(lt + 2));
      const name = m?.[0];
      const close = text.indexOf('>', lt);
      if (!name || close === -1 || text.slice(lt + 2 + name.length, close).trim()) {
        throw new XmlError('Malformed end tag');
      }
      const open = stack.pop();
      if (!open || open.name !== name) throw new XmlError(`Mismatched end tag </${name}>`);
      i = close + 1;
    } else {
      let rest = text.slice(lt + 1);
      const m = NAME.exec(rest);
      if (!m) throw new XmlError('Malformed start tag');
      const el: XmlElement = { name: m[0], attrs: {}, children: [] };
      let pos = lt + 1 + m[0].length;
      rest = text.slice(pos, pos + 4096);
      for (;;) {
        const a = ATTR.exec(rest);
        if (!a) break;
        if (a[1]! in el.attrs) throw new XmlError(`Duplicate attribute ${a[1]}`);
        el.attrs[a[1]!] = decodeEntities((a[3] ?? a[4] ?? '').replace(/[\r\n\t]/g, ' '));
        pos += a[0].length;
        rest = text.slice(pos, pos + 4096);
      }
      const tail = /^\s*(\/?)>/.exec(rest);
      if (!tail) throw new XmlError(`Malformed start tag <${el.name}>`);
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(el);
      else if (root) throw new XmlError('More than one root element');
      else root = el;
      if (!tail[1]) stack.push(el);
      i = pos + tail[0].length;
    }
  }
  if (stack.length) throw new XmlError(`Unclosed element <${stack[stack.length - 1]!.name}>`);
  if (!root) throw new XmlError('No root element');
  return root;
}

/** The local part of a (possibly prefixed) name: `x:row` -> `row`. */
export const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

export const childElements = (el: XmlElement, name?: string): XmlElement[] =>
  el.children.filter(
    (c): c is XmlElement => typeof c !== 'string' && (name === undefined || localName(c.name) === name),
  );

export const firstChild = (el: XmlElement, name: string): XmlElement | undefined =>
  childElements(el, name)[0];

/** Concatenated text of an element and its descendants. */
export const textOf = (el: XmlElement): string =>
  el.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
