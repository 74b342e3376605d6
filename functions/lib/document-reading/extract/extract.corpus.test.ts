import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { accuracy, accuracyTable, type Truth } from '../testing/corpus/accuracy';
import { generateCorpus } from '../testing/corpus/generate';
import { scanned } from '../testing/corpus/scan';
import { extractFromText } from './extract';

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
  it('reads ≥ 98 % of the fields of 42 digital invoices (every layout and scenario)', async () => {
    const corpus = await generateCorpus({ seed: 2025, count: 42, qrEvery: 6 });
    expect(new Set(corpus.map((c) => c.layout)).size).toBe(6);
    expect(new Set(corpus.map((c) => c.scenario)).size).toBe(8);
    // The QR-bearing variant carries the AEAT URL of its own truth.
    const withQr = corpus.filter((c) => c.qrUrl);
    expect(withQr.length).toBe(7);
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
      return { id: `${c.id} ${c.layout}/${c.scenario}`, truth: c.truth, read: extraction };
    });
    const r = report('digital corpus', cases);
    expect(r.overall).toBeGreaterThanOrEqual(0.98);
    for (const f of ['supplierNif', 'invoiceNumber', 'issueDate', 'bases', 'totalCents'] as const)
      expect(r.perField[f].ok / r.perField[f].total, f).toBeGreaterThanOrEqual(0.95);
  }, 60_000);

  it('reads ≥ 90 % of the fields of 8 scanned invoices through Tesseract', async () => {
    const corpus = (await generateCorpus({ seed: 7, count: 11 }))
      .filter((c) => c.layout !== 'long')
      .slice(0, 8);
    const cases = corpus.map((c, i) => {
      const pages = scanned(c.pdf, 100 + i).map((p, j) => {
        const file = join(dir, `${c.id}-${j}.${p.contentType === 'image/png' ? 'png' : 'jpg'}`);
        writeFileSync(file, p.bytes);
        const out = execFileSync(
          'tesseract',
          [file, 'stdout', '-l', 'spa', '--psm', '4', '-c', 'preserve_interword_spaces=1'],
          {
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'ignore'],
          },
        );
        return out.split('\n');
      });
      const { extraction } = extractFromText(pages, {
        source: 'OCR',
        companyNif: c.companyNif,
        lineConfidence: 0.85,
      });
      return { id: `${c.id} ${c.layout}/${c.scenario}`, truth: c.truth, read: extraction };
    });
    const r = report('scanned corpus', cases);
    expect(r.overall).toBeGreaterThanOrEqual(0.9);
  }, 90_000);
});
