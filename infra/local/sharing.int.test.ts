/**
 * Document sharing (issue 21 item 2) against the local cloud, over real HTTP: the demo gestor
 * uploads a PDF to Panadería La Espiga and shares it view-only with the bakery's client
 * (cliente@cuadra.test); the client finds it in its shared documents, views the bytes, and is refused
 * the download with the spec's message; shared again with the download allowed, the client
 * downloads the very bytes uploaded; revoked, it is gone for the client.
 */

import type { DocumentDetails, DocumentStatus } from '@shared/schemas/documents';
import {
  type CompanySharesAnswer,
  SHARE_VIEW_ONLY_MESSAGE,
  type ShareDocumentAnswer,
  type SharedDocument,
  type SharedDocumentPage,
} from '@shared/schemas/sharing';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const PANADERIA = 'demo-panaderia-espiga';
const CLIENT_EMAIL = 'cliente@cuadra.test';
const run = Date.now().toString(36).toUpperCase().slice(-5);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Res<T> = Awaited<ReturnType<typeof api.request<T>>>;
const dataOf = <T>(res: Res<T>): T => {
  if (!res.body.success) throw new Error(`${res.status} ${JSON.stringify(res.body.error)}`);
  return res.body.data;
};

async function summaryPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(`Resumen del trimestre ${run}`, { x: 50, y: 790, size: 14, font });
  page.drawText('Panadería La Espiga SL', { x: 50, y: 770, size: 10, font });
  return pdf.save();
}

/** GET of a binary route: the status, the bytes, and the envelope when it is a refusal. */
async function fetchFile(token: string, path: string) {
  const res = await fetch(new URL(path, cloud.url), {
    headers: {
      authorization: `Bearer ${token}`,
      'x-company-id': PANADERIA,
      'x-forwarded-for': '198.18.21.2',
    },
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
  return {
    status: res.status,
    bytes,
    disposition: res.headers.get('content-disposition'),
    error: isJson
      ? (JSON.parse(Buffer.from(bytes).toString('utf8')) as { error?: { message: string } }).error
      : undefined,
  };
}

describe('document sharing (local cloud)', () => {
  let gestor: string;
  let client: string;
  let clientId: string;
  let pdf: Uint8Array;
  let documentId: string;

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    client = await api.login(CLIENT_EMAIL);
    pdf = await summaryPdf();
    const form = new FormData();
    form.append('file', new Blob([Uint8Array.from(pdf)], { type: 'application/pdf' }), `resumen-${run}.pdf`);
    form.append('documentType', 'TAX');
    form.append('purpose', 'SEND');
    const res = await fetch(new URL('/api/v1/documents/upload', cloud.url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${gestor}`,
        'x-company-id': PANADERIA,
        'x-forwarded-for': '198.18.21.1',
      },
      body: form,
    });
    const body = (await res.json()) as { success: boolean; data: DocumentDetails; error?: unknown };
    if (!body.success) throw new Error(`upload -> ${res.status} ${JSON.stringify(body.error)}`);
    documentId = body.data.documentId;
    // The bytes are checked in the background: wait until the document has left UPLOADING.
    const deadline = Date.now() + 60_000;
    let status: DocumentStatus = body.data.status;
    while (status === 'UPLOADING') {
      if (Date.now() > deadline) throw new Error(`document ${documentId} still UPLOADING`);
      await sleep(500);
      status = dataOf(
        await api.request<DocumentDetails>('GET', `/api/v1/documents/${documentId}`, {
          token: gestor,
          companyId: PANADERIA,
        }),
      ).status;
    }
    const overview = dataOf(
      await api.request<CompanySharesAnswer>('GET', `/api/v1/companies/${PANADERIA}/documents/shares`, {
        token: gestor,
        companyId: PANADERIA,
      }),
    );
    const found = overview.clients.find((c) => c.email === CLIENT_EMAIL);
    if (!found) throw new Error(`${CLIENT_EMAIL} is not a client of ${PANADERIA}`);
    clientId = found.userId;
  });

  const share = (download: boolean) =>
    api.request<ShareDocumentAnswer>(
      'POST',
      `/api/v1/companies/${PANADERIA}/documents/${documentId}/shares`,
      {
        token: gestor,
        companyId: PANADERIA,
        body: { documentId, clientIds: [clientId], permissions: { download } },
      },
    );

  it('shares view-only: the client lists and views it, and cannot download it', async () => {
    const res = await share(false);
    expect(res.status).toBe(201);
    const shared = dataOf(res).shares[0]!;
    expect(shared).toMatchObject({
      documentId,
      clientId,
      status: 'ACTIVE',
      permissions: { download: false },
    });

    const list = dataOf(
      await api.request<SharedDocumentPage>('GET', '/api/v1/client/shared-documents', {
        token: client,
        companyId: PANADERIA,
        query: { search: `resumen-${run}` },
      }),
    );
    expect(list.content.map((s) => s.id)).toEqual([shared.id]);
    expect(list.content[0]).toMatchObject({
      name: `resumen-${run}.pdf`,
      type: 'TAX',
      permissions: { download: false },
    });

    const view = await fetchFile(client, `/api/v1/client/shared-documents/${shared.id}/view`);
    expect(view.status).toBe(200);
    expect(Buffer.from(view.bytes).equals(Buffer.from(pdf))).toBe(true);

    const download = await fetchFile(client, `/api/v1/client/shared-documents/${shared.id}/download`);
    expect(download.status).toBe(403);
    expect(download.error?.message).toBe(SHARE_VIEW_ONLY_MESSAGE);
  });

  it('shared again with the download allowed, the client downloads the bytes; revoked, it is gone', async () => {
    const again = dataOf(await share(true));
    expect(again).toMatchObject({ created: 0, updated: 1 });
    const shared = again.shares[0]!;
    const download = await fetchFile(client, `/api/v1/client/shared-documents/${shared.id}/download`);
    expect(download.status).toBe(200);
    expect(download.disposition).toContain('attachment');
    expect(Buffer.from(download.bytes).equals(Buffer.from(pdf))).toBe(true);

    const revoked = dataOf(
      await api.request<SharedDocument>(
        'DELETE',
        `/api/v1/companies/${PANADERIA}/documents/shares/${shared.id}`,
        {
          token: gestor,
          companyId: PANADERIA,
        },
      ),
    );
    expect(revoked.status).toBe('REVOKED');
    expect(revoked.downloadCount).toBeGreaterThanOrEqual(1);
    const gone = await fetchFile(client, `/api/v1/client/shared-documents/${shared.id}/view`);
    expect(gone.status).toBe(404);
  });
});
