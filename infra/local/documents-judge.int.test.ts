/**
 * The independent judge of issue 17 (documents, OCR and the smart inbox), the way "How it will be
 * judged" says: "A corpus of Spanish invoices that is not in the repository (digital and scanned),
 * uploaded through the API, field by field against its truth; hostile files; an e-mail with an attached
 * invoice arriving at a company's address on npm start and appearing in its inbox for review."
 *
 * The corpus is the judge's own (infra/local/testing/judge-invoices/, written without the team's corpus
 * generator): a utility bill, a telecom invoice, two minutas with IRPF 15 % and 7 %, a wholesaler in
 * recargo de equivalencia, a restaurant ticket (factura simplificada), an exempt training invoice
 * (art. 20.Uno.9º LIVA), two intra-EU SaaS invoices in English with reverse charge, a two-page invoice,
 * a rectificativa; scanned versions (poppler at 150 dpi, rotated, noisy, JPEG 60-75); two PDFs with a
 * VeriFacTu QR (Orden HAC/1177/2024), a Facturae 3.2.2 and a UBL 2.1 e-invoice.
 *
 * Everything goes through the local cloud's API as the demo gestor on Panadería La Espiga SL:
 * POST /api/v1/documents/upload (multipart), GET /api/v1/documents/{id} until a final status, then
 * `data.extraction` against the truth. Targets (issue 17 item 8): digital ≥ 98 % of fields exact,
 * scans ≥ 90 %, QR-bearing PDFs 100 % of the QR's fields; e-invoices exact. The tables per field and
 * per source are printed. Then: hostile files by multipart and straight to S3 (presigned POST, the
 * arrival worker's check), a file over 50 MB (the presigned policy and the worker), the drafts
 * (supplier by NIF, document attached), duplicates, and the smart inbox over the local SMTP port
 * (review and approve, a mail delivered twice, a spoofed sender with forged verdict headers inside).
 * Nothing here fixes or bypasses the product (no sweep is kicked). JUDGE_SEED=<n> replays a corpus.
 */

