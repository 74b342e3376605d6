import { MAX_LOGO_BYTES } from '@shared/schemas/companies';

const LOGO_TYPES = new Set(['image/png', 'image/jpeg']);
const LOGO_EXTENSION = /\.(png|jpe?g)$/i;

/** Why a file cannot be the invoice logo (Spanish, for the screen), or null when it can. */
export function logoFileProblem(file: { name: string; type: string; size: number }): string | null {
  // Some systems give no MIME type; then the extension decides (the server checks the content).
  const typeOk = file.type ? LOGO_TYPES.has(file.type) : LOGO_EXTENSION.test(file.name);
  if (!typeOk) return 'El logotipo debe ser PNG o JPEG.';
  if (file.size > MAX_LOGO_BYTES) return 'El logotipo no puede superar los 512 KB.';
  return null;
}

/** The file's bytes as plain base64 (no `data:` prefix). */
export function readFileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const dataUrl = String(reader.result ?? '');
      resolve(dataUrl.slice(dataUrl.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('No se ha podido leer el archivo.'));
    reader.readAsDataURL(file);
  });
}
