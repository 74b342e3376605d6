/**
 * Demo document sharing for `npm start` (issue 21 item 2), through the REST API as the demo gestor
 * would do it, after the documents seed (seed-documents.ts): the gestor shares the digital supplier
 * invoice it uploaded to Panadería La Espiga SL with the bakery's client (cliente@cuadra.test),
 * downloadable and asking for its approval, so the client's 'Compartidos por tu gestoría' shows it
 * with 'Ver', 'Descargar' and 'Aprobar'. Idempotent: a document already shared with that client
 * is left as it is.
 */

import type { Page } from '@shared/api/envelope';
import type { DocumentSummary } from '@shared/schemas/documents';
import type { CompanySharesAnswer, ShareDocumentAnswer, ShareDocumentBody } from '@shared/schemas/sharing';
import { DEMO_INVOICING_COMPANY } from './seed-invoicing';
import { type ApiResponse, apiClient } from './testing/api';
import type { LocalCloudInfo } from './types';

const GESTOR = 'gestor@cuadra.test';
const CLIENT = 'cliente@cuadra.test';

/** The note the demo share carries. */
export const DEMO_SHARE_MESSAGE = 'Te comparto la factura del proveedor de este mes para que la revises.';

function ok<T>(res: ApiResponse<T>, what: string): T {
  if (!res.body.success)
    throw new Error(`demo sharing: ${what} failed (${res.status}): ${JSON.stringify(res.body.error)}`);
  return res.body.data;
}

export async function seedDemoSharing(
  info: Pick<LocalCloudInfo, 'url'>,
  log: (msg: string) => void = () => {},
): Promise<void> {
  const api = apiClient(info.url);
  const companyId = DEMO_INVOICING_COMPANY;
  const gestor = await api.login(GESTOR);
  // The documents seed uploads in the background: wait (a minute at most) for its bytes to be checked.
  const deadline = Date.now() + 60_000;
  let doc: DocumentSummary | undefined;
  for (;;) {
    const docs = ok(
      await api.request<Page<DocumentSummary>>('GET', '/api/v1/documents', {
        token: gestor,
        companyId,
        query: { size: '100', sortBy: 'createdAt', sortDir: 'asc', origin: 'UPLOAD' },
      }),
      'list documents',
    );
    const candidates = docs.content.filter((d) => !d.isConfidential && d.status !== 'FAILED');
    doc = candidates.find((d) => d.fileName.startsWith('factura-')) ?? candidates[0];
    if (doc?.status !== 'UPLOADING' || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  if (!doc || doc.status === 'UPLOADING') {
    log('demo sharing: no uploaded document to share yet');
    return;
  }
  const sharesPath = `/api/v1/companies/${companyId}/documents/shares`;
  const overview = ok(
    await api.request<CompanySharesAnswer>('GET', sharesPath, {
      token: gestor,
      companyId,
      query: { documentId: doc.documentId, size: '100' },
    }),
    'list shares',
  );
  const client = overview.clients.find((c) => c.email === CLIENT);
  if (!client) throw new Error(`demo sharing: ${CLIENT} is not a client of ${companyId}`);
  if (overview.content.some((s) => s.clientId === client.userId)) return;
  const body: ShareDocumentBody = {
    documentId: doc.documentId,
    clientIds: [client.userId],
    permissions: { download: true },
    expiresAt: null,
    requiresApproval: true,
    message: DEMO_SHARE_MESSAGE,
  };
  const res = ok(
    await api.request<ShareDocumentAnswer>(
      'POST',
      `/api/v1/companies/${companyId}/documents/${doc.documentId}/shares`,
      {
        token: gestor,
        companyId,
        body,
      },
    ),
    'share',
  );
  log(`demo sharing: "${doc.fileName}" shared with ${CLIENT} (${res.created} new)`);
}