import { randomUUID } from 'node:crypto';
import type { Page } from '@shared/api/envelope';
import {
  type DocumentDetails,
  FINAL_DOCUMENT_STATUSES,
  type PresignedUpload,
} from '@shared/schemas/documents';
import type { Supplier, SupplierTaxId } from '@shared/schemas/expenses';
import type {
  InboxConfiguration,
  InboxEmail,
  InboxEmailDetail,
  ProcessedInvoice,
} from '@shared/schemas/inbox';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { sendMail } from './engines/test-smtp-client';
import { apiClient } from './testing/api';
import { buildCorpus, ESPIGA, type InvoiceSpec, type Truth, truthOf } from './testing/judge-invoices/corpus';
import { facturae, ubl } from './testing/judge-invoices/einvoice';
import { type HostileFile, hostileFiles } from './testing/judge-invoices/hostile';
import { rawMail } from './testing/judge-invoices/mail';
import { qrUrlOf, renderInvoicePdf } from './testing/judge-invoices/pdf';
import { imagePdf, scanPdf } from './testing/judge-invoices/scan';
import {
  accuracyTable,
  type FieldResult,
  failuresList,
  QR_FIELDS,
  score,
  shareOk,
  show,
} from './testing/judge-invoices/score';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const SEED = Number(process.env.JUDGE_SEED ?? (Date.now() % 900_000) + 1_000);
const COMPANY = ESPIGA.companyId;
const GESTOR = 'gestor@cuadra.test';
const clientIp = `198.19.${SEED % 250}.${1 + (SEED % 253)}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How long the whole corpus may take to be read (the issue's "~2 s per page" on 2 cores, plus margin). */
const READ_DEADLINE_MS = 300_000;

type Kind = FieldResult['kind'];

/** A supplier's tax id as one text: a foreign id with its country prefix (as the extraction gives it). */
const taxIdText = (t: SupplierTaxId): string =>
  typeof t === 'string' ? t : t.value.startsWith(t.country) ? t.value : `${t.country}${t.value}`;
interface Sent {
  label: string;
  kind: Kind;
  fileName: string;
  truth: Truth | null;
  spec?: InvoiceSpec;
  bytes: Uint8Array;
  httpStatus: number;
  errorCode: string | null;
  documentId: string | null;
  doc: DocumentDetails | null;
}

describe('issue 17 judge: documents read field by field, hostile files, the smart inbox', () => {
  let token: string;
  const sent: Sent[] = [];
  const hostile: { file: HostileFile; sent: Sent }[] = [];
  const corpus = buildCorpus(SEED);

  const call = <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => api.request<T>(method, path, { token, companyId: COMPANY, ...opts });
  const data = async <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => {
    const res = await call<T>(method, path, opts);
    if (!res.body.success)
      throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };

  /** POST /api/v1/documents/upload as a browser sends it (multipart/form-data). */
  async function upload(fileName: string, contentType: string, bytes: Uint8Array) {
    const form = new FormData();
    form.append('documentType', 'INVOICE');
    form.append('autoOcr', 'true');
    form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), fileName);
    const res = await fetch(new URL('/api/v1/documents/upload', cloud.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-company-id': COMPANY, 'x-forwarded-for': clientIp },
      body: form,
    });
    const text = await res.text();
    let body: {
      success: boolean;
      data: DocumentDetails | null;
      error: { code: string; details?: Record<string, unknown> | null } | null;
    };
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`upload ${fileName}: ${res.status} non-JSON ${text.slice(0, 200)}`);
    }
    const refusedId = body.error?.details?.documentId;
    return {
      httpStatus: res.status,
      errorCode: body.success ? null : (body.error?.code ?? 'UNKNOWN'),
      documentId: body.success ? body.data!.documentId : typeof refusedId === 'string' ? refusedId : null,
    };
  }

  async function send(
    label: string,
    kind: Kind,
    fileName: string,
    contentType: string,
    bytes: Uint8Array,
    truth: Truth | null,
    spec?: InvoiceSpec,
  ) {
    const r = await upload(fileName, contentType, bytes);
    const s: Sent = { label, kind, fileName, truth, bytes, ...r, doc: null, ...(spec ? { spec } : {}) };
    sent.push(s);
    return s;
  }

  const getDoc = async (documentId: string) => {
    const res = await call<DocumentDetails>('GET', `/api/v1/documents/${documentId}`);
    return res.body.success ? res.body.data : null;
  };
  const isFinal = (d: DocumentDetails | null) => !!d && FINAL_DOCUMENT_STATUSES.includes(d.status);

  /** Polls every document until it is final or the deadline passes (never throws: the tests report). */
  async function settle(items: Sent[], deadlineMs: number) {
    const until = Date.now() + deadlineMs;
    for (;;) {
      const open = items.filter((s) => s.documentId && !isFinal(s.doc));
      if (open.length === 0 || Date.now() > until) return;
      for (const s of open) s.doc = await getDoc(s.documentId!);
      await sleep(1_500);
    }
  }

  const byLabel = (label: string) => {
    const s = sent.find((x) => x.label === label);
    if (!s) throw new Error(`no upload ${label}`);
    return s;
  };
  const statusLine = (s: Sent) =>
    `${s.label}: http ${s.httpStatus}${s.errorCode ? ` ${s.errorCode}` : ''} status ${s.doc?.status ?? '(none)'} engine ${s.doc?.engine ?? '-'}` +
    ` draft ${s.doc?.receivedInvoiceId ?? '-'}` +
    `${s.doc?.error ? ` error ${s.doc.error.code} ${s.doc.error.message}` : ''}`;

  async function listAll<T>(path: string, query: Record<string, string> = {}): Promise<T[]> {
    const out: T[] = [];
    for (let page = 0; page < 50; page++) {
      const p = await data<Page<T> | T[]>('GET', path, {
        query: { ...query, page: String(page), size: '100' },
      });
      const items = Array.isArray(p) ? p : p.content;
      out.push(...items);
      if (Array.isArray(p) || page + 1 >= p.totalPages) break;
    }
    return out;
  }
  // Drafts read from documents stay out of the book until approved: list them too.
  const receivedWithNumber = async (number: string) =>
    (await listAll<ReceivedInvoice>('/api/v1/received-invoices', { drafts: 'include' })).filter(
      (r) => r.supplierInvoiceNumber === number,
    );

  beforeAll(async () => {
    token = await api.login(GESTOR);
    const t0 = Date.now();
    // Digital PDFs.
    for (const spec of [...corpus.digital, ...corpus.qr]) {
      const kind: Kind = spec.qr ? 'qr' : 'digital';
      await send(
        spec.key,
        kind,
        `${spec.key}-${spec.number.replace(/\W/g, '')}.pdf`,
        'application/pdf',
        await renderInvoicePdf(spec),
        truthOf(spec),
        spec,
      );
    }
    // Scans: JPEG photos/scans of one page, and one image-only PDF from a scanner.
    for (const [i, spec] of corpus.scanned.entries()) {
      const { jpegs } = scanPdf(await renderInvoicePdf(spec), SEED + i * 101);
      if (spec.key.endsWith('-pdf')) {
        await send(
          spec.key,
          'scan',
          `escaneo-${i}.pdf`,
          'application/pdf',
          await imagePdf(jpegs),
          truthOf(spec),
          spec,
        );
      } else {
        await send(
          spec.key,
          'scan',
          `IMG_2026${String(1100 + i)}.jpg`,
          'image/jpeg',
          jpegs[0]!,
          truthOf(spec),
          spec,
        );
      }
    }
    // E-invoices as .xml.
    for (const e of [facturae(SEED), ubl(SEED)]) {
      await send(e.key, 'einvoice', e.fileName, 'application/xml', Buffer.from(e.xml, 'utf8'), e.truth);
    }
    // Hostile files.
    for (const file of await hostileFiles(SEED)) {
      const s = await send(
        `hostile:${file.key}`,
        'digital',
        file.fileName,
        file.contentType,
        file.bytes,
        null,
      );
      hostile.push({ file, sent: s });
    }
    console.log(
      `judge: ${sent.length} files generated and uploaded in ${((Date.now() - t0) / 1000).toFixed(1)} s (seed ${SEED})`,
    );
    const t1 = Date.now();
    await settle(sent, READ_DEADLINE_MS);
    const pages = sent.reduce((n, s) => n + (s.doc?.pages ?? 0), 0);
    console.log(
      `judge: settled in ${((Date.now() - t1) / 1000).toFixed(1)} s, ${pages} pages read; ` +
        `${sent.filter((s) => !isFinal(s.doc) && s.documentId).length} still open`,
    );
    console.log(sent.map(statusLine).join('\n'));
  }, READ_DEADLINE_MS + 180_000);

  const resultsOf = (kind: Kind) =>
    sent
      .filter((s) => s.kind === kind && s.truth)
      .flatMap((s) => score(s.label, kind, s.doc?.extraction ?? null, s.truth!));

  it('digital PDFs: at least 98 % of the fields exact', () => {
    const results = resultsOf('digital');
    console.log(`${accuracyTable('digital PDFs', results)}\n${failuresList(results)}`);
    expect(results.length).toBeGreaterThan(0);
    expect(shareOk(results), failuresList(results)).toBeGreaterThanOrEqual(0.98);
  });

  it('scanned invoices: at least 90 % of the fields exact', () => {
    const results = resultsOf('scan');
    console.log(
      `${accuracyTable('scans (JPEG 150 dpi, rotated, noisy; one image-only PDF)', results)}\n${failuresList(results)}`,
    );
    expect(results.length).toBeGreaterThan(0);
    expect(shareOk(results), failuresList(results)).toBeGreaterThanOrEqual(0.9);
  });

  it('VeriFacTu QR PDFs: 100 % of the QR fields (issuer NIF, number, date, total), source QR', () => {
    const qr = sent.filter((s) => s.kind === 'qr');
    const all = qr.flatMap((s) => score(s.label, 'qr', s.doc?.extraction ?? null, s.truth!));
    console.log(`${accuracyTable('VeriFacTu QR PDFs (all fields)', all)}\n${failuresList(all)}`);
    const problems: string[] = [];
    for (const s of qr) {
      const ex = s.doc?.extraction;
      const url = qrUrlOf(s.spec!);
      if (!ex) {
        problems.push(`${s.label}: no extraction (${statusLine(s)})`);
        continue;
      }
      for (const f of QR_FIELDS) {
        if (show(ex[f]) !== show(s.truth![f]))
          problems.push(`${s.label} ${f}: expected ${show(s.truth![f])} got ${show(ex[f])}`);
      }
      if (ex.source !== 'QR') problems.push(`${s.label}: source ${ex.source}, expected QR (url ${url})`);
      if (s.doc?.notes?.qr?.url !== url)
        problems.push(`${s.label}: notes.qr.url ${show(s.doc?.notes?.qr?.url ?? null)} expected ${url}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('e-invoices uploaded as .xml (Facturae 3.2.2, UBL 2.1): every field exact, source EINVOICE', () => {
    const results = resultsOf('einvoice');
    console.log(`${accuracyTable('e-invoices', results)}\n${failuresList(results)}`);
    const sources = sent
      .filter((s) => s.kind === 'einvoice')
      .map((s) => `${s.label}=${s.doc?.extraction?.source ?? statusLine(s)}`);
    expect(failuresList(results)).toBe('');
    expect(sources).toEqual(['facturae-3.2.2=EINVOICE', 'ubl-2.1=EINVOICE']);
  });

  it('every readable invoice became a received-invoice draft with the document attached and its supplier by NIF', async () => {
    const problems: string[] = [];
    const readable = sent.filter((s) => s.truth && s.kind !== 'scan');
    for (const s of readable) {
      const d = s.doc;
      if (d?.status !== 'INVOICE_CREATED' || !d.receivedInvoiceId) {
        problems.push(`${s.label}: expected INVOICE_CREATED with a draft, got ${statusLine(s)}`);
        continue;
      }
      const ri = await data<ReceivedInvoice>('GET', `/api/v1/received-invoices/${d.receivedInvoiceId}`);
      if (ri.approvalStatus !== 'PENDING')
        problems.push(`${s.label}: draft approvalStatus ${ri.approvalStatus}`);
      if (!ri.attachments.some((a) => a.documentId === d.documentId))
        problems.push(`${s.label}: draft without the document attached`);
      const taxId = taxIdText(ri.supplier.taxId);
      if (taxId !== s.truth!.supplierNif)
        problems.push(`${s.label}: draft supplier tax id ${taxId}, expected ${s.truth!.supplierNif}`);
      if (ri.supplierInvoiceNumber !== s.truth!.invoiceNumber)
        problems.push(`${s.label}: draft number ${ri.supplierInvoiceNumber}`);
      if (ri.totals.totalCents !== s.truth!.totalCents)
        problems.push(
          `${s.label}: draft payable total ${ri.totals.totalCents}, expected ${s.truth!.totalCents}`,
        );
      if (!ri.supplier.supplierId) problems.push(`${s.label}: draft without a supplier`);
    }
    // Issue 17 item 3: "a received-invoice draft with the document attached (INVOICE_CREATED when
    // complete, INVOICE_INCOMPLETE otherwise)": an incomplete reading still has its draft.
    for (const s of sent.filter((x) => x.doc?.status === 'INVOICE_INCOMPLETE' && !x.doc.receivedInvoiceId))
      problems.push(`${s.label}: INVOICE_INCOMPLETE without a draft (${statusLine(s)})`);
    // Matched by NIF: the telecom's and the lawyer's second invoices (scanned) reuse the supplier made by the first.
    for (const [a, b] of [
      ['telecom', 'telecom-scan-pdf'],
      ['minuta-irpf-15', 'minuta-irpf-15-scan'],
      ['recargo-equivalencia', 'recargo-equivalencia-scan'],
    ] as const) {
      const da = byLabel(a).doc;
      const db = byLabel(b).doc;
      if (!da?.receivedInvoiceId || !db?.receivedInvoiceId) {
        problems.push(
          `supplier match ${a}/${b}: drafts missing (${statusLine(byLabel(a))}; ${statusLine(byLabel(b))})`,
        );
        continue;
      }
      const ra = await data<ReceivedInvoice>('GET', `/api/v1/received-invoices/${da.receivedInvoiceId}`);
      const rb = await data<ReceivedInvoice>('GET', `/api/v1/received-invoices/${db.receivedInvoiceId}`);
      if (ra.supplier.supplierId !== rb.supplier.supplierId)
        problems.push(
          `supplier match ${a}/${b}: two suppliers ${ra.supplier.supplierId} / ${rb.supplier.supplierId} for NIF ${byLabel(a).truth!.supplierNif}`,
        );
      const nif = byLabel(a).truth!.supplierNif!;
      const res = await call<Supplier>('GET', `/api/v1/suppliers/by-tax-id/${nif}`);
      if (!res.body.success) problems.push(`supplier ${nif} not found by tax id: ${res.status}`);
      else if (
        res.body.data.name.replace(/[.,]/g, '').toUpperCase() !==
        byLabel(a).truth!.supplierName!.replace(/[.,]/g, '').toUpperCase()
      )
        problems.push(
          `supplier ${nif} created as "${res.body.data.name}", expected the legal name "${byLabel(a).truth!.supplierName}"`,
        );
    }
    const suppliers = await listAll<Supplier>('/api/v1/suppliers');
    for (const nif of new Set(sent.filter((s) => s.truth?.supplierNif).map((s) => s.truth!.supplierNif!))) {
      const same = suppliers.filter((x) => taxIdText(x.taxId) === nif);
      if (same.length > 1) problems.push(`supplier NIF ${nif} created ${same.length} times`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('hostile files are refused (DOC_041/DOC_042) and never read', async () => {
    const problems: string[] = [];
    const received = await listAll<ReceivedInvoice>('/api/v1/received-invoices', { drafts: 'include' });
    for (const { file, sent: s } of hostile) {
      const at = `${file.key} (${file.what})`;
      const refusedAtOnce = s.httpStatus >= 400 && s.httpStatus < 500;
      if (
        refusedAtOnce &&
        !['DOC_041', 'DOC_042'].includes(s.errorCode ?? '') &&
        ![413, 415].includes(s.httpStatus)
      )
        problems.push(
          `${at}: refused with ${s.httpStatus} ${s.errorCode}, expected DOC_041/DOC_042 (413/415)`,
        );
      if (!refusedAtOnce) {
        const d = s.doc;
        if (!d) problems.push(`${at}: accepted (${s.httpStatus}) and no document to follow`);
        else if (d.status !== 'FAILED' || !d.rejection || !['DOC_041', 'DOC_042'].includes(d.rejection.code))
          problems.push(
            `${at}: accepted and ended ${d.status} rejection ${show(d.rejection)} (expected FAILED DOC_041/DOC_042)`,
          );
      }
      const d = s.doc ?? (s.documentId ? await getDoc(s.documentId) : null);
      if (refusedAtOnce && d && (d.status !== 'FAILED' || !d.rejection?.reason))
        problems.push(
          `${at}: refused at once but its document is ${d.status} rejection ${show(d.rejection)}`,
        );
      if (d?.extraction) problems.push(`${at}: it was READ: extraction ${show(d.extraction)}`);
      if (d?.engine) problems.push(`${at}: engine ${d.engine} ran on it`);
      if (d?.receivedInvoiceId)
        problems.push(`${at}: a received invoice ${d.receivedInvoiceId} was made from it`);
      if (file.leakNumber && received.some((r) => r.supplierInvoiceNumber === file.leakNumber))
        problems.push(`${at}: a received invoice numbered ${file.leakNumber} exists`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('hostile files posted straight to S3 (presigned) are refused by the arrival worker and never read', async () => {
    const problems: string[] = [];
    const viaS3 = hostile.map((h) => h.file).filter((f) => f.bytes.length > 0);
    const followed: { file: HostileFile; documentId: string }[] = [];
    for (const file of viaS3) {
      const res = await call<PresignedUpload>('POST', '/api/v1/documents/upload-url', {
        body: { fileName: file.fileName, contentType: file.contentType, sizeBytes: file.bytes.length },
      });
      if (!res.body.success) {
        problems.push(
          `${file.key}: presign refused ${res.status} ${res.body.error.code} (the bytes were never checked)`,
        );
        continue;
      }
      const p = res.body.data;
      const form = new FormData();
      for (const [k, v] of Object.entries(p.fields)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.fileName);
      const s3 = await fetch(p.url, { method: 'POST', body: form });
      if (!s3.ok)
        problems.push(`${file.key}: S3 refused the POST ${s3.status} ${(await s3.text()).slice(0, 200)}`);
      else followed.push({ file, documentId: p.documentId });
    }
    const until = Date.now() + 90_000;
    const docs = new Map<string, DocumentDetails | null>();
    while (Date.now() < until && followed.some((f) => !isFinal(docs.get(f.documentId) ?? null))) {
      for (const f of followed) docs.set(f.documentId, await getDoc(f.documentId));
      await sleep(1_500);
    }
    for (const { file, documentId } of followed) {
      const d = docs.get(documentId) ?? null;
      const at = `${file.key} via S3 (${file.what})`;
      if (d?.status !== 'FAILED' || !d.rejection || !['DOC_041', 'DOC_042'].includes(d.rejection.code))
        problems.push(
          `${at}: ended ${d?.status} rejection ${show(d?.rejection ?? null)} (expected FAILED DOC_041/DOC_042)`,
        );
      else if (!d.rejection.reason.trim()) problems.push(`${at}: refused without a reason`);
      if (d?.extraction) problems.push(`${at}: it was READ: ${show(d.extraction)}`);
      if (d?.engine) problems.push(`${at}: engine ${d.engine} ran on it`);
      if (d?.receivedInvoiceId) problems.push(`${at}: received invoice ${d.receivedInvoiceId}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }, 150_000);

  it('a file over 50 MB through the presigned route is refused', async () => {
    const big = 50 * 1024 * 1024 + 4096;
    // (a) declared as it is: refused at once.
    const declared = await call<PresignedUpload>('POST', '/api/v1/documents/upload-url', {
      body: { fileName: 'escaneo-enorme.pdf', contentType: 'application/pdf', sizeBytes: big },
    });
    expect(declared.status, JSON.stringify(declared.body)).toBe(413);
    expect(declared.body.error?.code).toBe('DOC_042');
    // (b) declared small, the real body over 50 MB: the policy's content-length-range must refuse it,
    // or the arrival worker must (DOC_042); never read.
    const p = await data<PresignedUpload>('POST', '/api/v1/documents/upload-url', {
      body: { fileName: 'escaneo-mentiroso.pdf', contentType: 'application/pdf', sizeBytes: 1_000_000 },
    });
    // What AWS S3 would enforce: the policy itself (the local S3 may not check it).
    const policy = JSON.parse(
      Buffer.from(p.fields.Policy ?? p.fields.policy ?? '', 'base64').toString('utf8'),
    ) as {
      conditions: unknown[];
    };
    const conditions = JSON.stringify(policy.conditions);
    expect(conditions, 'content-length-range ≤ 50 MB').toMatch(/\["content-length-range",\s*1,\s*52428800\]/);
    expect(conditions, 'the exact key').toContain(JSON.stringify(p.fields.key));
    expect(conditions.toLowerCase(), 'the Content-Type').toContain('application/pdf');
    const form = new FormData();
    for (const [k, v] of Object.entries(p.fields)) form.append(k, v);
    const bytes = new Uint8Array(big);
    bytes.set(Buffer.from('%PDF-1.7\n'));
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'escaneo-mentiroso.pdf');
    const s3 = await fetch(p.url, { method: 'POST', body: form });
    const s3Text = await s3.text();
    let d: DocumentDetails | null = null;
    const until = Date.now() + 60_000;
    do {
      await sleep(1_000);
      d = await getDoc(p.documentId);
    } while (Date.now() < until && s3.ok && !isFinal(d));
    console.log(
      `presigned > 50 MB: S3 answered ${s3.status}; document ${d?.status} ${show(d?.rejection ?? null)}`,
    );
    const refusedByS3 = s3.status >= 400;
    const refusedByWorker = d?.status === 'FAILED' && d.rejection?.code === 'DOC_042';
    expect(
      refusedByS3 || refusedByWorker,
      `S3 answered ${s3.status} ${s3Text.slice(0, 300)}; document ${d?.status} ${show(d?.rejection ?? null)}`,
    ).toBe(true);
    expect(d?.extraction ?? null).toBeNull();
  }, 120_000);

  it('the same invoice uploaded twice is a duplicate (OCR_COMPLETED_PENDING, duplicateOf) and booked once', async () => {
    const problems: string[] = [];
    // (a) the very same bytes again; (b) the same invoice printed again in another font (other bytes).
    const first = byLabel('utility');
    const again = await send(
      'dup:same-bytes',
      'digital',
      `otra-vez-${first.fileName}`,
      'application/pdf',
      first.bytes,
      null,
    );
    const lawyer = byLabel('minuta-irpf-15');
    const reprinted = await renderInvoicePdf({ ...lawyer.spec!, font: 'Helvetica', fontSize: 10 });
    const dup2 = await send(
      'dup:reprinted',
      'digital',
      'minuta-reimpresa.pdf',
      'application/pdf',
      reprinted,
      null,
    );
    await settle([again, dup2], 120_000);
    for (const [orig, dup] of [
      [first, again],
      [lawyer, dup2],
    ] as const) {
      const d = dup.doc;
      if (!orig.doc?.receivedInvoiceId) {
        problems.push(`${orig.label}: the original has no draft (${statusLine(orig)})`);
        continue;
      }
      if (dup.httpStatus >= 400) {
        problems.push(`${dup.label}: upload refused ${dup.httpStatus} ${dup.errorCode}`);
        continue;
      }
      if (d?.status !== 'OCR_COMPLETED_PENDING')
        problems.push(`${dup.label}: status ${d?.status}, expected OCR_COMPLETED_PENDING`);
      if (d?.duplicateOf?.receivedInvoiceId !== orig.doc.receivedInvoiceId)
        problems.push(
          `${dup.label}: duplicateOf ${show(d?.duplicateOf ?? null)}, expected ${orig.doc.receivedInvoiceId}`,
        );
      if (d?.receivedInvoiceId && d.receivedInvoiceId !== orig.doc.receivedInvoiceId)
        problems.push(`${dup.label}: made another received invoice ${d.receivedInvoiceId}`);
      // Counted by the number the original's draft carries (a misread number is reported elsewhere).
      const draft = await data<ReceivedInvoice>(
        'GET',
        `/api/v1/received-invoices/${orig.doc.receivedInvoiceId}`,
      );
      const booked = await receivedWithNumber(draft.supplierInvoiceNumber);
      if (booked.length !== 1)
        problems.push(
          `${orig.label}: ${booked.length} received invoices numbered ${draft.supplierInvoiceNumber}`,
        );
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }, 180_000);

  describe('the smart inbox on npm start', () => {
    let address = '';
    const smtpPort = cloud.smtpPort;
    const mailSpec = () => {
      const base = corpus.digital.find((s) => s.key === 'recargo-equivalencia')!;
      return {
        ...base,
        key: 'mail',
        number: `M-${SEED}`,
        issueDate: '2026-11-18',
        recargo: false,
        variant: 2,
        font: 'Times' as const,
      };
    };
    const findEmail = async (pred: (e: InboxEmail) => boolean) =>
      (await listAll<InboxEmail>('/api/v1/smart-inbox/emails')).filter(pred);
    async function waitFor<T>(
      what: string,
      probe: () => Promise<T | null | undefined | false>,
      ms = 150_000,
    ): Promise<T> {
      const until = Date.now() + ms;
      let last: unknown;
      for (;;) {
        try {
          const v = await probe();
          if (v) return v;
        } catch (e) {
          last = e;
        }
        if (Date.now() > until)
          throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
        await sleep(2_000);
      }
    }

    beforeAll(async () => {
      token = token || (await api.login(GESTOR));
      const cfg = await data<InboxConfiguration>('GET', '/api/v1/smart-inbox/configuration');
      address = cfg.address;
    });

    it('the configuration gives the company its own address', () => {
      expect(smtpPort, 'the local cloud exposes an SMTP port').toBeTypeOf('number');
      expect(address).toMatch(/^[a-z0-9][a-z0-9.-]*@inbox\.cuadra\.test$/);
    });

    it('a mail with a PDF invoice appears in the inbox, its invoice in the review list; approving it approves the received invoice', async () => {
      const spec = mailSpec();
      const pdf = await renderInvoicePdf(spec);
      const subject = `Factura ${spec.number} - Distribuciones Alimentarias del Turia`;
      const replies = await sendMail(
        smtpPort!,
        'facturacion@datursa.test',
        address,
        rawMail({
          from: 'Facturación DATURSA <facturacion@datursa.test>',
          to: address,
          subject,
          messageId: `${randomUUID()}@datursa.test`,
          date: new Date('2026-11-18T08:30:00Z'),
          text: 'Buenos días,\n\nAdjuntamos la factura de noviembre.\n\nUn saludo.',
          attachment: { fileName: `Factura_${spec.number}.pdf`, contentType: 'application/pdf', bytes: pdf },
        }),
      );
      expect(
        replies.some((r) => r.startsWith('250')),
        replies.join(' | '),
      ).toBe(true);
      const email = await waitFor(
        'the mail in GET /smart-inbox/emails',
        async () => (await findEmail((e) => e.subject === subject))[0],
      );
      expect(email.status, JSON.stringify(email)).not.toBe('IGNORED');
      const review = await waitFor('its invoice in GET /smart-inbox/invoices/review', async () => {
        const list = await listAll<ProcessedInvoice>('/api/v1/smart-inbox/invoices/review');
        return list.find(
          (p) =>
            p.inboxId === email.inboxId &&
            p.documentStatus !== 'OCR_PENDING' &&
            p.documentStatus !== 'OCR_PROCESSING',
        );
      });
      const truth = truthOf(spec);
      const got = review.extractedData;
      const fields = got ? score('mail', 'mail', got, truth) : [];
      console.log(`${accuracyTable('mail attachment', fields)}\n${failuresList(fields)}`);
      expect(review.invoiceNumber).toBe(truth.invoiceNumber);
      expect(review.supplierNif).toBe(truth.supplierNif);
      expect(review.totalAmount).toBe(truth.totalCents);
      const doc = await getDoc(review.processedInvoiceId);
      expect(doc?.origin).toBe('EMAIL');
      expect(doc?.inboxEmailId).toBe(email.inboxId);
      // The reviewer corrects what was misread (issue 17 item 4 "approve"; spec part 3 §7).
      const corrections = Object.fromEntries(
        fields.filter((f) => !f.ok).map((f) => [f.field, truth[f.field as keyof typeof truth]]),
      );
      const approved = await call<ProcessedInvoice>(
        'POST',
        `/api/v1/smart-inbox/invoices/${review.processedInvoiceId}/approve`,
        {
          body: {
            notes: 'Revisada por el juez',
            ...(Object.keys(corrections).length ? { corrections } : {}),
          },
        },
      );
      expect(approved.body.success, JSON.stringify(approved.body.error)).toBe(true);
      const riId = approved.body.data?.receivedInvoiceId ?? doc?.receivedInvoiceId;
      expect(riId, 'a received invoice behind the approved mail invoice').toBeTruthy();
      const ri = await data<ReceivedInvoice>('GET', `/api/v1/received-invoices/${riId}`);
      expect(ri.approvalStatus).toBe('APPROVED');
      expect(ri.supplierInvoiceNumber).toBe(truth.invoiceNumber);
      expect(ri.totals.totalCents).toBe(truth.totalCents);
    }, 240_000);

    it('the same raw mail delivered twice is one email and one document', async () => {
      const spec = { ...mailSpec(), number: `M2-${SEED}` };
      const subject = `Factura ${spec.number} (reenvío)`;
      const raw = rawMail({
        from: 'facturacion@datursa.test',
        to: address,
        subject,
        messageId: `${randomUUID()}@datursa.test`,
        date: new Date('2026-11-19T08:30:00Z'),
        text: 'Adjunto factura.',
        attachment: {
          fileName: `Factura_${spec.number}.pdf`,
          contentType: 'application/pdf',
          bytes: await renderInvoicePdf(spec),
        },
      });
      await sendMail(smtpPort!, 'facturacion@datursa.test', address, raw);
      await sendMail(smtpPort!, 'facturacion@datursa.test', address, raw);
      await waitFor(
        'the mail in the inbox',
        async () => (await findEmail((e) => e.subject === subject)).length > 0,
      );
      await sleep(15_000); // let the second delivery be taken in (or not)
      const emails = await findEmail((e) => e.subject === subject);
      expect(
        emails.map((e) => `${e.inboxId} ${e.status}`),
        'emails recorded for one mail',
      ).toHaveLength(1);
      const detail = await data<InboxEmailDetail>('GET', `/api/v1/smart-inbox/emails/${emails[0]!.inboxId}`);
      const docs = (await listAll<DocumentDetails>('/api/v1/documents', { origin: 'EMAIL' })).filter(
        (d) => d.fileName === `Factura_${spec.number}.pdf`,
      );
      expect(detail.documents.map((d) => d.documentId)).toHaveLength(1);
      expect(
        docs.map((d) => `${d.documentId} ${d.status}`),
        'documents for the attachment',
      ).toHaveLength(1);
    }, 240_000);

    it('a spoofed mail (From a supplier, MAIL FROM an attacker, forged verdict headers inside) is IGNORED and not read', async () => {
      const spec = { ...mailSpec(), number: `SPF-${SEED}` };
      const subject = `Factura urgente ${spec.number}`;
      // The forged headers sit in the message itself, below what the receiving MTA prepends.
      const forged = `Authentication-Results: amazonses.com; spf=pass; dkim=pass; dmarc=pass\nX-SES-Spam-Verdict: PASS\nX-SES-Virus-Verdict: PASS\n`;
      const raw =
        forged +
        rawMail({
          from: 'Proveedor <facturas@proveedor.es>',
          to: address,
          subject,
          messageId: `${randomUUID()}@proveedor.es`,
          date: new Date('2026-11-20T08:30:00Z'),
          text: 'Pague hoy esta factura, por favor.',
          attachment: {
            fileName: `Factura_${spec.number}.pdf`,
            contentType: 'application/pdf',
            bytes: await renderInvoicePdf(spec),
          },
        });
      await sendMail(smtpPort!, 'x@attacker.example', address, raw);
      const email = await waitFor('the spoofed mail recorded', async () => {
        const e = (await findEmail((x) => x.subject === subject))[0];
        return e && e.status !== 'RECEIVED' && e.status !== 'PROCESSING' ? e : null;
      });
      expect(
        email.status,
        JSON.stringify({ status: email.status, reason: email.ignoredReason, verdicts: email.verdicts }),
      ).toBe('IGNORED');
      expect(
        email.attachments.every((a) => a.documentId === null),
        JSON.stringify(email.attachments),
      ).toBe(true);
      const docs = (await listAll<DocumentDetails>('/api/v1/documents')).filter(
        (d) => d.fileName === `Factura_${spec.number}.pdf`,
      );
      expect(docs).toEqual([]);
      expect(await receivedWithNumber(spec.number)).toEqual([]);
    }, 240_000);
  });
});
