import { MAX_LOGO_BYTES } from '@shared/schemas/companies';
import { describe, expect, it } from 'vitest';
import { logoContentType } from './logo';

describe('logo content', () => {
  it('tells PNG and JPEG by their bytes, whatever the file is called', () => {
    expect(logoContentType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]))).toBe(
      'image/png',
    );
    expect(logoContentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe('image/jpeg');
  });

  it('refuses anything else, empty files and files over 512 KB with CORE_004 in Spanish', () => {
    const gif = new TextEncoder().encode('GIF89a....');
    expect(() => logoContentType(gif)).toThrowError(
      expect.objectContaining({ code: 'CORE_004', message: 'El logotipo debe ser una imagen PNG o JPEG.' }),
    );
    expect(() => logoContentType(new Uint8Array())).toThrowError(
      expect.objectContaining({ code: 'CORE_004' }),
    );
    const big = new Uint8Array(MAX_LOGO_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(() => logoContentType(big)).toThrowError(
      expect.objectContaining({ message: 'El logotipo no puede superar los 512 KB.' }),
    );
  });
});
