/** A tiny XML writer for the pain messages: elements as nested arrays, text escaped, two-space indent. */

export type XmlNode = string | XmlElement;
export interface XmlElement {
  name: string;
  attrs?: Record<string, string>;
  children: XmlNode[];
}

/** An element; `undefined`/`null`/`false` children are dropped (optional elements). */
export const el = (
  name: string,
  attrsOrChild?: Record<string, string> | XmlNode | null | false,
  ...children: (XmlNode | null | undefined | false)[]
): XmlElement => {
  const isAttrs = typeof attrsOrChild === 'object' && attrsOrChild !== null && !('children' in attrsOrChild);
  const all = isAttrs ? children : [attrsOrChild as XmlNode | null | undefined | false, ...children];
  return {
    name,
    attrs: isAttrs ? (attrsOrChild as Record<string, string>) : undefined,
    children: all.filter((c): c is XmlNode => c !== null && c !== undefined && c !== false),
  };
};

export const escapeXml = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const render = (node: XmlElement, depth: number): string => {
  const pad = '  '.repeat(depth);
  const attrs = Object.entries(node.attrs ?? {})
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  if (node.children.length === 0) return `${pad}<${node.name}${attrs}/>`;
  if (node.children.every((c) => typeof c === 'string'))
    return `${pad}<${node.name}${attrs}>${escapeXml(node.children.join(''))}</${node.name}>`;
  const inner = node.children
    .map((c) => (typeof c === 'string' ? `${pad}  ${escapeXml(c)}` : render(c, depth + 1)))
    .join('\n');
  return `${pad}<${node.name}${attrs}>\n${inner}\n${pad}</${node.name}>`;
};

export const renderDocument = (root: XmlElement): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${render(root, 0)}\n`;

/** Céntimos as the decimal amount ISO 20022 wants (two decimals, dot): 123456 → "1234.56". */
export const amountText = (cents: number): string => {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new Error(`Invalid amount: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
};
