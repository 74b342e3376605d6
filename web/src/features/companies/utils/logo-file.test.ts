import { LOGO_MESSAGES } from '@shared/schemas/company-logo';
import { describe, expect, it } from 'vitest';
import { pngHeaderBytes } from '../testing/logo-bytes';
import { bytesToBase64, logoBytesProblem, logoFileProblem, readFileBytes } from './logo-file';

describe('logoFileProblem', () => {
  it('accepts PNG and JPEG up to exactly 5 MB', () => {
    expect(logoFileProblem({ name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(logoFileProblem({ name: 'a.jpg', type: 'image/jpeg', size: 10 })).toBeNull();
  });

  it("refuses SVG, other types and larger files with the spec's messages", () => {
    expect(logoFileProblem({ name: 'a.svg', type: 'image/svg+xml', size: 10 })).toBe(
      'Tipo de archivo no permitido para logos. Tipos permitidos: PNG, JPEG',
    );
    expect(logoFileProblem({ name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe(
      'El logo es demasiado grande. Máximo: 5MB',
    );
  });

  it('decides by the extension when the browser gives no type', () => {
    expect(logoFileProblem({ name: 'LOGO.JPEG', type: '', size: 10 })).toBeNull();
    expect(logoFileProblem({ name: 'logo.webp', type: '', size: 10 })).toBe(LOGO_MESSAGES.TYPE_NOT_ALLOWED);
  });
});

describe('logoBytesProblem', () => {
  it('reads the dimensions from the header and applies 100-2000 px and the 0.1-10 ratio', () => {
    expect(logoBytesProblem(pngHeaderBytes(400, 200))).toBeNull();
    expect(logoBytesProblem(pngHeaderBytes(4000, 1000))).toBe(
      'El logo es demasiado grande. Máximo: 2000x2000px',
    );
    expect(logoBytesProblem(pngHeaderBytes(80, 200))).toBe('El logo es demasiado pequeño. Mínimo: 100x100px');
    expect(logoBytesProblem(pngHeaderBytes(1500, 120))).toBe(
      'El logo tiene proporciones extremas. Use una imagen más cuadrada',
    );
  });

  it('refuses an SVG by its content (whatever it is called) and an unreadable header', () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect(logoBytesProblem(svg)).toBe(LOGO_MESSAGES.TYPE_NOT_ALLOWED);
    expect(logoBytesProblem(pngHeaderBytes(400, 200).subarray(0, 20))).toBe(
      'No se pudo procesar la imagen. Verifique que el archivo no esté corrupto',
    );
  });
});

describe('reading the file', () => {
  it('gives the bytes, and them as base64 without a data: prefix', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0x00, 0x10]);
    expect(await readFileBytes(new Blob([bytes], { type: 'image/jpeg' }))).toEqual(bytes);
    expect(bytesToBase64(bytes)).toBe(btoa(String.fromCharCode(...bytes)));
    const big = new Uint8Array(100_000).map((_, i) => i % 251);
    expect(atob(bytesToBase64(big)).length).toBe(100_000);
  });
});
