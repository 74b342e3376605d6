/**
 * The judge's generator checks itself: what each PDF prints is its truth (poppler's pdftotext reads
 * the text layer back), the QR decodes to the AEAT URL, the scans are real JPEGs of the page, and the
 * hostile files are hostile the way they claim. A wrong truth here would make the judge unfair.
 */

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { buildCorpus, totalsOf, truthOf } from './corpus';
import { facturae, ubl } from './einvoice';
import { amount, money, verifactuQrUrl } from './format';
import { hostileFiles } from './hostile';
import { qrUrlOf, renderInvoicePdf } from './pdf';
import { renderPages, scanPdf } from './scan';

const corpus = buildCorpus(4242);

function pdfText(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'judge-text-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'in.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('judge corpus', () => {
  it('every truth adds up: Σ bases + Σ quotas + Σ recargo − IRPF = total', () => {
    for (const spec of [...corpus.digital, ...corpus.scanned, ...corpus.qr]) {
      const t = truthOf(spec);
      const sum =
        t.bases.reduce((s, b) => s + b.baseCents + b.quotaCents, 0) +
        t.recargo.reduce((s, r) => s + r.quotaCents, 0) -
        (t.irpf?.amountCents ?? 0);
      expect(sum, spec.key).toBe(t.totalCents);
      expect(t.supplierNif, spec.key).toMatch(/^([A-Z]\d{7}[0-9A-J]|\d{8}[A-Z]|(IE|NL)[0-9A-Z]+)$/);
    }
    const re = truthOf(corpus.digital.find((s) => s.key === 'recargo-equivalencia')!);
    expect(re.recargo).toEqual([
      { rateBp: 520, quotaCents: 1476 },
      { rateBp: 140, quotaCents: 602 },
    ]);
    const m15 = truthOf(corpus.digital.find((s) => s.key === 'minuta-irpf-15')!);
    expect(m15.irpf).toEqual({ rateBp: 1500, amountCents: 11550 });
    expect(m15.totalCents).toBe(77000 + 16170 - 11550);
  });

  it('each digital PDF prints its truth: legal name beside the tax id, number, total', async () => {
    for (const spec of [...corpus.digital, ...corpus.qr]) {
      const text = pdfText(await renderInvoicePdf(spec));
      const t = totalsOf(spec);
      expect(text, spec.key).toContain(spec.number);
      expect(text, spec.key).toContain(spec.supplier.nifPrinted);
      expect(text, spec.key).toContain(spec.supplier.legalName);
      const printedTotal =
        spec.layout === 'classic' ||
        spec.layout === 'utility' ||
        spec.layout === 'minuta' ||
        spec.layout === 'english'
          ? money(t.total, spec.money)
          : amount(t.total, spec.money);
      expect(text, spec.key).toContain(printedTotal);
      if (spec.customer) expect(text, spec.key).toContain(spec.customer.nifPrinted);
    }
    const two = await renderInvoicePdf(corpus.digital.find((s) => s.key === 'dos-paginas')!);
    const pages = pdfText(two).split('\f');
    expect(pages[1]).toContain('Resumen');
    expect(pages[0]).not.toContain('Resumen');
  });

  it('the VeriFacTu QR decodes to the AEAT URL, drawn or embedded', async () => {
    expect(
      verifactuQrUrl({ nif: 'B12345678', number: 'A/1 2', issueDate: '2026-10-27', totalCents: 38284 }),
    ).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345678&numserie=A%2F1%202&fecha=27-10-2026&importe=382.84',
    );
    for (const spec of corpus.qr) {
      const [page] = renderPages(await renderInvoicePdf(spec), 150);
      const rgba = new Uint8ClampedArray(page!.width * page!.height * 4);
      for (let i = 0; i < page!.data.length; i++)
        rgba.fill(page!.data[i]!, i * 4, i * 4 + 3).fill(255, i * 4 + 3, i * 4 + 4);
      expect(jsQR(rgba, page!.width, page!.height)?.data, spec.key).toBe(qrUrlOf(spec));
    }
  });

  it('a scan is a degraded JPEG of the page at 150 dpi', async () => {
    const spec = corpus.scanned[0]!;
    const { jpegs, degradation } = scanPdf(await renderInvoicePdf(spec), 7);
    const img = jpeg.decode(jpegs[0]!, { useTArray: true });
    // A4 at 150 dpi: 1240 × 1754 (poppler may round a pixel up).
    expect(Math.abs(img.width - 1240)).toBeLessThanOrEqual(2);
    expect(Math.abs(img.height - 1754)).toBeLessThanOrEqual(2);
    expect(Math.abs(degradation.rotateDeg)).toBeGreaterThanOrEqual(0.3);
    expect(degradation.jpegQuality).toBeGreaterThanOrEqual(60);
    expect(degradation.jpegQuality).toBeLessThanOrEqual(75);
  });

  it('the hostile files are what they claim', async () => {
    const files = Object.fromEntries((await hostileFiles(1)).map((f) => [f.key, f]));
    const latin = (k: string) => Buffer.from(files[k]!.bytes).toString('latin1');
    expect(latin('png-renamed-pdf').startsWith('\x89PNG')).toBe(true);
    expect(latin('pdf-openaction-js')).toMatch(/\/OpenAction/);
    expect(latin('pdf-openaction-js')).toMatch(/\/JavaScript/);
    // The object-stream variant hides the action from a plain byte scan.
    expect(latin('pdf-openaction-js-objstm')).not.toMatch(/\/JavaScript/);
    expect(latin('pdf-openaction-js-objstm')).toMatch(/\/ObjStm/);
    expect(latin('pdf-embedded-exe')).toMatch(/\/EmbeddedFiles/);
    expect(latin('pdf-truncated')).not.toMatch(/%%EOF/);
    expect(files.empty!.bytes.length).toBe(0);
    const bomb = Buffer.from(files['png-bomb']!.bytes);
    expect(bomb.readUInt32BE(16)).toBe(60_000);
    expect(bomb.length).toBeLessThan(100_000);
    expect(latin('xml-doctype-entities')).toMatch(/<!DOCTYPE[\s\S]*<!ENTITY/);
  });

  it('the e-invoices carry their truth', () => {
    for (const e of [facturae(9), ubl(9)]) {
      expect(e.xml).toContain(e.truth.invoiceNumber!);
      expect(e.xml).toContain(`ES${e.truth.supplierNif}`);
      const total = `${Math.floor(e.truth.totalCents! / 100)}.${String(e.truth.totalCents! % 100).padStart(2, '0')}`;
      expect(e.xml, e.key).toContain(total);
    }
  });
});
