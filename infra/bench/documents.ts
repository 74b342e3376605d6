/**
 * `npm run bench` (part `documents`, issue 17 item 8): how exactly the reading pipeline reads a
 * generated corpus of Spanish purchase invoices, field by field against their truth, and how long it
 * takes per page — next to a baseline measured in the same run: the same digital PDFs read by OCR
 * alone (Tesseract over the rendered pages, what a reader without "structured first" would do).
 *
 * The corpus (functions/lib/invoice-samples: eleven layouts, nine tax scenarios —
 * several VAT rates, recargo de equivalencia, IRPF, exempt, intra-EU, IGIC — seeded) is read three
 * ways through `readDocument`, the function the `ocr` queue's worker calls:
 *  - digital PDFs (a text layer; every fifth carries a VeriFacTu QR): source TEXT or QR;
 *  - the same invoices scanned (rendered at 150-200 dpi, rotated, noisy, JPEG/PNG): source OCR;
 *  - baseline: the digital PDFs through OCR only.
 * Targets (issue 17): digital ≥ 98 % of fields exact, scans ≥ 90 %, a QR-bearing PDF 100 % of the
 * QR's fields (supplier NIF, number, date, total). Needs tesseract-ocr-spa and poppler-utils (.ci/run
 * installs them). BENCH_DOCS_DIGITAL (default 30) and BENCH_DOCS_SCANS (default 12) set the sizes.
 */

import { extractFromText, makeOcrEngine, readDocument } from '@functions/lib/document-reading';
import { fieldMatches, generateCorpus, scanned, type Truth } from '@functions/lib/invoice-samples';
import {
  EXTRACTION_FIELDS,
  type Extraction,
  type ExtractionField,
  type ExtractionSource,
} from '@shared/schemas/documents';

const DIGITAL = Number(process.env.BENCH_DOCS_DIGITAL ?? 30);
const SCANS = Number(process.env.BENCH_DOCS_SCANS ?? 12);
const QR_FIELDS: readonly ExtractionField[] = ['supplierNif', 'invoiceNumber', 'issueDate', 'totalCents'];

interface Tally {
  ok: number;
  total: number;
}
interface RunFigures {
  name: string;
  documents: number;
  pages: number;
  seconds: number;
  perField: Record<ExtractionField, Tally>;
  bySource: Partial<Record<ExtractionSource, Tally>>;
  misses: string[];
}

const pct = (t: Tally) => (t.total ? (100 * t.ok) / t.total : 0);
const overall = (f: RunFigures): Tally =>
  Object.values(f.perField).reduce((a, b) => ({ ok: a.ok + b.ok, total: a.total + b.total }), {
    ok: 0,
    total: 0,
  });

function newRun(name: string): RunFigures {
  return {
    name,
    documents: 0,
    pages: 0,
    seconds: 0,
    perField: Object.fromEntries(EXTRACTION_FIELDS.map((f) => [f, { ok: 0, total: 0 }])) as Record<
      ExtractionField,
      Tally
    >,
    bySource: {},
    misses: [],
  };
}

function score(run: RunFigures, id: string, truth: Truth, read: Extraction, pages: number, ms: number): void {
  run.documents++;
  run.pages += pages;
  run.seconds += ms / 1000;
  const src = run.bySource[read.source] ?? { ok: 0, total: 0 };
  run.bySource[read.source] = src;
  for (const f of EXTRACTION_FIELDS) {
    const ok = fieldMatches(f, truth, read);
    run.perField[f].total++;
    src.total++;
    if (ok) {
      run.perField[f].ok++;
      src.ok++;
    } else if (run.misses.length < 8) {
      run.misses.push(`${id} ${f}: expected ${JSON.stringify(truth[f])}, read ${JSON.stringify(read[f])}`);
    }
  }
}

