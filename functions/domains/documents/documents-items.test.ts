/**
 * The document item's own rules (issue 17 follow-ups, store/documents.ts): the reviewer's
 * corrections stay internal, a reading given up for good (OCR_FAILED / TECHNICAL_ERROR) is in the
 * month's readings index so the admin failure rate counts it, and the documents' and the client
 * portal's category routes file a document as the reviewers do (usage in the same transaction, a
 * switched-off or unknown category refused, on the document's revision).
 */

import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { AppError } from '@shared/api/errors';
import type { DocumentDetails } from '@shared/schemas/documents';
import { beforeEach, describe, expect, it } from 'vitest';
import { aiMetricsGlobal } from './actions/ai-metrics-global';
import { clientDocumentsUpdateCategoryRoute } from './actions/client-documents-update-category';
import { documentCategoriesCreate } from './actions/document-categories-create';
import { documentsGetRoute } from './actions/documents-get';
import { documentsUpdateCategoryRoute } from './actions/documents-update-category';
import { getCategory } from './store/categories';
import { documentItem, getDocument, type StoredDocument, toDetails, toSummary } from './store/documents';
import { platformReadings } from './store/metrics';
import { approveDocument } from './store/reviews';
import { COMPANY, documentsHarness, silentLog, T0 } from './testing/documents-harness';
import { storedDoc } from './testing/review-fixtures';

const h = documentsHarness();
beforeEach(() => h.reset());

const put = (doc: StoredDocument) => h.table.put(documentItem(doc));

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

const auth = (userId: string, role: 'GESTOR' | 'CLIENTE'): AuthContext => ({
  userId,
  username: userId,
  groups: [role],
  role,
  isAdmin: false,
});
const scope = (userId: string, companyRole: 'OWNER' | 'CLIENTE'): CompanyScope => ({
  companyId: COMPANY,
  membership: {
    companyId: COMPANY,
    userId,
    companyRole,
    permissions: companyRole === 'CLIENTE' ? ['UPLOAD_DOCUMENTS'] : [],
    isActive: true,
  },
});
const owner = { auth: auth('u-owner', 'GESTOR'), scope: scope('u-owner', 'OWNER') };
const client = { auth: auth('u-client', 'CLIENTE'), scope: scope('u-client', 'CLIENTE') };
const request = { requestId: 'req-1', log: silentLog, headers: {}, query: undefined };

const category = (name: string, active = true) =>
  documentCategoriesCreate(
    { companyId: COMPANY, body: { name, documentType: 'INVOICE', keywords: [], color: '#8c8c8c', active } },
    h.deps,
  );

const setCategory = (
  who: typeof owner,
  documentId: string,
  categoryId: string | null,
  route: typeof documentsUpdateCategoryRoute = documentsUpdateCategoryRoute, // The route's answer is `unknown` to the handler table; it is the document.
) =>
  route.run(
    { ...request, ...who, params: { documentId }, body: { categoryId } },
    h.deps,
  ) as Promise<DocumentDetails>;

describe('internals', () => {
  it("keeps the reviewer's corrections on the item but never answers them", async () => {
    put(storedDoc('d1'));

    const approved = await approveDocument(h.deps, {
      companyId: COMPANY,
      documentId: 'd1',
      userId: 'u-gestor',
      corrections: { totalCents: 12_345 },
    });
    const stored = (await getDocument(h.deps, COMPANY, 'd1'))!;
    const got = await documentsGetRoute.run(
      { ...request, ...owner, params: { documentId: 'd1' }, body: undefined },
      h.deps,
    );

    expect(stored.reviewCorrections).toEqual({ totalCents: 12_345 });
    expect(approved.review.correctedFields).toEqual(['totalCents']);
    for (const answer of [approved, toDetails(stored), toSummary(stored), got]) {
      expect(answer).not.toHaveProperty('reviewCorrections');
      expect(answer).not.toHaveProperty('rev');
      expect(answer).not.toHaveProperty('s3Key');
    }
  });
});

describe("the month's readings index", () => {
  const failed = (id: string, status: StoredDocument['status'], over: Partial<StoredDocument> = {}) =>
    storedDoc(id, {
      status,
      extraction: null,
      notes: null,
      engine: null,
      receivedInvoiceId: null,
      error: { code: 'DOC_043', message: 'No se ha podido leer el documento.', retryable: false },
      processedAt: '2026-03-05T10:00:00.000Z',
      ...over,
    });

  it('holds readings given up for good, so the failure rate counts them; a refused upload is not a reading', async () => {
    put(storedDoc('ok', { processedAt: '2026-03-04T10:00:00.000Z' }));
    put(failed('ocr', 'OCR_FAILED'));
    put(failed('tech', 'TECHNICAL_ERROR'));
    // Refused by its bytes (or cancelled): nothing was ever read.
    put(failed('refused', 'FAILED', { error: { code: 'DOC_041', message: 'x', retryable: false } }));

    const { readings } = await platformReadings(h.deps, {
      fromIso: '2026-03-01T00:00:00.000Z',
      toIso: '2026-03-10T23:00:00.000Z',
    });
    const g = await aiMetricsGlobal({ limit: 10 }, h.deps);

    expect(readings.map((r) => r.documentId).sort()).toEqual(['ocr', 'ok', 'tech']);
    expect(documentItem(failed('x', 'OCR_FAILED')).gsi2pk).toBe('DOCS#READ#2026-03');
    expect(g.usage).toMatchObject({ documentsRead: 1, documentsFailed: 2, failureRate: 0.6667 });
  });

  it('moves a failed reading back out of the index while it is read again', async () => {
    const reading = failed('d1', 'OCR_PENDING');
    expect(documentItem(reading).gsi2pk).toBe('DOCS#OPEN');
  });
});

