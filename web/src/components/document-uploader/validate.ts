/**
 * The uploader's own checks before anything is sent (spec part 2 §5: type and 50 MB, with the
 * spec's messages). Only a first filter: the worker checks the bytes (DOC_041/DOC_042).
 */
import {
  extensionOf,
  invalidTypeMessage,
  MAX_DOCUMENT_BYTES,
  READABLE_EXTENSIONS,
  SENDING_EXTENSIONS,
  tooLargeMessage,
} from '@shared/schemas/documents';

export type UploadPurpose = 'READ' | 'SEND';

/** Spec part 2 §5, word for word. */
export const NO_FILES_MESSAGE = 'Por favor selecciona al menos un archivo para subir';
export const emptyFileMessage = (file: string): string => `El archivo "${file}" está vacío`;

export const allowedExtensions = (purpose: UploadPurpose): readonly string[] =>
  purpose === 'SEND' ? SENDING_EXTENSIONS : READABLE_EXTENSIONS;

/** The `accept` attribute of the file picker. */
export const acceptAttribute = (purpose: UploadPurpose): string =>
  allowedExtensions(purpose)
    .map((ext) => `.${ext}`)
    .join(',');

/** Why this file cannot be uploaded, or null when it may. */
export function checkFile(file: { name: string; size: number }, purpose: UploadPurpose): string | null {
  if (!allowedExtensions(purpose).includes(extensionOf(file.name))) return invalidTypeMessage(file.name);
  if (file.size > MAX_DOCUMENT_BYTES) return tooLargeMessage(file.name);
  if (file.size === 0) return emptyFileMessage(file.name);
  return null;
}