function table(runs: RunFigures[]): string[] {
  const head = `  ${'field'.padEnd(15)}${runs.map((r) => r.name.padStart(18)).join('')}`;
  const rows = EXTRACTION_FIELDS.map(
    (f) => `  ${f.padEnd(15)}${runs.map((r) => `${pct(r.perField[f]).toFixed(1)} %`.padStart(18)).join('')}`,
  );
  const all = `  ${'ALL FIELDS'.padEnd(15)}${runs.map((r) => `${pct(overall(r)).toFixed(2)} %`.padStart(18)).join('')}`;
  const speed = `  ${'s / page'.padEnd(15)}${runs
    .map((r) => `${(r.seconds / Math.max(1, r.pages)).toFixed(2)} s`.padStart(18))
    .join('')}`;
  const docs = `  ${'documents'.padEnd(15)}${runs.map((r) => `${r.documents} (${r.pages} p.)`.padStart(18)).join('')}`;
  return [head, ...rows, all, speed, docs];
}

export async function benchDocuments(): Promise<{ lines: string[]; ok: boolean }> {
  const engine = makeOcrEngine('tesseract');
  const corpus = await generateCorpus({ seed: 2026, count: DIGITAL, qrEvery: 5 });
  const digital = newRun('digital PDF');
  const scans = newRun('scans (OCR)');
  const baseline = newRun('baseline: OCR');
  const qr: Tally = { ok: 0, total: 0 };

  for (const c of corpus) {
    const t0 = performance.now();
    const r = await readDocument(c.pdf, { contentType: 'application/pdf', companyNif: c.companyNif, engine });
    score(digital, c.id, c.truth, r.extraction, r.pages, performance.now() - t0);
    if (c.qrUrl) {
      for (const f of QR_FIELDS) {
        qr.total++;
        if (fieldMatches(f, c.truth, r.extraction)) qr.ok++;
      }
    }
    // The baseline: the same PDF, OCR only (rendered pages -> Tesseract -> the same extractor).
    const b0 = performance.now();
    const pages = await engine.ocr({ bytes: c.pdf, type: 'pdf', pages: r.pages });
    const { extraction } = extractFromText(
      pages.map((p) => p.lines),
      {
        companyNif: c.companyNif,
        source: 'OCR',
        lineConfidence: Math.min(...pages.map((p) => p.confidence)),
      },
    );
    score(baseline, c.id, c.truth, extraction, pages.length, performance.now() - b0);
  }

  // Scans of single-page invoices (a scan is one image per page; the reader takes one file).
  let made = 0;
  for (const [i, c] of corpus.entries()) {
    if (made >= SCANS) break;
    const images = scanned(c.pdf, 700 + i);
    if (images.length !== 1) continue;
    made++;
    const img = images[0]!;
    const t0 = performance.now();
    const r = await readDocument(img.bytes, {
      contentType: img.contentType,
      companyNif: c.companyNif,
      engine,
    });
    score(scans, c.id, c.truth, r.extraction, 1, performance.now() - t0);
  }

  const digitalOk = pct(overall(digital)) >= 98;
  const scansOk = pct(overall(scans)) >= 90;
  const qrOk = qr.total > 0 && qr.ok === qr.total;
  const lines = [
    'Documents: reading a generated corpus field by field (issue 17 item 8; readDocument with Tesseract + poppler)',
    ...table([digital, scans, baseline]),
    `  by source: ${[digital, scans]
      .flatMap((r) =>
        Object.entries(r.bySource).map(
          ([s, t]) => `${r.name} ${s} ${pct(t!).toFixed(1)} % of ${t!.total} fields`,
        ),
      )
      .join('; ')}`,
    `  QR-bearing PDFs: ${qr.ok}/${qr.total} of the QR's fields exact (${pct(qr).toFixed(1)} %)`,
    ...[...digital.misses, ...scans.misses].slice(0, 10).map((m) => `  miss: ${m}`),
    `Targets: digital ≥ 98 % ${digitalOk ? 'met' : 'NOT MET'}, scans ≥ 90 % ${scansOk ? 'met' : 'NOT MET'}, QR fields 100 % ${
      qrOk ? 'met' : 'NOT MET'
    }; structured first is ${(
      baseline.seconds /
        Math.max(1, baseline.pages) /
        Math.max(0.001, digital.seconds / Math.max(1, digital.pages))
    ).toFixed(
      1,
    )}x faster per page than OCR alone and ${(pct(overall(digital)) - pct(overall(baseline))).toFixed(1)} points more exact.`,
  ];
  return { lines, ok: digitalOk && scansOk && qrOk };
}
