/** What an uploaded logo is, told by its bytes (never by its name): PNG or JPEG only. Pure. */

import { AppError } from '@shared/api/errors';
import { MAX_LOGO_BYTES } from '@shared/schemas/companies';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

export function logoContentType(bytes: Uint8Array): 'image/png' | 'image/jpeg' {
  if (bytes.length === 0) {
    throw new AppError('CORE_004', 'El archivo está vacío.', {
      field: 'contentBase64',
      details: { reason: 'EMPTY' },
    });
  }
  if (bytes.length > MAX_LOGO_BYTES) {
    throw new AppError('CORE_004', 'El logotipo no puede superar los 512 KB.', {
      field: 'contentBase64',
      details: { reason: 'TOO_LARGE' },
    });
  }
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  throw new AppError('CORE_004', 'El logotipo debe ser una imagen PNG o JPEG.', {
    field: 'contentBase64',
    details: { reason: 'NOT_AN_IMAGE' },
  });
}
