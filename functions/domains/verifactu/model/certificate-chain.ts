/**
 * Who vouches for an uploaded certificate: the chain the .p12 carries, whether it reaches a
 * recognised Spanish qualified CA (qualified-cas.ts), and whether the key may sign (key usage
 * digitalSignature, which the TLS client authentication to the AEAT needs: RFC 5280 §4.2.1.3).
 *
 * The chain is read as the AEAT will receive it: the PKCS#12 is loaded by Node's TLS (OpenSSL) and
 * presented in a TLS handshake held in memory between two sockets of this process; the client side
 * reads the certificates the server side sent (leaf first, then the intermediates and root the file
 * brings). No network, no PKCS#12 parser in the bundle.
 */

import { createHash, X509Certificate } from 'node:crypto';
import { Duplex } from 'node:stream';
import { connect, type PeerCertificate, type SecureContext, TLSSocket } from 'node:tls';
import type { TrustedRoot } from './qualified-cas';

/** Two in-memory streams wired to each other (what one writes, the other reads). */
function streamPair(): [Duplex, Duplex] {
  const ends: Duplex[] = [];
  const end = (other: () => Duplex) =>
    new Duplex({
      read() {},
      write(chunk, _encoding, done) {
        other().push(chunk);
        done();
      },
      final(done) {
        other().push(null);
        done();
      },
    });
  ends.push(
    end(() => ends[1]!),
    end(() => ends[0]!),
  );
  return [ends[0]!, ends[1]!];
}

const HANDSHAKE_TIMEOUT_MS = 2000;

/**
 * The certificates a TLS peer presenting `context` sends, leaf first. Empty when the handshake fails
 * (the caller then knows only the leaf).
 */
export async function presentedChain(context: SecureContext): Promise<X509Certificate[]> {
  const [serverEnd, clientEnd] = streamPair();
  const server = new TLSSocket(serverEnd, { isServer: true, secureContext: context });
  // Only reads what the other end presents; nothing is trusted or sent over this connection.
  const client = connect({ socket: clientEnd, rejectUnauthorized: false });
  server.on('error', () => {});
  try {
    const peer = await new Promise<PeerCertificate | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), HANDSHAKE_TIMEOUT_MS);
      client.once('secureConnect', () => {
        clearTimeout(timer);
        resolve(client.getPeerCertificate(true));
      });
      client.once('error', () => {
        clearTimeout(timer);
        resolve(null);
      });
    });
    const chain: X509Certificate[] = [];
    const seen = new Set<PeerCertificate>();
    for (
      let c = peer;
      c?.raw && !seen.has(c);
      c = (c as { issuerCertificate?: PeerCertificate }).issuerCertificate ?? null
    ) {
      seen.add(c);
      chain.push(new X509Certificate(c.raw));
    }
    return chain;
  } finally {
    client.destroy();
    server.destroy();
  }
}

// --- key usage --------------------------------------------------------------------------------------

interface Tlv {
  tag: number;
  start: number;
  end: number;
}

/** One DER TLV at `offset` (definite lengths only: a certificate is DER). */
function readTlv(der: Uint8Array, offset: number): Tlv {
  const tag = der[offset]!;
  let length = der[offset + 1]!;
  let start = offset + 2;
  if (length & 0x80) {
    const n = length & 0x7f;
    if (n === 0 || n > 4) throw new Error('unsupported DER length');
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + der[start + i]!;
    start += n;
  }
  const end = start + length;
  if (end > der.length) throw new Error('truncated DER');
  return { tag, start, end };
}

function children(der: Uint8Array, parent: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let at = parent.start; at < parent.end; ) {
    const tlv = readTlv(der, at);
    out.push(tlv);
    at = tlv.end;
  }
  return out;
}

/** OID 2.5.29.15 (id-ce-keyUsage), DER content bytes. */
const KEY_USAGE_OID = [0x55, 0x1d, 0x0f];

/**
 * The keyUsage extension of a DER certificate: null when absent, else whether digitalSignature
 * (bit 0) is set.
 */
export function keyUsageDigitalSignature(der: Uint8Array): boolean | null {
  const certificate = readTlv(der, 0);
  const tbs = children(der, certificate)[0]!;
  const extensionsWrapper = children(der, tbs).find((t) => t.tag === 0xa3);
  if (!extensionsWrapper) return null;
  const extensions = children(der, children(der, extensionsWrapper)[0]!);
  for (const extension of extensions) {
    const [oid, ...rest] = children(der, extension);
    const oidBytes = der.subarray(oid!.start, oid!.end);
    if (oidBytes.length !== KEY_USAGE_OID.length || !KEY_USAGE_OID.every((b, i) => oidBytes[i] === b))
      continue;
    const value = rest[rest.length - 1]!; // OCTET STRING (after the optional `critical` BOOLEAN)
    const bits = readTlv(der, value.start); // BIT STRING: unused-bits byte, then the bits
    if (bits.end - bits.start < 2) return false;
    return (der[bits.start + 1]! & 0x80) !== 0;
  }
  return null;
}

// --- trust ------------------------------------------------------------------------------------------

export const spkiSha256 = (cert: X509Certificate): string =>
  createHash('sha256')
    .update(cert.publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');

const validAt = (cert: X509Certificate, now: Date): boolean =>
  Date.parse(cert.validFrom) <= now.getTime() && now.getTime() <= Date.parse(cert.validTo);

/** `child` was issued and signed by `parent`, a CA. */
const signedBy = (child: X509Certificate, parent: X509Certificate): boolean =>
  parent.ca && child.checkIssued(parent) && child.verify(parent.publicKey);

/**
 * The listed root `chain` (leaf first) leads to, or null. Each link must be signed by the next
 * certificate of the file (a CA, valid at `now`); the walk ends at a certificate whose public key is
 * a listed root's, or one signed by a listed root (when the file brings the intermediates without
 * the root). A name alone never matches: anyone can make a root called "AC RAIZ FNMT-RCM".
 */
export function trustedRootOf(
  chain: readonly X509Certificate[],
  roots: readonly TrustedRoot[],
  now: Date,
): TrustedRoot | null {
  const anchors = roots.map((root) => ({
    root,
    cert: new X509Certificate(Buffer.from(root.certificateDer, 'base64')),
  }));
  for (let i = 0; i < chain.length; i++) {
    const cert = chain[i]!;
    if (!validAt(cert, now)) return null;
    // The leaf itself is never a trust anchor (a root's key must not sign invoices' TLS sessions).
    if (i > 0) {
      const hash = spkiSha256(cert);
      const listed = roots.find((r) => r.spkiSha256 === hash);
      if (listed) return listed;
    }
    const anchor = anchors.find((a) => validAt(a.cert, now) && signedBy(cert, a.cert));
    if (anchor) return anchor.root;
    const next = chain[i + 1];
    if (!next || !signedBy(cert, next)) return null;
  }
  return null;
}
