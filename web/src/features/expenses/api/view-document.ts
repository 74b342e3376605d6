/**
 * `GET documents.view`: the document a received invoice was drafted from, opened in a new tab (a
 * blob URL of the file, or the presigned link the API answers). Through the shared download module:
 * features may not import each other, so this does not borrow the documents feature's fetcher.
 */
import { apiDownload } from '@web/lib/api-download';

export async function documentViewUrl(documentId: string, companyId: string): Promise<string> {
  const answer = await apiDownload('documents.view', { params: { documentId }, companyId }, 'documento');
  if (answer.kind === 'file') return URL.createObjectURL(answer.blob);
  const data = answer.data as { url?: unknown; downloadUrl?: unknown } | null;
  const url =
    typeof data?.url === 'string'
      ? data.url
      : typeof data?.downloadUrl === 'string'
        ? data.downloadUrl
        : null;
  if (!url) throw new Error('El servidor no devolvió el documento.');
  return url;
}

/**
 * Opens the document in a new tab. The tab is opened before the request (a tab opened after an
 * await is blocked as a pop-up) and closed again if the file does not come.
 */
export async function openDocument(documentId: string, companyId: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await documentViewUrl(documentId, companyId);
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch (error) {
    tab?.close();
    throw error;
  }
}
