/**
 * The verdicts of the receiving MTA on an inbound mail, and whether the smart inbox may read it
 * (issue 17 item 4). Pure.
 *
 * SES (and locally the SMTP listener, infra/local/engines/smtp.ts) PREPENDS its verdicts to the raw
 * mail: `X-SES-Spam-Verdict`, `X-SES-Virus-Verdict` and `Authentication-Results` (RFC 8601) with
 * authserv-id `amazonses.com` (locally `cuadra.local`). A sender can write the same headers into its
 * own message, but they sit below the MTA's: only the FIRST occurrence of each counts as a PASS, and
 * an Authentication-Results whose authserv-id is not ours passes nothing (RFC 8601 §5: "MUST ignore"
 * results from an authserv-id it does not trust). A FAIL counts wherever it is written.
 */

import type { IgnoredReasonCode, MailVerdict, MailVerdicts } from '@shared/schemas/inbox';

export const TRUSTED_AUTHSERV_IDS = ['amazonses.com', 'cuadra.local'] as const;

export interface RawHeader {
  /** Lower-cased name. */
  name: string;
  /** Unfolded value. */
  value: string;
}

/** The header block of a raw RFC 5322 message, in order, unfolded (only up to the first empty line). */
export function headerBlock(raw: Uint8Array | string, maxBytes = 256 * 1024): RawHeader[] {
  const text =
    typeof raw === 'string'
      ? raw.slice(0, maxBytes)
      : Buffer.from(raw.subarray(0, maxBytes)).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const block = end < 0 ? text : text.slice(0, end);
  const headers: RawHeader[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && headers.length > 0) {
      const last = headers[headers.length - 1]!;
      last.value = `${last.value} ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.push({ name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1).trim() });
  }
  return headers;
}

const first = (headers: RawHeader[], name: string) => headers.find((h) => h.name === name)?.value;

/** SES's X-SES-*-Verdict values: PASS, FAIL, GRAY, PROCESSING_FAILED. */
function sesVerdict(value: string | undefined): MailVerdict {
  if (value === undefined) return 'NONE';
  switch (value.trim().toUpperCase()) {
    case 'PASS':
      return 'PASS';
    case 'FAIL':
      return 'FAIL';
    case 'GRAY':
      return 'GRAY';
    default:
      return 'UNKNOWN';
  }
}

/** RFC 8601 §2.7 results of spf, dkim and dmarc, folded into the inbox's five verdicts. */
function methodVerdict(result: string | undefined): MailVerdict {
  switch (result?.toLowerCase()) {
    case 'pass':
    case 'bestguesspass':
      return 'PASS';
    case 'fail':
    case 'permerror':
      return 'FAIL';
    case 'softfail':
    case 'neutral':
    case 'policy':
      return 'GRAY';
    case 'none':
      return 'NONE';
    default:
      return 'UNKNOWN';
  }
}

/** The authserv-id of an Authentication-Results value (before the first `;`, without a version). */
export function authservId(value: string): string {
  return (value.split(';')[0] ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
}

/** The results per method of one Authentication-Results value (several dkim results: any pass wins). */
function methodResults(value: string): { spf?: string; dkim?: string; dmarc?: string } {
  const out: { spf?: string; dkim?: string; dmarc?: string } = {};
  // Comments in parentheses may contain anything, `dkim=pass` included: drop them first.
  const clean = value.replace(/\([^()]*\)/g, ' ');
  for (const part of clean.split(';').slice(1)) {
    const m = /^\s*(spf|dkim|dmarc)\s*=\s*([a-z]+)/i.exec(part);
    if (!m) continue;
    const method = m[1]!.toLowerCase() as 'spf' | 'dkim' | 'dmarc';
    const result = m[2]!.toLowerCase();
    if (method === 'dkim' && out.dkim === 'pass') continue;
    out[method] = result;
  }
  return out;
}

/**
 * The verdicts of the receiving MTA: the first X-SES-Spam-Verdict, the first X-SES-Virus-Verdict
 * and the first Authentication-Results, the latter only when its authserv-id is trusted.
 */
export function readVerdicts(headers: RawHeader[]): MailVerdicts & { authenticated: boolean } {
  const ar = first(headers, 'authentication-results');
  const trusted = ar !== undefined && (TRUSTED_AUTHSERV_IDS as readonly string[]).includes(authservId(ar));
  const results = trusted ? methodResults(ar) : {};
  // A FAILING verdict counts wherever it sits: a sender gains nothing by writing one into its own mail,
  // and a relay on the way that saw a failure is believed. Only passing verdicts need the MTA's place.
  const failedAnywhere = (method: 'spf' | 'dkim' | 'dmarc') =>
    headers.some(
      (h) => h.name === 'authentication-results' && methodVerdict(methodResults(h.value)[method]) === 'FAIL',
    );
  const sesFailedAnywhere = (name: string) =>
    headers.some((h) => h.name === name && sesVerdict(h.value) === 'FAIL');
  const method = (m: 'spf' | 'dkim' | 'dmarc'): MailVerdict =>
    failedAnywhere(m) ? 'FAIL' : trusted ? methodVerdict(results[m] ?? 'none') : 'UNKNOWN';
  return {
    spf: method('spf'),
    dkim: method('dkim'),
    dmarc: method('dmarc'),
    spam: sesFailedAnywhere('x-ses-spam-verdict') ? 'FAIL' : sesVerdict(first(headers, 'x-ses-spam-verdict')),
    virus: sesFailedAnywhere('x-ses-virus-verdict')
      ? 'FAIL'
      : sesVerdict(first(headers, 'x-ses-virus-verdict')),
    authenticated: trusted,
  };
}

export type MailJudgement = { read: true } | { read: false; code: IgnoredReasonCode; message: string };

/**
 * Whether the inbox reads the mail. A virus, spam, a DMARC failure, or an SPF failure without a
 * passing DKIM signature are never read. With `requireAuthentication` (the default) a mail that
 * lacks the MTA's own verdicts (a trusted Authentication-Results and the virus verdict) is not read
 * either: it did not come through our receiving MTA's checks.
 */
export function judgeMail(
  v: MailVerdicts & { authenticated: boolean },
  opts: { requireAuthentication: boolean },
): MailJudgement {
  if (v.virus === 'FAIL')
    return { read: false, code: 'VIRUS', message: 'El correo contiene un virus o un ejecutable.' };
  if (v.spam === 'FAIL')
    return { read: false, code: 'SPAM', message: 'El correo se ha clasificado como spam.' };
  if (v.dmarc === 'FAIL')
    return {
      read: false,
      code: 'AUTHENTICATION',
      message: 'El remitente no supera la verificación DMARC (posible suplantación).',
    };
  if (v.spf === 'FAIL' && v.dkim !== 'PASS')
    return {
      read: false,
      code: 'AUTHENTICATION',
      message:
        'El servidor de origen no está autorizado a enviar correo de ese dominio (SPF) y no hay firma DKIM válida.',
    };
  if (opts.requireAuthentication && (!v.authenticated || v.virus === 'NONE'))
    return {
      read: false,
      code: 'NOT_AUTHENTICATED',
      message: 'El correo no trae la verificación del servidor de recepción.',
    };
  return { read: true };
}

/** The bare address of a From/Sender value (`"Ana" <ana@x.es>` -> `ana@x.es`), lower-cased. */
export function bareAddress(value: string): string | null {
  const angle = /<([^<>\s]+@[^<>\s]+)>/.exec(value);
  const plain = angle ? angle[1] : /([^\s<>"',;:]+@[^\s<>"',;:]+)/.exec(value)?.[1];
  return plain ? plain.toLowerCase() : null;
}

/** `allowedSenders` entries are addresses or `@domain`; empty allows everyone. */
export function senderAllowed(sender: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const address = sender.toLowerCase();
  const domain = address.slice(address.lastIndexOf('@'));
  return allowed.some((a) => {
    const entry = a.toLowerCase();
    return entry.startsWith('@')
      ? domain === entry || address.endsWith(entry.replace('@', '.'))
      : entry === address;
  });
}
