/**
 * `GET documents.view` (inline, for the preview) and `GET documents.download` (attachment): the
 * file as a Blob through the shared download module. An answer with a link (a presigned S3 URL) is
 * followed as it is.
 */
import { apiDownload } from '@web/lib/api-download';

export type DocumentFile = { kind: 'blob'; blob: Blob; filename: string } | { kind: 'url'; url: string };

export async function getDocumentFile(
  mode: 'view' | 'download',
  documentId: string,
  companyId: string | null,
  fallbackName: string,
  signal?: AbortSignal,
): Promise<DocumentFile> {
  const answer = await apiDownload(
    mode === 'view' ? 'documents.view' : 'documents.download',
    { params: { documentId }, companyId, signal },
    fallbackName,
  );
  if (answer.kind === 'file') return { kind: 'blob', blob: answer.blob, filename: answer.filename };
  const data = answer.data as { url?: unknown; downloadUrl?: unknown } | null;
  const url =
    typeof data?.url === 'string'
      ? data.url
      : typeof data?.downloadUrl === 'string'
        ? data.downloadUrl
        : null;
  if (!url) throw new Error('El servidor no devolvió el archivo.');
  return { kind: 'url', url };
}

/** Saves the document with its name (a link with `download`). */
export async function downloadDocument(documentId: string, companyId: string | null, fileName: string) {
  const file = await getDocumentFile('download', documentId, companyId, fileName);
  const href = file.kind === 'blob' ? URL.createObjectURL(file.blob) : file.url;
  const link = document.createElement('a');
  link.href = href;
  link.download = file.kind === 'blob' ? file.filename : fileName;
  link.rel = 'noopener';
  link.click();
  if (file.kind === 'blob') setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
