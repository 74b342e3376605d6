/**
 * Uploaded certificates (.p12/.pfx) for the mutual TLS of the AEAT web services (reference
 * verifactu-sii.md §4.1): told by their content, opened with the password, reduced to the public
 * facts the screens show, and refused when they cannot be used (expired, not yet valid, no private
 * key, an encryption Node's TLS no longer reads). The file and the password never leave this module
 * in an error: messages name the problem, not the data.
 */

import { X509Certificate } from 'node:crypto';
import { createSecureContext, type SecureContext, TLSSocket } from 'node:tls';
import { AppError } from '@shared/api/errors';
import type { CertificateView, VerifactuEnvironment } from '@shared/schemas/verifactu';
import { keyUsageDigitalSignature, presentedChain, trustedRootOf } from './certificate-chain';
import { QUALIFIED_CAS, type TrustedRoot } from './qualified-cas';

/** A certificate file is a few KB; anything bigger is not one. */
export const MAX_CERTIFICATE_BYTES = 50 * 1024;

export interface CertificateFacts {
  /** Subject common name (e.g. "ROMERO GIL JAVIER - 12345678Z"). */
  subject: string;
  /** NIF of the holder (subject serialNumber, OID 2.5.4.5, without IDCES-/VATES-), when present. */
  holderNif: string | null;
  issuer: string;
  /** Hex, uppercase. */
  serialNumber: string;
  validFrom: string;
  validTo: string;
  /**
   * The recognised Spanish qualified root (qualified-cas.ts) the file's chain leads to, or null (a
   * self-signed or test-CA certificate: usable only against the AEAT's test environment).
   */
  qualifiedCa: string | null;
  /** Key usage digitalSignature: true/false from the keyUsage extension, null when it has none. */
  digitalSignature: boolean | null;
}

const refuse = (field: 'file' | 'password', reason: string, message: string) =>
  new AppError('CORE_004', message, { field, details: { reason } });

const NOT_PKCS12 = () => refuse('file', 'NOT_PKCS12', 'El archivo no es un certificado .p12/.pfx válido.');
const WRONG_PASSWORD = () =>
  refuse('password', 'WRONG_PASSWORD', 'La contraseña del certificado no es correcta.');
const NO_PRIVATE_KEY = () =>
  refuse('file', 'NO_PRIVATE_KEY', 'El archivo no contiene la clave privada del certificado.');
const UNSUPPORTED = () =>
  refuse(
    'file',
    'UNSUPPORTED_ENCRYPTION',
    'El certificado usa un cifrado que no se admite. Expórtalo de nuevo (AES o 3DES) e inténtalo otra vez.',
  );

/** dd/mm/aaaa in Spain's time zone. */
export function spanishDate(at: Date): string {
  return new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(at);
}

/**
 * A PFX (RFC 7292) is a DER SEQUENCE whose first element is INTEGER 3 (the version). Checked on the
 * bytes, not on the file name: a renamed PEM, PDF, .cer or .der certificate is refused here.
 */
export function looksLikePkcs12(bytes: Uint8Array): boolean {
  if (bytes.length < 5 || bytes[0] !== 0x30) return false;
  const first = bytes[1]!;
  let offset = 2;
  let length: number | undefined;
  if (first < 0x80) length = first;
  else if (first > 0x80) {
    const n = first & 0x7f;
    if (n > 4 || bytes.length < 2 + n) return false;
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + bytes[2 + i]!;
    offset = 2 + n;
  } // 0x80: BER indefinite length, allowed by PKCS#12 producers
  if (length !== undefined && length > bytes.length - offset) return false;
  return bytes[offset] === 0x02 && bytes[offset + 1] === 0x01 && bytes[offset + 2] === 0x03;
}

/**
 * Opens the PKCS#12 exactly as the SOAP client will (Node's TLS, i.e. OpenSSL): the password, the
 * MAC, the private key and its certificate are checked by the same code that later presents them
 * to the AEAT. (No PKCS#12 library in the API bundle: node-forge alone is ~300 KB and ~100 ms of
 * import; it stays in the tests, which build the certificates.)
 */
