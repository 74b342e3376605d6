/**
 * The smart inbox's rules on one mail (issue 17 item 4), pure: a company's alias, which recipients
 * are ours, which attachments become documents, and the identity of a mail delivered twice.
 */

import { createHash } from 'node:crypto';
import {
  CONTENT_TYPE_OF_EXTENSION,
  extensionOf,
  MAX_DOCUMENT_BYTES,
  READABLE_EXTENSIONS,
} from '@shared/schemas/documents';
import { INLINE_IMAGE_MIN_BYTES } from '@shared/schemas/inbox';
import { bareAddress, type RawHeader } from './mail-auth';

// --- the address --------------------------------------------------------------------------------

/** Legal forms dropped from the alias (Panadería La Espiga SL -> panaderia-la-espiga). */
const LEGAL_FORMS = new Set([
  'sl',
  'sa',
  'slu',
  'sau',
  'sll',
  'slne',
  'slp',
  'cb',
  'sc',
  'scp',
  'scoop',
  'coop',
]);
const SUFFIX_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `<slug of the name>-<4 random characters>`, at most 40 characters, [a-z0-9-] only. */
export function makeAlias(companyName: string, random: () => number = Math.random): string {
  const words = companyName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    // "S.A." and "S.L.U." are one word each.
    .replace(/\./g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  while (words.length > 1 && LEGAL_FORMS.has(words[words.length - 1]!)) words.pop();
  const slug = (words.join('-') || 'buzon').slice(0, 34).replace(/-+$/, '');
  let suffix = '';
  for (let i = 0; i < 4; i++) suffix += SUFFIX_ALPHABET[Math.floor(random() * SUFFIX_ALPHABET.length)];
  return `${slug}-${suffix}`;
}

/**
 * The aliases a mail was addressed to at our domain: To, Cc, X-Original-To / Delivered-To (the
 * envelope recipients the MTA adds) and the `for <...>` of the top Received line. A `+tag` is dropped.
 */
export function recipientAliases(addresses: readonly string[], mailDomain: string): string[] {
  const domain = mailDomain.toLowerCase();
  const out = new Set<string>();
  for (const a of addresses) {
    const address = bareAddress(a);
    if (!address) continue;
    const at = address.lastIndexOf('@');
    if (address.slice(at + 1) !== domain) continue;
    const local = address.slice(0, at).split('+')[0]!;
    if (/^[a-z0-9][a-z0-9-]{0,62}$/.test(local)) out.add(local);
  }
  return [...out];
}

/** Envelope recipients the receiving MTA wrote at the top of the mail. */
export function envelopeRecipients(headers: readonly RawHeader[]): string[] {
  const out: string[] = [];
  for (const h of headers) {
    if (h.name === 'x-original-to' || h.name === 'delivered-to') out.push(...h.value.split(','));
  }
  const received = headers.find((h) => h.name === 'received')?.value;
  const forClause = received ? /\bfor\s+<?([^\s<>;]+@[^\s<>;]+)>?/i.exec(received) : null;
  if (forClause) out.push(forClause[1]!);
  return out;
}

// --- identity of a mail -------------------------------------------------------------------------

/** Headers the receiving MTA prepends: they differ between two deliveries of the same mail. */
const TRACE_HEADERS =
  /^(received|return-path|received-spf|authentication-results|x-ses-[a-z-]+|x-original-to|delivered-to|arc-[a-z-]+|x-cuadra-[a-z-]+)$/;

/**
 * SHA-256 (hex) of the mail as the sender wrote it: the raw bytes without the leading block of trace
 * headers the receiving MTA prepended, so the same mail delivered twice hashes the same.
 */
export function mailContentHash(raw: Uint8Array): string {
  let offset = 0;
  while (offset < raw.length) {
    const lineEnd = indexOfLineEnd(raw, offset);
    const line = Buffer.from(raw.subarray(offset, lineEnd.at)).toString('latin1');
    const name = /^([A-Za-z0-9-]+):/.exec(line)?.[1]?.toLowerCase();
    if (!name || !TRACE_HEADERS.test(name)) break;
    // Skip the header and its folded continuation lines.
    offset = lineEnd.next;
    while (offset < raw.length && (raw[offset] === 0x20 || raw[offset] === 0x09)) {
      offset = indexOfLineEnd(raw, offset).next;
    }
  }
  return createHash('sha256').update(raw.subarray(offset)).digest('hex');
}

function indexOfLineEnd(raw: Uint8Array, from: number): { at: number; next: number } {
  const lf = raw.indexOf(0x0a, from);
  if (lf < 0) return { at: raw.length, next: raw.length };
  return { at: lf > from && raw[lf - 1] === 0x0d ? lf - 1 : lf, next: lf + 1 };
}

// --- attachments ----------------------------------------------------------------------------------

export interface MailPart {
  fileName: string | null;
  contentType: string;
  size: number;
  /** Content-Disposition inline, or referenced by a Content-ID from the body. */
  inline: boolean;
}

const EXTENSION_OF_TYPE: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/png': 'png',
  'application/xml': 'xml',
  'text/xml': 'xml',
};

export type PartDecision =
  | { read: true; fileName: string }
  | { read: false; fileName: string; reason: string };

/**
 * Which attachments are documents: PDF, JPEG, PNG and XML (e-invoices: Facturae .xml/.xsig, UBL,
 * CII). Small inline images are logos and signatures; the rest is skipped with a Spanish reason.
 * The bytes are checked again by the documents pipeline (a PNG named .pdf is refused there).
 */
export function decidePart(part: MailPart, index: number): PartDecision {
  const type = part.contentType.toLowerCase().split(';')[0]!.trim();
  const named = part.fileName?.trim() || null;
  const fileName = named ?? `adjunto-${index + 1}.${EXTENSION_OF_TYPE[type] ?? 'bin'}`;
  const ext = extensionOf(fileName);
  if (part.size === 0) return { read: false, fileName, reason: 'Adjunto vacío.' };
  if (part.size > MAX_DOCUMENT_BYTES)
    return { read: false, fileName, reason: 'El adjunto supera el tamaño máximo de 50 MB.' };
  const isImage = type.startsWith('image/') || ext === 'png' || ext === 'jpg' || ext === 'jpeg';
  if (part.inline && isImage && part.size < INLINE_IMAGE_MIN_BYTES)
    return { read: false, fileName, reason: 'Imagen insertada pequeña (logotipo o firma).' };
  if ((READABLE_EXTENSIONS as readonly string[]).includes(ext)) return { read: true, fileName };
  return {
    read: false,
    fileName,
    reason: ext ? `Tipo de archivo no admitido (.${ext}).` : 'Tipo de archivo no admitido.',
  };
}

/** The content type stored for an attachment sent to reading (from its extension). */
export const contentTypeOf = (fileName: string, declared: string): string =>
  CONTENT_TYPE_OF_EXTENSION[extensionOf(fileName)] ?? declared.split(';')[0]!.trim();

/** A file name safe for an object key and a download header. */
export function safeFileName(name: string): string {
  const base = name.replace(/^.*[\\/]/, '');
  const clean = base
    .normalize('NFC')
    .split('')
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || '"<>|:*?'.includes(c) ? '_' : c))
    .join('')
    .trim();
  return (clean || 'adjunto').slice(-150);
}
