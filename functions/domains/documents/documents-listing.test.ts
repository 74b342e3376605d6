/**
 * What the documents lists and the alerts answer (issue 17 follow-ups): the lists' `search` over the
 * file name and the reading (supplier name and NIF, invoice number), case and accent insensitive, on
 * the three list routes; the document alerts (spec part 3 "Document alert"): newest first, limit
 * default 10 and at most 50, the category by name, and a client's alerts of its own uploads only;
 * and the links of the reading notifications (the pages' own parameters).
 */

import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { DocumentListQuery, type DocumentSummary } from '@shared/schemas/documents';
import { beforeEach, describe, expect, it } from 'vitest';
import { clientDocumentsListRoute } from './actions/client-documents-list';
import { documentCategoriesCreate } from './actions/document-categories-create';
import { DocumentAlertsQuery, documentsAlerts } from './actions/documents-alerts';
import { listDocuments } from './actions/documents-list';
import { documentsListByCompanyRoute } from './actions/documents-list-by-company';
import { matchesSearch, type Page } from './model/listing';
import { documentItem, type StoredDocument, toDetails } from './store/documents';
import { notifyDocument } from './store/notify';
import { COMPANY, documentsHarness, extraction, silentLog } from './testing/documents-harness';
import { pendingReview, storedDoc } from './testing/review-fixtures';

const h = documentsHarness();
beforeEach(() => h.reset());

const put = (doc: StoredDocument) => h.table.put(documentItem(doc));

const staffAuth: AuthContext = {
  userId: 'u-owner',
  username: 'owner',
  groups: ['GESTOR'],
  role: 'GESTOR',
  isAdmin: false,
};
const staffScope: CompanyScope = {
  companyId: COMPANY,
  membership: {
    companyId: COMPANY,
    userId: 'u-owner',
    companyRole: 'OWNER',
    permissions: [],
    isActive: true,
  },
};
const clientAuth: AuthContext = {
  userId: 'u-client',
  username: 'client',
  groups: ['CLIENTE'],
  role: 'CLIENTE',
  isAdmin: false,
};
const clientScope: CompanyScope = {
  companyId: COMPANY,
  membership: {
    companyId: COMPANY,
    userId: 'u-client',
    companyRole: 'CLIENTE',
    permissions: ['UPLOAD_DOCUMENTS'],
    isActive: true,
  },
};

const query = (search: string) => DocumentListQuery.parse({ search });
// The route's answer is `unknown` to the handler table; it is a page of documents.
const listClient = (input: Parameters<typeof clientDocumentsListRoute.run>[0], deps: typeof h.deps) =>
  clientDocumentsListRoute.run(input, deps) as Promise<Page<DocumentSummary>>;
const request = { requestId: 'req-1', log: silentLog, headers: {}, body: undefined };

/** Three read invoices of three suppliers, one uploaded by the client through its portal. */
function putInvoices() {
  put(
    storedDoc('d1', {
      fileName: 'factura-luz-marzo.pdf',
      extraction: extraction({
        supplierName: 'Compañía Eléctrica del Túria SA',
        supplierNif: 'A46000002',
        invoiceNumber: 'LUZ/2026/0301',
      }),
    }),
  );
  put(
    storedDoc('d2', {
      fileName: 'ticket.jpg',
      origin: 'CLIENT_UPLOAD',
      uploadedBy: 'u-client',
      extraction: extraction({
        supplierName: 'Papelería Núñez SL',
        supplierNif: 'B46000010',
        invoiceNumber: 'T-88',
      }),
    }),
  );
  put(storedDoc('d3', { fileName: 'contrato.pdf', documentType: 'CONTRACT', extraction: null }));
}

