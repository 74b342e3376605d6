/**
 * Document categories (issue 17 item 5) on the in-memory table: unique names (409), defaults,
 * import all-or-nothing, filing a document (usage in the same transaction), classify by keywords and
 * supplier history, optimize (merge and deactivate), delete refused while in use.
 */

import { AppError } from '@shared/api/errors';
import { DocumentCategoriesExport } from '@shared/schemas/document-categories';
import { beforeEach, describe, expect, it } from 'vitest';
import { classifyForCompany } from './actions/document-categories-classify';
import { documentCategoriesCreate } from './actions/document-categories-create';
import { documentCategoriesDelete } from './actions/document-categories-delete';
import { documentCategoriesExport } from './actions/document-categories-export';
import { documentCategoriesImport } from './actions/document-categories-import';
import { documentCategoriesImportDefaults } from './actions/document-categories-import-defaults';
import { documentCategoriesOptimize } from './actions/document-categories-optimize';
import { DEFAULT_DOCUMENT_CATEGORIES } from './model/default-categories';
import { assignDocumentCategory, getCategory, listCategories } from './store/categories';
import { documentItem, getDocument } from './store/documents';
import { COMPANY, documentsHarness, extraction, T0 } from './testing/documents-harness';
import { storedDoc } from './testing/review-fixtures';

const h = documentsHarness();
beforeEach(() => h.reset());

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

const create = (name: string, over: Record<string, unknown> = {}) =>
  documentCategoriesCreate(
    {
      companyId: COMPANY,
      body: {
        name,
        documentType: 'RECEIPT',
        keywords: [],
        color: '#8c8c8c',
        active: true,
        ...over,
      },
    },
    h.deps,
  );

describe('names', () => {
  it('refuses a name that differs only in case and accents with 409', async () => {
    await create('Restauración');
    const e = await refusal(create('  restauracion'.trim()));
    expect(e.status).toBe(409);
    expect(await listCategories(h.deps, COMPANY)).toHaveLength(1);
  });
});

describe('defaults, export and import', () => {
  it('imports the Spanish defaults once, skipping the names the company has', async () => {
    await create('Seguros');
    const first = await documentCategoriesImportDefaults({ companyId: COMPANY }, h.deps);
    const second = await documentCategoriesImportDefaults({ companyId: COMPANY }, h.deps);

    expect(first.skipped).toEqual(['Seguros']);
    expect(first.created).toHaveLength(DEFAULT_DOCUMENT_CATEGORIES.length - 1);
    expect(second.created).toHaveLength(0);
    expect(await listCategories(h.deps, COMPANY)).toHaveLength(DEFAULT_DOCUMENT_CATEGORIES.length);
  });

  it('exports JSON that import accepts; a clash answers 409 and writes nothing', async () => {
    await documentCategoriesImportDefaults({ companyId: COMPANY }, h.deps);
    const exported = DocumentCategoriesExport.parse(
      JSON.parse(JSON.stringify(await documentCategoriesExport({ companyId: COMPANY }, h.deps))),
    );
    h.reset();
    await create('Alquiler');
    const writes = h.table.writes.length;

    const e = await refusal(documentCategoriesImport({ companyId: COMPANY, body: exported }, h.deps));

    expect(e.status).toBe(409);
    expect(e.message).toContain('Alquiler');
    expect(h.table.writes.length).toBe(writes);

    h.reset();
    const ok = await documentCategoriesImport({ companyId: COMPANY, body: exported }, h.deps);
    expect(ok.created.map((c) => c.name).sort()).toEqual(
      DEFAULT_DOCUMENT_CATEGORIES.map((d) => d.name).sort(),
    );
  });

  it('refuses a file that repeats a name', async () => {
    const body = DocumentCategoriesExport.parse({
      format: 'cuadra.document-categories',
      version: 1,
      categories: [{ name: 'Luz' }, { name: 'LUZ' }],
    });
    const e = await refusal(documentCategoriesImport({ companyId: COMPANY, body }, h.deps));
    expect(e.status).toBe(409);
    expect(await listCategories(h.deps, COMPANY)).toHaveLength(0);
  });
});

