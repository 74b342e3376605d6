import { describe, expect, it } from 'vitest';
import {
  certificateFileProblem,
  expiryLevel,
  expiryMessage,
  MAX_CERTIFICATE_BYTES,
} from './certificate-file';

describe('certificate file checks before the upload', () => {
  it('accepts .p12 and .pfx up to 50 KB', () => {
    expect(certificateFileProblem({ name: 'empresa.p12', size: 4_000 })).toBeNull();
    expect(certificateFileProblem({ name: 'EMPRESA.PFX', size: MAX_CERTIFICATE_BYTES })).toBeNull();
  });

  it('refuses other extensions, empty files and files over 50 KB', () => {
    expect(certificateFileProblem({ name: 'empresa.pem', size: 4_000 })).toBe(
      'El certificado debe ser un archivo .p12 o .pfx.',
    );
    expect(certificateFileProblem({ name: 'empresa.p12', size: 0 })).toBe(
      'El archivo del certificado está vacío.',
    );
    expect(certificateFileProblem({ name: 'empresa.p12', size: MAX_CERTIFICATE_BYTES + 1 })).toBe(
      'El certificado no puede superar los 50 KB.',
    );
  });

  it('warns under 30 days to expiry and after it', () => {
    expect(expiryLevel(30)).toBe('ok');
    expect(expiryMessage(30)).toBeNull();
    expect(expiryLevel(29)).toBe('soon');
    expect(expiryMessage(29)).toBe('El certificado caduca en 29 días.');
    expect(expiryMessage(1)).toBe('El certificado caduca en 1 día.');
    expect(expiryMessage(0)).toBe('El certificado caduca hoy.');
    expect(expiryLevel(-1)).toBe('expired');
    expect(expiryMessage(-1)).toMatch(/ha caducado/);
  });
});