describe('search', () => {
  it('matches the file name, supplier name, NIF and invoice number, ignoring case, accents and separators', () => {
    const d = {
      fileName: 'Factura_Marzo.PDF',
      description: null,
      extraction: extraction({
        supplierName: 'Compañía Eléctrica del Túria SA',
        supplierNif: 'A46000002',
        invoiceNumber: 'LUZ/2026/0301',
      }),
    };
    for (const hit of [
      'factura_marzo',
      'ELECTRICA DEL TURIA',
      'compania',
      'a46000002',
      'ES A-46.000.002',
      'luz 2026 0301',
      'luz/2026',
    ])
      expect(matchesSearch(d, hit), hit).toBe(true);
    for (const miss of ['B46000010', 'abril', 'LUZ/2025']) expect(matchesSearch(d, miss), miss).toBe(false);
    // A document not read yet is found by its name only.
    expect(matchesSearch({ ...d, extraction: null }, 'turia')).toBe(false);
    expect(matchesSearch({ ...d, extraction: null }, 'marzo')).toBe(true);
  });

  it('filters documents.list and documents.listByCompany (count and pages follow the search)', async () => {
    putInvoices();

    const byName = await listDocuments(h.deps, {
      auth: staffAuth,
      scope: staffScope,
      query: query('ELÉCTRICA'),
    });
    const byNif = await documentsListByCompanyRoute.run(
      {
        ...request,
        auth: staffAuth,
        scope: staffScope,
        params: { companyId: COMPANY },
        query: query('b-46000010'),
      },
      h.deps,
    );
    const all = await listDocuments(h.deps, { auth: staffAuth, scope: staffScope, query: query('') });

    expect(byName.content.map((d) => d.documentId)).toEqual(['d1']);
    expect(byName.totalElements).toBe(1);
    expect(byNif).toMatchObject({ totalElements: 1, content: [{ documentId: 'd2' }] });
    expect(all.totalElements).toBe(3);
  });

  it('filters clientDocuments.list within what the caller may see', async () => {
    putInvoices();

    const mine = await listClient(
      { ...request, auth: clientAuth, scope: clientScope, params: undefined, query: query('T-88') },
      h.deps,
    );
    // The client searches for a supplier of a document it did not upload: nothing.
    const notMine = await listClient(
      { ...request, auth: clientAuth, scope: clientScope, params: undefined, query: query('eléctrica') },
      h.deps,
    );
    const staff = await listClient(
      { ...request, auth: staffAuth, scope: staffScope, params: undefined, query: query('papeleria nunez') },
      h.deps,
    );

    expect(mine.content.map((d) => d.documentId)).toEqual(['d2']);
    expect(notMine.totalElements).toBe(0);
    expect(staff.content.map((d) => d.documentId)).toEqual(['d2']);
  });
});