function openPfx(bytes: Buffer, password: string): SecureContext {
  try {
    return createSecureContext({ pfx: bytes, passphrase: password });
  } catch (e) {
    const msg = e instanceof Error ? e.message : '';
    if (/mac verify failure|bad decrypt/i.test(msg)) throw WRONG_PASSWORD();
    if (/private key/i.test(msg)) throw NO_PRIVATE_KEY();
    if (/unsupported|mac absent/i.test(msg)) throw UNSUPPORTED();
    throw NOT_PKCS12();
  }
}

type DistinguishedName = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined): string | null =>
  (Array.isArray(v) ? v[0] : v)?.trim() || null;

const displayName = (dn: DistinguishedName | undefined): string =>
  first(dn?.CN) ??
  first(dn?.O) ??
  Object.entries(dn ?? {})
    .map(([k, v]) => `${k}=${first(v) ?? ''}`)
    .join(', ');

/** The holder's NIF from the subject serialNumber ("IDCES-12345678Z", "VATES-B12345674", "12345678Z"). */
export function nifFromSerialNumber(value: string | null): string | null {
  if (!value) return null;
  const nif = value
    .trim()
    .toUpperCase()
    .replace(/^(IDCES|VATES)-/, '');
  return /^[0-9A-Z]{9}$/.test(nif) ? nif : null;
}

/** The certificate OpenSSL took from the file: the one that matches the private key (the end entity). */
function endEntity(context: SecureContext): {
  raw: Buffer;
  subject?: DistinguishedName;
  issuer?: DistinguishedName;
  serialNumber?: string;
  valid_from?: string;
  valid_to?: string;
} {
  const socket = new TLSSocket(null as never, { secureContext: context });
  try {
    const cert = socket.getCertificate();
    if (!cert || !('valid_to' in cert)) throw NO_PRIVATE_KEY();
    return cert as ReturnType<typeof endEntity>;
  } finally {
    socket.destroy();
  }
}

/**
 * Validates an uploaded .p12/.pfx and returns its public facts. Refuses (400 CORE_004) a file that is
 * not PKCS#12, a wrong password, a file without the private key, an encryption Node's TLS no longer
 * reads (RC2/40-bit exports of old browsers), and a certificate outside its validity at `now`.
 */
export async function parseP12(
  bytes: Buffer,
  password: string,
  now: Date = new Date(),
  trustList: readonly TrustedRoot[] = QUALIFIED_CAS,
): Promise<CertificateFacts> {
  if (bytes.length > MAX_CERTIFICATE_BYTES)
    throw refuse('file', 'TOO_LARGE', 'El archivo del certificado no puede superar los 50 KB.');
  if (!looksLikePkcs12(bytes)) throw NOT_PKCS12();
  const context = openPfx(bytes, password);
  const cert = endEntity(context);

  const validFrom = new Date(Date.parse(cert.valid_from ?? ''));
  const validTo = new Date(Date.parse(cert.valid_to ?? ''));
  if (Number.isNaN(validFrom.getTime()) || Number.isNaN(validTo.getTime())) throw NOT_PKCS12();
  if (validTo.getTime() < now.getTime())
    throw refuse('file', 'EXPIRED', `El certificado ha caducado el ${spanishDate(validTo)}.`);
  if (validFrom.getTime() > now.getTime())
    throw refuse('file', 'NOT_YET_VALID', `El certificado no es válido hasta el ${spanishDate(validFrom)}.`);

  const leaf = new X509Certificate(cert.raw);
  const digitalSignature = keyUsageDigitalSignature(leaf.raw);
  // A key whose usage excludes digital signatures cannot authenticate the TLS session to the AEAT.
  if (digitalSignature === false) throw NO_DIGITAL_SIGNATURE();
  const presented = await presentedChain(context);
  const chain = presented[0]?.raw.equals(leaf.raw) ? presented : [leaf];

  return {
    subject: displayName(cert.subject),
    holderNif: nifFromSerialNumber(first(cert.subject?.serialNumber)),
    issuer: displayName(cert.issuer),
    serialNumber: (cert.serialNumber ?? '').replace(/^0+(?=.)/, '').toUpperCase(),
    validFrom: validFrom.toISOString(),
    validTo: validTo.toISOString(),
    qualifiedCa: trustedRootOf(chain, trustList, now)?.name ?? null,
    digitalSignature,
  };
}