describe('category routes', () => {
  it('files a document under an active category and counts the use in the same transaction', async () => {
    const cat = await category('Suministros');
    put(storedDoc('d1'));
    const writes = h.table.writes.length;

    const doc = await setCategory(owner, 'd1', cat.categoryId);

    expect(doc.categoryId).toBe(cat.categoryId);
    expect(doc).not.toHaveProperty('rev');
    expect(await getCategory(h.deps, COMPANY, cat.categoryId)).toMatchObject({
      usageCount: 1,
      lastUsedAt: T0.toISOString(),
    });
    expect(h.table.writes.slice(writes).map((w) => w.kind)).toEqual(['Put', 'Update']);
    expect((await getDocument(h.deps, COMPANY, 'd1'))!.rev).toBe(2);
  });

  it('refuses a switched-off category (409) and an unknown one (404), leaving the document as it was', async () => {
    const off = await category('Antigua', false);
    put(storedDoc('d1'));

    const inactive = await refusal(setCategory(owner, 'd1', off.categoryId));
    const unknown = await refusal(setCategory(owner, 'd1', 'cat-missing'));

    expect(inactive).toMatchObject({ status: 409, code: 'DOC_CONFLICT' });
    expect(inactive.message).toBe('La categoría "Antigua" está desactivada.');
    expect(unknown).toMatchObject({ status: 404, code: 'CORE_006' });
    expect(await getDocument(h.deps, COMPANY, 'd1')).toMatchObject({ categoryId: null, rev: 1 });
    expect(await getCategory(h.deps, COMPANY, off.categoryId)).toMatchObject({ usageCount: 0 });
  });

  it('clears the category with null', async () => {
    const cat = await category('Suministros');
    put(storedDoc('d1', { categoryId: cat.categoryId }));

    const doc = await setCategory(owner, 'd1', null);

    expect(doc.categoryId).toBeNull();
    expect(await getCategory(h.deps, COMPANY, cat.categoryId)).toMatchObject({ usageCount: 0 });
  });

  it('lets a client file its own upload through the portal, and answers 404 for anything else', async () => {
    const cat = await category('Tickets');
    put(storedDoc('mine', { origin: 'CLIENT_UPLOAD', uploadedBy: 'u-client' }));
    put(storedDoc('theirs', { origin: 'CLIENT_UPLOAD', uploadedBy: 'u-other' }));

    const mine = await setCategory(client, 'mine', cat.categoryId, clientDocumentsUpdateCategoryRoute);
    const theirs = await refusal(
      setCategory(client, 'theirs', cat.categoryId, clientDocumentsUpdateCategoryRoute),
    );
    const viaDocuments = await refusal(setCategory(client, 'theirs', cat.categoryId));

    expect(mine.categoryId).toBe(cat.categoryId);
    expect(theirs).toMatchObject({ status: 404, code: 'CORE_006' });
    expect(viaDocuments).toMatchObject({ status: 404, code: 'CORE_006' });
    expect(await getCategory(h.deps, COMPANY, cat.categoryId)).toMatchObject({ usageCount: 1 });
    expect((await getDocument(h.deps, COMPANY, 'theirs'))!.categoryId).toBeNull();
  });

  it('never overwrites a move the pipeline made meanwhile: it reads the document again and files it', async () => {
    const cat = await category('Suministros');
    put(storedDoc('d1', { status: 'OCR_PROCESSING' }));
    let raced = false;
    h.table.failWhen((command) => {
      if (command !== 'TransactWrite' || raced) return undefined;
      raced = true;
      // The reader finishes between the route's read and its write.
      const item = h.table.get({ pk: `COMPANY#${COMPANY}`, sk: 'DOC#d1' })!;
      h.table.put({ ...item, status: 'INVOICE_CREATED', rev: Number(item.rev) + 1 });
      return undefined;
    });

    const doc = await setCategory(owner, 'd1', cat.categoryId);

    expect(raced).toBe(true);
    expect(doc).toMatchObject({ status: 'INVOICE_CREATED', categoryId: cat.categoryId });
    expect(await getDocument(h.deps, COMPANY, 'd1')).toMatchObject({
      status: 'INVOICE_CREATED',
      categoryId: cat.categoryId,
      rev: 3,
    });
    expect(await getCategory(h.deps, COMPANY, cat.categoryId)).toMatchObject({ usageCount: 1 });
  });
});
