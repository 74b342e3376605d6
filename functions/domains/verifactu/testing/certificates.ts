/**
 * Test certificates: a PKCS#12 (.p12/.pfx) like the ones the FNMT or a qualified CA issue (subject with
 * CN "NAME - NIF" and serialNumber "IDCES-<NIF>", issued by a small test CA), for the certificate
 * upload, the SOAP client's mutual TLS and the AEAT simulator. Key pairs come from Node's native
 * generator (fast) and are made once per process.
 */

import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export interface TestP12Options {
  nif: string;
  name: string;
  password: string;
  /** Defaults to one day ago. */
  validFrom?: Date;
  /** Defaults to two years after validFrom. */
  validTo?: Date;
  /** PKCS#12 encryption of the key bag: '3des' (default, what most CAs still issue) or 'aes256'. */
  algorithm?: '3des' | 'aes256';
}

interface KeyPair {
  privateKey: forge.pki.rsa.PrivateKey;
  publicKey: forge.pki.rsa.PublicKey;
}

let leafKeys: KeyPair | undefined;
let caKeys: KeyPair | undefined;
let serialCounter = 0;

function nativeKeyPair(): KeyPair {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

const leafKeyPair = (): KeyPair => {
  leafKeys ??= nativeKeyPair();
  return leafKeys;
};
const caKeyPair = (): KeyPair => {
  caKeys ??= nativeKeyPair();
  return caKeys;
};

export const TEST_CA_NAME = 'AC Cuadra Pruebas';

function testCaCertificate(): forge.pki.Certificate {
  const ca = forge.pki.createCertificate();
  const keys = caKeyPair();
  ca.publicKey = keys.publicKey;
  ca.serialNumber = '01';
  ca.validity.notBefore = new Date('2020-01-01T00:00:00Z');
  ca.validity.notAfter = new Date('2045-01-01T00:00:00Z');
  const attrs = [
    { name: 'countryName', value: 'ES' },
    { name: 'organizationName', value: 'Cuadra Pruebas' },
    { name: 'commonName', value: TEST_CA_NAME },
  ];
  ca.setSubject(attrs);
  ca.setIssuer(attrs);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  ca.sign(keys.privateKey, forge.md.sha256.create());
  return ca;
}

/** PEM of the test CA (for a TLS server that wants to verify the client certificates). */
export function testCaPem(): string {
  return forge.pki.certificateToPem(testCaCertificate());
}

function nextSerial(): string {
  serialCounter += 1;
  // Positive, non-zero, unique in the process.
  return `1${Date.now().toString(16)}${serialCounter.toString(16).padStart(4, '0')}`;
}

/** The end-entity certificate and key of a test P12, as PEM (for TLS tests that want them apart). */
export function makeTestCertificatePem(options: Omit<TestP12Options, 'password' | 'algorithm'>): {
  certPem: string;
  keyPem: string;
  serialNumber: string;
} {
  const cert = leafCertificate(options);
  return {
    certPem: forge.pki.certificateToPem(cert),
    keyPem: forge.pki.privateKeyToPem(leafKeyPair().privateKey),
    serialNumber: cert.serialNumber,
  };
}

function leafCertificate(options: Omit<TestP12Options, 'password' | 'algorithm'>): forge.pki.Certificate {
  const validFrom = options.validFrom ?? new Date(Date.now() - 24 * 3600 * 1000);
  const validTo = options.validTo ?? new Date(validFrom.getTime() + 2 * 365 * 24 * 3600 * 1000);
  const cert = forge.pki.createCertificate();
  cert.publicKey = leafKeyPair().publicKey;
  cert.serialNumber = nextSerial();
  cert.validity.notBefore = validFrom;
  cert.validity.notAfter = validTo;
  cert.setSubject([
    { name: 'countryName', value: 'ES' },
    { type: '2.5.4.5', value: `IDCES-${options.nif}` },
    // Qualified certificates carry the names as UTF8String (accents, Ñ).
    { name: 'commonName', value: `${options.name} - ${options.nif}`, valueTagClass: forge.asn1.Type.UTF8 },
  ] as forge.pki.CertificateField[]);
  cert.setIssuer(testCaCertificate().subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', clientAuth: true, emailProtection: true },
  ]);
  cert.sign(caKeyPair().privateKey, forge.md.sha256.create());
  return cert;
}

/**
 * A PKCS#12 with the private key, the end-entity certificate and the test CA, encrypted with
 * `password`. Usable by Node's TLS (`https.Agent({ pfx, passphrase })`) and by `parseP12`.
 */
export function makeTestP12(options: TestP12Options): Buffer {
  const cert = leafCertificate(options);
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    leafKeyPair().privateKey,
    [cert, testCaCertificate()],
    options.password,
    {
      algorithm: options.algorithm ?? '3des',
      friendlyName: options.name,
      generateLocalKeyId: true,
    },
  );
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/**
 * A TLS server identity for tests (a stand-in AEAT): certificate for `localhost` and 127.0.0.1,
 * signed by the test CA, with its key; trust it with `testCaPem()`.
 */
export function makeTestServerIdentity(): { certPem: string; keyPem: string; caPem: string } {
  const keys = leafKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = nextSerial();
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  cert.setSubject([{ name: 'commonName', value: 'localhost' }]);
  cert.setIssuer(testCaCertificate().subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
      ],
    },
  ]);
  cert.sign(caKeyPair().privateKey, forge.md.sha256.create());
  return {
    certPem: forge.pki.certificateToPem(cert),
    keyPem: forge.pki.privateKeyToPem(keys.privateKey),
    caPem: testCaPem(),
  };
}
