/**
 * A raw MIME message (RFC 5322 + RFC 2045–2047, 2231) for mails with attachments, which SES v2
 * sends as `Content.Raw`. Pure: the same input (with its boundary and date) gives the same bytes.
 *
 *   multipart/mixed
 *   ├── text/plain; charset=UTF-8 (base64)   or multipart/alternative (text + html)
 *   └── <attachment> (base64, lines of 76 characters)
 *
 * Every line is ASCII and at most 78 characters, separated by CRLF.
 */

export interface MimeAttachment {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

export interface RawMessageInput {
  from: string;
  to: string[];
  cc?: string[];
  replyTo?: string[];
  subject: string;
  text: string;
  html?: string;
  attachments: MimeAttachment[];
  date: Date;
  /** Unique per message; only [A-Za-z0-9'()+_,-./:=?] and at most 60 characters. */
  boundary: string;
}

const CRLF = '\r\n';
const isAscii = (s: string) => /^[\x20-\x7e]*$/.test(s);

/** Base64 in lines of `width` characters (RFC 2045: at most 76). */
export function base64Lines(bytes: Uint8Array, width = 76): string[] {
  const b64 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < b64.length; i += width) lines.push(b64.slice(i, i + width));
  return lines;
}

/**
 * A header value as RFC 2047 encoded-words when it is not plain ASCII: `=?UTF-8?B?...?=`, each
 * word at most 75 characters and never splitting a character, folded onto continuation lines so
 * no line passes 78 characters. `offset`: what precedes the value on its first line ('Subject: ').
 */
export function encodeHeaderWord(value: string, offset = 0): string {
  if (isAscii(value)) return value;
  // Bytes whose base64 fits a word of `chars` characters ('=?UTF-8?B?' + '?=' take 12).
  const bytesFor = (chars: number) => Math.floor((Math.min(chars, 75) - 12) / 4) * 3;
  const words: string[] = [];
  let chunk: Buffer[] = [];
  let size = 0;
  let max = bytesFor(78 - offset);
  const flush = () => {
    if (chunk.length) words.push(`=?UTF-8?B?${Buffer.concat(chunk).toString('base64')}?=`);
    chunk = [];
    size = 0;
    max = bytesFor(77);
  };
  for (const ch of value) {
    const b = Buffer.from(ch, 'utf8');
    if (size + b.length > max && chunk.length) flush();
    chunk.push(b);
    size += b.length;
  }
  flush();
  return words.join(`${CRLF} `);
}

/** `Name <addr>` with a non-ASCII name encoded; a bare address stays as it is. */
export function encodeAddress(address: string): string {
  const m = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(address);
  if (!m?.[1]) return address.trim();
  const name = m[1].replace(/^"(.*)"$/, '$1');
  const shown = isAscii(name) ? `"${name.replace(/["\\]/g, '\\$&')}"` : encodeHeaderWord(name, 6);
  return `${shown} <${m[2]}>`;
}

/** A header line, with an address list folded one address per line. */
const addressHeader = (name: string, list: string[]) =>
  `${name}: ${list.map(encodeAddress).join(`,${CRLF} `)}`;

/** `filename="x.pdf"`, plus the RFC 2231 `filename*` form when the name is not ASCII. */
function fileNameParams(param: 'filename' | 'name', fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (isAscii(fileName) && !/["\\]/.test(fileName)) return `${param}="${fileName}"`;
  const star = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${param}="${ascii}";${CRLF} ${param}*=UTF-8''${star}`;
}

const textPart = (contentType: 'text/plain' | 'text/html', body: string): string[] => [
  `Content-Type: ${contentType}; charset=UTF-8`,
  'Content-Transfer-Encoding: base64',
  '',
  ...base64Lines(new TextEncoder().encode(body.replace(/\r?\n/g, CRLF))),
];

/** The complete message as ASCII text with CRLF line ends. */
export function buildRawMessage(input: RawMessageInput): string {
  const mixed = input.boundary;
  const alternative = `${input.boundary}_alt`;
  const lines: string[] = [`From: ${encodeAddress(input.from)}`, addressHeader('To', input.to)];
  if (input.cc?.length) lines.push(addressHeader('Cc', input.cc));
  if (input.replyTo?.length) lines.push(addressHeader('Reply-To', input.replyTo));
  lines.push(
    `Subject: ${encodeHeaderWord(input.subject, 'Subject: '.length)}`,
    `Date: ${input.date.toUTCString().replace('GMT', '+0000')}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${mixed}"`,
    '',
    'This is a multi-part message in MIME format.',
    `--${mixed}`,
  );
  if (input.html === undefined) lines.push(...textPart('text/plain', input.text));
  else {
    lines.push(
      `Content-Type: multipart/alternative; boundary="${alternative}"`,
      '',
      `--${alternative}`,
      ...textPart('text/plain', input.text),
      `--${alternative}`,
      ...textPart('text/html', input.html),
      `--${alternative}--`,
    );
  }
  for (const a of input.attachments) {
    lines.push(
      `--${mixed}`,
      `Content-Type: ${a.contentType}; ${fileNameParams('name', a.fileName)}`,
      `Content-Disposition: attachment; ${fileNameParams('filename', a.fileName)}`,
      'Content-Transfer-Encoding: base64',
      '',
      ...base64Lines(a.content),
    );
  }
  lines.push(`--${mixed}--`, '');
  return lines.join(CRLF);
}
