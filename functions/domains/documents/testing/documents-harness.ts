/**
 * Test harness of the documents pipeline (D1): the in-memory table (functions/platform/testing), a
 * documents bucket in memory behind `DocumentObjects`, the reading queue, the progress pushes and
 * the expenses function recorded, a settable clock and counting ids. The reading itself is the
 * real library unless a test gives its own (`h.reader`) to make an engine fail.
 */

import { readFileSync } from 'node:fs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Logger } from '@functions/platform/logger';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import { type CompanyRole, companyItem, membershipItem } from '@shared/db/records';
import type { DocumentProgressMessage, Extraction, ExtractionNotes } from '@shared/schemas/documents';
import type { DraftRequest, DraftResult } from '@shared/schemas/received-invoice-draft';
import type { DocumentObjects } from '../store/objects';
import type { ReadMessage } from '../store/queue';
import { type DocumentReader, readWithConfiguredEngine } from '../store/reader';
import type { ReadingDeps } from '../workers/read-document';

export const TABLE = 'cuadra-documents-test';
export const COMPANY = 'co-docs';
export const COMPANY_NIF = 'B12345674';
export const T0 = new Date('2026-03-10T09:00:00.000Z');
export const SAMPLES = '/work/shared/data/invoices/erseco_facturascripts-plugin-AiScan';

export const silentLog: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silentLog };

export const sample = (name: string): Uint8Array => new Uint8Array(readFileSync(`${SAMPLES}/${name}`));

/** A minimal valid PNG (1×1, grey): its bytes are a PNG whatever the name says. */
export const PNG_1X1 = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

export function extraction(over: Partial<Extraction> = {}): Extraction {
  return {
    supplierName: 'Suministros Levante SL',
    supplierNif: 'B46000001',
    customerName: 'Empresa Cliente SL',
    customerNif: COMPANY_NIF,
    invoiceNumber: 'F-2026-001',
    issueDate: '2026-03-01',
    bases: [{ rateBp: 2100, baseCents: 10_000, quotaCents: 2_100 }],
    recargo: [],
    irpf: null,
    totalCents: 12_100,
    currency: 'EUR',
    confidence: { supplierNif: 0.95, invoiceNumber: 0.95, issueDate: 0.95, totalCents: 0.95, bases: 0.95 },
    source: 'TEXT',
    ...over,
  };
}

export const notes = (over: Partial<ExtractionNotes> = {}): ExtractionNotes => ({
  arithmeticOk: true,
  quotasOk: true,
  mentions: [],
  fieldSources: {},
  qr: null,
  warnings: [],
  ...over,
});

export function documentsHarness() {
  useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
  const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
  const bucket = new Map<
    string,
    { bytes: Uint8Array; contentType: string; metadata: Record<string, string> }
  >();
  const queued: { message: ReadMessage; delaySeconds: number }[] = [];
  const pushes: { userId: string; message: DocumentProgressMessage }[] = [];
  const draftCalls: DraftRequest[] = [];
  const presigned: Parameters<DocumentObjects['presignPost']>[0][] = [];
  let now = new Date(T0);
  let ids = 0;
  let draftAnswer: (req: DraftRequest) => Promise<DraftResult> = async (req) => ({
    outcome: 'CREATED',
    receivedInvoiceId: `ri-${req.op === 'create' ? req.documentId : 'x'}`,
    supplierId: 'sup-1',
    supplierCreated: false,
    expenseCategoryId: null,
    missing: [],
  });
  const h = {
    table,
    bucket,
    queued,
    pushes,
    draftCalls,
    presigned,
    reader: readWithConfiguredEngine as DocumentReader,
    setNow: (d: Date) => {
      now = new Date(d);
    },
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    answerDraft: (fn: typeof draftAnswer) => {
      draftAnswer = fn;
    },
    deps: undefined as unknown as ReadingDeps,
    putCompany(companyId = COMPANY) {
      table.put(
        companyItem({
          companyId,
          name: 'Empresa Cliente SL',
          nif: COMPANY_NIF,
          companyType: 'SL',
          isActive: true,
          siiEnabled: false,
          verifactuEnabled: false,
          address: {
            street: 'Calle Mayor 1',
            postalCode: '46001',
            city: 'Valencia',
            province: 'Valencia',
            country: 'ES',
          },
          fiscal: {
            vatRegime: 'GENERAL',
            directTax: 'IMPUESTO_SOCIEDADES',
            largeCompany: false,
            redeme: false,
          },
          createdAt: '2025-01-01T00:00:00.000Z',
          updatedAt: '2025-01-01T00:00:00.000Z',
          createdBy: 'u-owner',
        }),
      );
    },
    putMember(userId: string, companyRole: CompanyRole, companyId = COMPANY) {
      table.put(
        membershipItem({
          companyId,
          userId,
          companyRole,
          permissions: companyRole === 'CLIENTE' ? ['UPLOAD_DOCUMENTS'] : [],
          isActive: true,
          email: `${userId}@cuadra.test`,
          firstName: userId,
          lastName: 'Test',
          createdAt: '2025-01-01T00:00:00.000Z',
          updatedAt: '2025-01-01T00:00:00.000Z',
        }),
      );
    },
    reset() {
      table.reset();
      bucket.clear();
      queued.length = 0;
      pushes.length = 0;
      draftCalls.length = 0;
      presigned.length = 0;
      now = new Date(T0);
      ids = 0;
      h.reader = readWithConfiguredEngine;
      draftAnswer = async (req) => ({
        outcome: 'CREATED',
        receivedInvoiceId: `ri-${req.op === 'create' ? req.documentId : 'x'}`,
        supplierId: 'sup-1',
        supplierCreated: false,
        expenseCategoryId: null,
        missing: [],
      });
      h.putCompany();
    },
  };
  const objects: DocumentObjects = {
    async put(key, bytes, contentType, metadata) {
      bucket.set(key, { bytes: new Uint8Array(bytes), contentType, metadata });
    },
    async get(key) {
      return bucket.get(key)?.bytes ?? null;
    },
    async head(key) {
      const o = bucket.get(key);
      return o ? { size: o.bytes.byteLength } : null;
    },
    async remove(key) {
      bucket.delete(key);
    },
    async presignPost(input) {
      presigned.push(input);
      return {
        url: 'https://s3.example/documents',
        fields: { key: input.key, 'Content-Type': input.contentType },
      };
    },
  };
  h.deps = {
    db: testDocumentClient(),
    table: TABLE,
    now: () => new Date(now),
    newId: () => `id${String(++ids).padStart(6, '0')}`,
    objects,
    queueRead: async (message, delaySeconds = 0) => {
      queued.push({ message, delaySeconds });
    },
    invokeDraft: async (req) => {
      draftCalls.push(req);
      return draftAnswer(req);
    },
    pushProgress: async (userId, message) => {
      pushes.push({ userId, message });
    },
    read: (bytes, input) => h.reader(bytes, input),
  };
  return h;
}
