/**
 * The simulator's TLS identity: a local CA and a server certificate for localhost / 127.0.0.1,
 * made once and kept in its data folder (the CA's PEM is what the SOAP client is told to trust,
 * through envNames.aeatCaFile). Key pairs come from Node's native generator (node-forge's pure
 * JavaScript RSA takes seconds); node-forge writes the certificates.
 */

import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

export interface ServerIdentity {
  caFile: string;
  caPem: string;
  certPem: string;
  keyPem: string;
}

const FILES = { ca: 'ca.pem', caKey: 'ca-key.pem', cert: 'server.pem', key: 'server-key.pem' } as const;

function rsaKeyPair(): {
  privateKey: forge.pki.rsa.PrivateKey;
  publicKey: forge.pki.rsa.PublicKey;
  pem: string;
} {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e), pem: privateKey };
}

let serialCounter = 0;
/** Positive (leading 01), even-length hex, unique in the process. */
const serial = () =>
  `01${Date.now().toString(16).padStart(12, '0')}${(++serialCounter % 0x10000).toString(16).padStart(4, '0')}`;

function makeIdentity(): Omit<ServerIdentity, 'caFile'> & { caKeyPem: string } {
  const caKeys = rsaKeyPair();
  const ca = forge.pki.createCertificate();
  ca.publicKey = caKeys.publicKey;
  ca.serialNumber = serial();
  ca.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  ca.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000);
  const caName = [
    { name: 'countryName', value: 'ES' },
    { name: 'organizationName', value: 'Cuadra (entorno local)' },
    { name: 'commonName', value: 'AC Simulador AEAT local' },
  ];
  ca.setSubject(caName);
  ca.setIssuer(caName);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());

  const serverKeys = rsaKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = serverKeys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = ca.validity.notBefore;
  cert.validity.notAfter = new Date(Date.now() + 2 * 365 * 24 * 3600 * 1000);
  cert.setSubject([
    { name: 'countryName', value: 'ES' },
    { name: 'organizationName', value: 'Simulador AEAT (entorno local)' },
    { name: 'commonName', value: 'localhost' },
  ]);
  cert.setIssuer(caName);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
      ],
    },
  ]);
  cert.sign(caKeys.privateKey, forge.md.sha256.create());
  return {
    caPem: forge.pki.certificateToPem(ca),
    caKeyPem: caKeys.pem,
    certPem: forge.pki.certificateToPem(cert),
    keyPem: serverKeys.pem,
  };
}

/** A cached identity is reused while its server certificate is valid for at least another week. */
function usable(certPem: string): boolean {
  try {
    const cert = new X509Certificate(certPem);
    return (
      new Date(cert.validTo).getTime() > Date.now() + 7 * 24 * 3600 * 1000 &&
      cert.checkIP('127.0.0.1') !== undefined
    );
  } catch {
    return false;
  }
}

/** Reads the identity kept in `dir`, or makes one and keeps it there. */
export function ensureServerIdentity(dir: string): ServerIdentity {
  const file = (k: keyof typeof FILES) => path.join(dir, FILES[k]);
  const read = (k: keyof typeof FILES) =>
    fs.existsSync(file(k)) ? fs.readFileSync(file(k), 'utf8') : undefined;
  const [caPem, certPem, keyPem] = [read('ca'), read('cert'), read('key')];
  if (caPem && certPem && keyPem && usable(certPem)) return { caFile: file('ca'), caPem, certPem, keyPem };
  const made = makeIdentity();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file('caKey'), made.caKeyPem, { mode: 0o600 });
  fs.writeFileSync(file('key'), made.keyPem, { mode: 0o600 });
  fs.writeFileSync(file('cert'), made.certPem);
  fs.writeFileSync(file('ca'), made.caPem);
  return { caFile: file('ca'), caPem: made.caPem, certPem: made.certPem, keyPem: made.keyPem };
}

/**
 * A client certificate like the FNMT's for a legal entity representative (subject serialNumber
 * `IDCES-<NIF>`, CN `NAME - NIF`), self-signed: the simulator records who presented, it does not
 * check the issuer. For tests.
 */
export function makeClientCertificate(opts: { nif: string; name: string }): {
  certPem: string;
  keyPem: string;
  serialNumber: string;
} {
  const keys = rsaKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  const subject = [
    { name: 'countryName', value: 'ES' },
    { type: '2.5.4.5', value: `IDCES-${opts.nif}` },
    { name: 'commonName', value: `${opts.name} - ${opts.nif}` },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', clientAuth: true },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem: keys.pem, serialNumber: cert.serialNumber };
}
