import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  accuracy,
  accuracyTable,
  generateCorpus,
  LAYOUTS,
  SCENARIOS,
  scanned,
  type Truth,
} from '@functions/lib/invoice-samples';
import { afterAll, describe, expect, it } from 'vitest';
import { ocrImage } from '../engines/tesseract';
import { extractFromText } from './extract';
import { findRectifiedInvoice } from './rectified';

// The generated corpus through the CLI tools the engines wrap: `pdftotext -layout` for the text layer,
// Tesseract (spa, columns kept) for the scans. Thresholds from issue 17 item 8.
const dir = mkdtempSync(join(tmpdir(), 'cuadra-corpus-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pagesOf = (text: string) => text.split('\f').map((p) => p.split('\n'));

function report(title: string, cases: { id: string; truth: Truth; read: Truth }[]) {
  const r = accuracy(cases);
  console.log(accuracyTable(title, r));
  for (const m of r.misses)
    console.log('  miss', m.id, m.field, JSON.stringify(m.truth), '->', JSON.stringify(m.read));
  return r;
}

describe('extractFromText on the generated corpus', () => {
  it('reads ≥ 98 % of the fields of 66 digital invoices (every layout and scenario)', async () => {
    const corpus = await generateCorpus({ seed: 2025, count: 66, qrEvery: 6 });
    expect(new Set(corpus.map((c) => c.layout)).size).toBe(LAYOUTS.length);
    expect(new Set(corpus.map((c) => c.scenario)).size).toBe(SCENARIOS.length);
    // The QR-bearing variant carries the AEAT URL of its own truth.
    const withQr = corpus.filter((c) => c.qrUrl);
    expect(withQr.length).toBe(11);
    for (const c of withQr)
      expect(c.qrUrl).toContain(
        `nif=${c.truth.supplierNif}&numserie=${encodeURIComponent(c.truth.invoiceNumber!)}`,
      );
    const cases = corpus.map((c, i) => {
      const file = join(dir, `${c.id}.pdf`);
      writeFileSync(file, c.pdf);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      // Half with the reading company's NIF as the hint, half without.
      const { extraction, notes } = extractFromText(pagesOf(text), {
        source: 'TEXT',
        companyNif: i % 2 ? c.companyNif : null,
      });
      if (notes.arithmeticOk) expect(extraction.confidence.totalCents).toBeGreaterThanOrEqual(0.95);
      // A rectificativa names the invoice it corrects (art. 15 RD 1619/2012).
      const rectified = c.invoice.rectifies;
      expect(findRectifiedInvoice(pagesOf(text)), c.id).toEqual(
        rectified ? { invoiceNumber: rectified.number, issueDate: rectified.issueDate } : null,
      );
      return { id: `${c.id} ${c.layout}/${c.scenario}`, truth: c.truth, read: extraction };
    });
    const r = report('digital corpus', cases);
    expect(r.overall).toBeGreaterThanOrEqual(0.98);
    for (const f of ['supplierNif', 'invoiceNumber', 'issueDate', 'bases', 'totalCents'] as const)
      expect(r.perField[f].ok / r.perField[f].total, f).toBeGreaterThanOrEqual(0.95);
  }, 60_000);

  it('reads ≥ 90 % of the fields of 10 scanned invoices through the Tesseract engine', async () => {
    // One of each layout but the 34-42-line 'long' (the two-page one stays: its summary is on page 2).
    const corpus = (await generateCorpus({ seed: 7, count: LAYOUTS.length })).filter(
      (c) => c.layout !== 'long',
    );
    expect(corpus).toHaveLength(10);
    const cases = [];
    for (const [i, c] of corpus.entries()) {
      // The product's local engine (TSV words laid out again with their columns), page by page.
      const pages = [];
      for (const [j, p] of scanned(c.pdf, 100 + i).entries()) pages.push(await ocrImage(p.bytes, j + 1));
      const { extraction } = extractFromText(
        pages.map((p) => p.lines),
        {
          source: 'OCR',
          companyNif: c.companyNif,
          lineConfidence: pages.reduce((s, p) => s + p.confidence, 0) / pages.length,
        },
      );
      cases.push({ id: `${c.id} ${c.layout}/${c.scenario}`, truth: c.truth, read: extraction });
    }
    const r = report('scanned corpus', cases);
    expect(r.overall).toBeGreaterThanOrEqual(0.9);
  }, 150_000);
});
