import { checkLogoHeader, LOGO_MESSAGES, MAX_LOGO_BYTES } from '@shared/schemas/company-logo';

const LOGO_TYPES = new Set(['image/png', 'image/jpeg']);
const LOGO_EXTENSION = /\.(png|jpe?g)$/i;

/**
 * Why a file cannot be the invoice logo by its type and size (the spec's Spanish messages), or
 * null when it can. The header rules follow in `logoBytesProblem`; the server checks both again.
 */
export function logoFileProblem(file: { name: string; type: string; size: number }): string | null {
  // Some systems give no MIME type; then the extension decides (the server checks the content).
  const typeOk = file.type ? LOGO_TYPES.has(file.type) : LOGO_EXTENSION.test(file.name);
  if (!typeOk) return LOGO_MESSAGES.TYPE_NOT_ALLOWED;
  if (file.size > MAX_LOGO_BYTES) return LOGO_MESSAGES.TOO_HEAVY;
  return null;
}

/** Why the file's content breaks the logo rules (type by content, 100-2000 px, ratio 0.1-10), or null. */
export function logoBytesProblem(bytes: Uint8Array): string | null {
  const checked = checkLogoHeader(bytes);
  return 'problem' in checked ? checked.problem.message : null;
}

/** The file's bytes. */
export async function readFileBytes(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

/** Bytes as plain base64 (no `data:` prefix), in slices so a 5 MB file does not overflow the stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
