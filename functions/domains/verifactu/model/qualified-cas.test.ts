import { createHash, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { QUALIFIED_CAS } from './qualified-cas';

describe('QUALIFIED_CAS (the trust list as data)', () => {
  it.each(QUALIFIED_CAS.map((root) => [root.name, root] as const))(
    '%s: a self-signed CA whose SPKI hash and name are the ones recorded',
    (_name, root) => {
      const cert = new X509Certificate(Buffer.from(root.certificateDer, 'base64'));
      const spki = cert.publicKey.export({ type: 'spki', format: 'der' });
      expect(createHash('sha256').update(spki).digest('base64')).toBe(root.spkiSha256);
      expect(cert.ca).toBe(true);
      expect(cert.checkIssued(cert) && cert.verify(cert.publicKey)).toBe(true);
      expect(cert.subject).toContain(root.name.replace(/ \(\d{4}\)$/, ''));
      expect(cert.subject).toMatch(/C=ES|C=EU/);
    },
  );

  it('covers the main Spanish qualified providers', () => {
    expect(new Set(QUALIFIED_CAS.map((r) => r.provider))).toEqual(
      new Set(['FNMT-RCM', 'ACCV', 'Firmaprofesional', 'Izenpe', 'Camerfirma']),
    );
  });
});