const NO_DIGITAL_SIGNATURE = () =>
  refuse(
    'file',
    'NO_DIGITAL_SIGNATURE',
    'El certificado no permite la firma digital (uso de clave «digitalSignature»), necesaria para identificarse ante la AEAT.',
  );

/**
 * The AEAT's PRODUCTION endpoints take only certificates of a recognised Spanish qualified CA
 * (Ley 6/2020 and eIDAS art. 22: the Trusted List) whose key may sign; the test environment also takes
 * self-signed and test-CA ones (the local 'AC Cuadra Pruebas', the simulator's). Facts stored before
 * the chain was recorded have neither field and are refused for production (upload the file again).
 */
export function assertCertificateForEnvironment(
  facts: Partial<Pick<CertificateFacts, 'qualifiedCa' | 'digitalSignature'>>,
  environment: VerifactuEnvironment,
): void {
  if (environment !== 'PRODUCTION') return;
  if (!facts.qualifiedCa)
    throw new AppError(
      'TAX_025',
      'El certificado seleccionado no procede de una autoridad de certificación cualificada española (FNMT-RCM, ACCV, Camerfirma, Izenpe, Firmaprofesional…): un certificado autofirmado o de pruebas solo se admite en el entorno de pruebas de la AEAT.',
      { field: 'certificateId', details: { reason: 'CERTIFICATE_NOT_QUALIFIED' } },
    );
  if (facts.digitalSignature !== true)
    throw new AppError(
      'TAX_025',
      'El certificado seleccionado no indica el uso de firma digital (digitalSignature), necesario para identificarse ante la AEAT en producción.',
      { field: 'certificateId', details: { reason: 'CERTIFICATE_NO_DIGITAL_SIGNATURE' } },
    );
}

const DAY_MS = 24 * 3600 * 1000;

/** Status on a day and the whole days left (negative once expired). */
export function certificateStatus(
  facts: Pick<CertificateFacts, 'validFrom' | 'validTo'>,
  now: Date,
): { status: CertificateView['status']; daysToExpiry: number } {
  const to = Date.parse(facts.validTo);
  const from = Date.parse(facts.validFrom);
  const t = now.getTime();
  const status = t > to ? 'EXPIRED' : t < from ? 'NOT_YET_VALID' : 'VALID';
  return { status, daysToExpiry: Math.floor((to - t) / DAY_MS) };
}

/** The certificate is usable for signing/TLS right now. */
export const isCertificateUsable = (
  facts: Pick<CertificateFacts, 'validFrom' | 'validTo'>,
  now: Date,
): boolean => certificateStatus(facts, now).status === 'VALID';

/** The public facts of a stored certificate (what the item holds besides the sealed secret). */
export interface CertificatePublic extends CertificateFacts {
  certificateId: string;
  companyId: string;
  fileName: string;
  uploadedAt: string;
  uploadedBy: string;
}

/** What the API shows: the facts, the status on `now` and whether the configuration uses it. */
export function certificateView(
  cert: CertificatePublic,
  configCertificateId: string | null,
  now: Date,
): CertificateView {
  return {
    certificateId: cert.certificateId,
    companyId: cert.companyId,
    fileName: cert.fileName,
    subject: cert.subject,
    holderNif: cert.holderNif,
    issuer: cert.issuer,
    serialNumber: cert.serialNumber,
    validFrom: cert.validFrom,
    validTo: cert.validTo,
    ...certificateStatus(cert, now),
    inUse: configCertificateId === cert.certificateId,
    uploadedAt: cert.uploadedAt,
    uploadedBy: cert.uploadedBy,
  };
}