describe('document alerts', () => {
  const minute = (n: number) => new Date(Date.parse('2026-03-10T09:00:00.000Z') + n * 60_000).toISOString();

  it('answers the latest alert per document, newest first, with the spec fields and the category name', async () => {
    const cat = await documentCategoriesCreate(
      {
        companyId: COMPANY,
        body: { name: 'Suministros', documentType: 'INVOICE', keywords: [], color: '#8c8c8c', active: true },
      },
      h.deps,
    );
    put(storedDoc('d1', { status: 'INVOICE_CREATED', updatedAt: minute(1), categoryId: cat.categoryId }));
    put(
      storedDoc('d2', {
        status: 'OCR_FAILED',
        updatedAt: minute(3),
        extraction: null,
        error: { code: 'DOC_043', message: 'No se ha podido leer el documento.', retryable: false },
      }),
    );
    put(storedDoc('d3', { status: 'UPLOADING', updatedAt: minute(5), extraction: null }));
    put(storedDoc('d4', { status: 'OCR_PROCESSING', updatedAt: minute(2), extraction: null }));

    const alerts = await documentsAlerts(h.deps, {
      auth: staffAuth,
      scope: staffScope,
      query: DocumentAlertsQuery.parse({}),
    });

    expect(alerts.map((a) => [a.id, a.type, a.status])).toEqual([
      ['d2-OCR_FAILED', 'document_ocr_failed', 'error'],
      ['d4-OCR_PROCESSING', 'document_ocr_started', 'info'],
      ['d1-INVOICE_CREATED', 'document_invoice_created', 'success'],
    ]);
    expect(alerts[2]).toEqual({
      id: 'd1-INVOICE_CREATED',
      type: 'document_invoice_created',
      status: 'success',
      title: 'Factura creada',
      message: 'Se ha creado el borrador de la factura F-2026-001 desde "d1.pdf".',
      timestamp: minute(1),
      filename: 'd1.pdf',
      confidence: 0.95,
      invoiceNumber: 'F-2026-001',
      documentType: 'INVOICE',
      category: 'Suministros',
    });
    expect(alerts[0]!.message).toBe('No se ha podido leer el documento.');
    expect(alerts[0]!.confidence).toBeNull();
  });

  it('limits to 10 by default and to the limit asked; refuses more than 50', async () => {
    for (let i = 0; i < 12; i++)
      put(storedDoc(`d${String(i).padStart(2, '0')}`, { status: 'COMPLETED', updatedAt: minute(i) }));

    const byDefault = await documentsAlerts(h.deps, {
      auth: staffAuth,
      scope: staffScope,
      query: DocumentAlertsQuery.parse({}),
    });
    const five = await documentsAlerts(h.deps, {
      auth: staffAuth,
      scope: staffScope,
      query: DocumentAlertsQuery.parse({ limit: '5' }),
    });

    expect(byDefault).toHaveLength(10);
    expect(byDefault[0]!.id).toBe('d11-COMPLETED');
    expect(five.map((a) => a.id)).toEqual(['d11', 'd10', 'd09', 'd08', 'd07'].map((d) => `${d}-COMPLETED`));
    expect(DocumentAlertsQuery.safeParse({ limit: '51' }).success).toBe(false);
    expect(DocumentAlertsQuery.safeParse({ limit: '0' }).success).toBe(false);
  });

  it("gives a client the alerts of its own uploads only (its latest, not a share of the company's)", async () => {
    put(
      storedDoc('mine', {
        uploadedBy: 'u-client',
        origin: 'CLIENT_UPLOAD',
        status: 'COMPLETED',
        updatedAt: minute(0),
      }),
    );
    put(
      storedDoc('mine-secret', {
        uploadedBy: 'u-client',
        isConfidential: true,
        status: 'COMPLETED',
        updatedAt: minute(1),
      }),
    );
    for (let i = 0; i < 3; i++)
      put(
        storedDoc(`staff${i}`, {
          status: 'INVOICE_INCOMPLETE',
          updatedAt: minute(10 + i),
          review: pendingReview(),
        }),
      );

    const client = await documentsAlerts(h.deps, {
      auth: clientAuth,
      scope: clientScope,
      query: DocumentAlertsQuery.parse({ limit: '2' }),
    });
    const staff = await documentsAlerts(h.deps, {
      auth: staffAuth,
      scope: staffScope,
      query: DocumentAlertsQuery.parse({ limit: '50' }),
    });

    expect(client.map((a) => a.id)).toEqual(['mine-COMPLETED']);
    expect(staff).toHaveLength(5);
  });
});

describe('notification links', () => {
  it("open the draft with its company selected, or the document's drawer on the documents page", async () => {
    await notifyDocument(
      h.deps,
      'invoice_created',
      toDetails(storedDoc('d1', { status: 'INVOICE_CREATED' })),
      silentLog,
    );
    await notifyDocument(
      h.deps,
      'ocr_failed',
      toDetails(storedDoc('d2', { status: 'OCR_FAILED' })),
      silentLog,
    );

    const links = h.table
      .all('Notification')
      .map((n) => n.link)
      .sort();

    // The pages' parameters (web/src/lib/paths.ts): `company` selects the company, `document` opens it.
    expect(links).toEqual([
      `/app/admin/invoicing/expenses/ri-d1?company=${COMPANY}`,
      '/app/documents?document=d2',
    ]);
  });
});
