import { createSecureContext } from 'node:tls';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { makeTestP12, TEST_CA_NAME } from './certificates';

describe('makeTestP12', () => {
  it('builds a PKCS#12 that Node TLS loads with the password', () => {
    const pfx = makeTestP12({ nif: '12345678Z', name: 'ROMERO GIL JAVIER', password: 'secreto' });
    expect(() => createSecureContext({ pfx, passphrase: 'secreto' })).not.toThrow();
    const aes = makeTestP12({ nif: '12345678Z', name: 'X', password: 'p', algorithm: 'aes256' });
    expect(() => createSecureContext({ pfx: aes, passphrase: 'p' })).not.toThrow();
  });

  it('carries the subject serialNumber and the test CA as issuer', () => {
    const pfx = makeTestP12({ nif: 'B12345674', name: 'PANADERIA LA ESPIGA SL', password: 'x' });
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(pfx.toString('binary')), 'x');
    const certBag = forge.pki.oids.certBag as string;
    const bags = p12.getBags({ bagType: certBag })[certBag] ?? [];
    const leaf = bags
      .map((b: forge.pkcs12.Bag) => b.cert!)
      .find((c: forge.pki.Certificate) => c.subject.getField({ name: 'commonName' })?.value !== TEST_CA_NAME);
    expect(leaf?.subject.getField({ type: '2.5.4.5' })?.value).toBe('IDCES-B12345674');
    expect(leaf?.issuer.getField({ name: 'commonName' })?.value).toBe(TEST_CA_NAME);
  });
});
