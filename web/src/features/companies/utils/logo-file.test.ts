import { describe, expect, it } from 'vitest';
import { logoFileProblem, readFileAsBase64 } from './logo-file';

describe('logoFileProblem', () => {
  it('accepts PNG and JPEG up to exactly 512 KB', () => {
    expect(logoFileProblem({ name: 'a.png', type: 'image/png', size: 512 * 1024 })).toBeNull();
    expect(logoFileProblem({ name: 'a.jpg', type: 'image/jpeg', size: 10 })).toBeNull();
  });

  it('refuses other types and larger files in Spanish', () => {
    expect(logoFileProblem({ name: 'a.svg', type: 'image/svg+xml', size: 10 })).toBe(
      'El logotipo debe ser PNG o JPEG.',
    );
    expect(logoFileProblem({ name: 'a.png', type: 'image/png', size: 512 * 1024 + 1 })).toBe(
      'El logotipo no puede superar los 512 KB.',
    );
  });

  it('decides by the extension when the browser gives no type', () => {
    expect(logoFileProblem({ name: 'LOGO.JPEG', type: '', size: 10 })).toBeNull();
    expect(logoFileProblem({ name: 'logo.webp', type: '', size: 10 })).toBe(
      'El logotipo debe ser PNG o JPEG.',
    );
  });
});

describe('readFileAsBase64', () => {
  it('gives the bytes as base64 without the data: prefix', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0x00, 0x10]);
    expect(await readFileAsBase64(new Blob([bytes], { type: 'image/jpeg' }))).toBe(
      btoa(String.fromCharCode(...bytes)),
    );
  });
});