describe('filing and classifying', () => {
  it('files a document and counts the use in the same transaction; an inactive category is refused', async () => {
    const cat = await create('Suministros', { keywords: ['luz'] });
    const off = await create('Viejo', { active: false });
    h.table.put(documentItem(storedDoc('d1')));

    const doc = await assignDocumentCategory(h.deps, {
      companyId: COMPANY,
      documentId: 'd1',
      categoryId: cat.categoryId,
    });
    const e = await refusal(
      assignDocumentCategory(h.deps, { companyId: COMPANY, documentId: 'd1', categoryId: off.categoryId }),
    );

    expect(doc.categoryId).toBe(cat.categoryId);
    expect(await getCategory(h.deps, COMPANY, cat.categoryId)).toMatchObject({
      usageCount: 1,
      lastUsedAt: T0.toISOString(),
    });
    expect(e.status).toBe(409);
    expect((await getDocument(h.deps, COMPANY, 'd1'))!.categoryId).toBe(cat.categoryId);
  });

  it('ranks by keywords, and the supplier history outweighs them', async () => {
    const luz = await create('Suministros', { keywords: ['luz', 'electricidad', 'kwh'] });
    const tel = await create('Telecomunicaciones', { keywords: ['fibra', 'movil'] });
    const byKeywords = await classifyForCompany(h.deps, COMPANY, {
      text: 'Factura de electricidad: 320 kWh de luz, y fibra',
    });
    expect(byKeywords.map((s) => s.name)).toEqual(['Suministros', 'Telecomunicaciones']);
    expect(byKeywords[0]!.matchedKeywords).toEqual(['luz', 'electricidad', 'kwh']);

    // This supplier's documents were filed under Telecomunicaciones twice.
    const id = (n: number) => `${T0.getTime() - n * 86_400_000}h${n}`;
    for (const n of [1, 2])
      h.table.put(
        documentItem(
          storedDoc(id(n), {
            categoryId: tel.categoryId,
            extraction: extraction({ supplierNif: 'B46000001' }),
          }),
        ),
      );
    const byHistory = await classifyForCompany(h.deps, COMPANY, {
      text: 'consumo de luz',
      supplierNif: 'B46000001',
    });
    expect(byHistory[0]).toMatchObject({ categoryId: tel.categoryId, reasons: ['SUPPLIER_HISTORY'] });
    expect(byHistory[1]!.categoryId).toBe(luz.categoryId);
  });
});

describe('optimize and delete', () => {
  it('merges same-name categories into the most used and deactivates the idle ones', async () => {
    const old = await create('Antigua');
    const a = await create('Suministro', { keywords: ['luz'] });
    h.table.put(documentItem(storedDoc('d1')));
    await assignDocumentCategory(h.deps, { companyId: COMPANY, documentId: 'd1', categoryId: a.categoryId });
    h.setNow(new Date('2027-06-01T00:00:00.000Z'));
    const b = await create('Suministros de la oficina', { keywords: ['agua'] });
    const c = await create('suministros', { keywords: ['gas'] });
    h.table.put(documentItem(storedDoc('d2', { categoryId: c.categoryId })));

    const dry = await documentCategoriesOptimize({ companyId: COMPANY, body: { dryRun: true } }, h.deps);
    expect(dry.merges).toEqual([
      {
        keepCategoryId: a.categoryId,
        keepName: 'Suministro',
        mergedCategoryIds: [c.categoryId],
        movedDocuments: 1,
      },
    ]);
    expect(await listCategories(h.deps, COMPANY)).toHaveLength(4);

    const done = await documentCategoriesOptimize({ companyId: COMPANY, body: { dryRun: false } }, h.deps);

    expect(done.merges[0]!.movedDocuments).toBe(1);
    // a was last used 2026-03-10, over 12 months ago, but it takes c (new): only the unused one goes idle.
    expect(done.deactivated.map((x) => x.categoryId)).toEqual([old.categoryId]);
    const left = await listCategories(h.deps, COMPANY);
    expect(left.map((x) => x.categoryId).sort()).toEqual([old.categoryId, a.categoryId, b.categoryId].sort());
    expect(left.find((x) => x.categoryId === a.categoryId)).toMatchObject({
      keywords: ['luz', 'gas'],
      active: true,
      usageCount: 1,
    });
    expect(left.find((x) => x.categoryId === old.categoryId)!.active).toBe(false);
    expect((await getDocument(h.deps, COMPANY, 'd2'))!.categoryId).toBe(a.categoryId);
  });

  it('refuses to delete a category that files documents (409 DOC_046), deletes an empty one', async () => {
    const used = await create('Usada');
    const empty = await create('Vacía');
    h.table.put(documentItem(storedDoc('d1', { categoryId: used.categoryId })));

    const e = await refusal(
      documentCategoriesDelete({ companyId: COMPANY, categoryId: used.categoryId }, h.deps),
    );
    await documentCategoriesDelete({ companyId: COMPANY, categoryId: empty.categoryId }, h.deps);

    expect(e.code).toBe('DOC_046');
    expect((await listCategories(h.deps, COMPANY)).map((c) => c.name)).toEqual(['Usada']);
    // Its name is free again.
    await create('Vacia');
  });
});
