/**
 * A small test PKI for the SII transport tests: a CA, a server identity for `localhost` it signs (a
 * stand-in AEAT that demands a client certificate) and a client PKCS#12 like a company's (CN
 * "NAME - NIF"). Key pairs come from Node's native generator and are made once per process.
 */

import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

interface KeyPair {
  privateKey: forge.pki.rsa.PrivateKey;
  publicKey: forge.pki.rsa.PublicKey;
}

function keyPair(): KeyPair {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

let serial = 0;
const certificate = (
  subject: forge.pki.CertificateField[],
  issuer: forge.pki.CertificateField[],
  publicKey: forge.pki.rsa.PublicKey,
  signer: forge.pki.rsa.PrivateKey,
  extensions: object[],
) => {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `1${(++serial).toString(16).padStart(4, '0')}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions(extensions);
  cert.sign(signer, forge.md.sha256.create());
  return cert;
};

/** The CA, the server identity and a client .p12 signed by it, all as a test needs them. */
export function testPki(client: { nif: string; name: string; password: string }) {
  const caKeys = keyPair();
  const leafKeys = keyPair();
  const caName = [{ name: 'commonName', value: 'AC Pruebas SII' }];
  const ca = certificate(caName, caName, caKeys.publicKey, caKeys.privateKey, [
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  const server = certificate(
    [{ name: 'commonName', value: 'localhost' }],
    caName,
    leafKeys.publicKey,
    caKeys.privateKey,
    [
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  );
  const leaf = certificate(
    [{ name: 'commonName', value: `${client.name} - ${client.nif}` }],
    caName,
    leafKeys.publicKey,
    caKeys.privateKey,
    [{ name: 'extKeyUsage', clientAuth: true }],
  );
  const p12 = forge.pkcs12.toPkcs12Asn1(leafKeys.privateKey, [leaf], client.password, { algorithm: '3des' });
  return {
    caPem: forge.pki.certificateToPem(ca),
    server: {
      certPem: forge.pki.certificateToPem(server),
      keyPem: forge.pki.privateKeyToPem(leafKeys.privateKey),
    },
    clientP12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'),
  };
}
