/**
 * The generated corpus (issue 17 item 8): seeded Spanish purchase invoices in eleven layouts and nine
 * tax scenarios (LAYOUTS, SCENARIOS), each a digital PDF with its ground truth; `scanned` turns one
 * into a scanned-looking image. Used by the extractor's accuracy tests and by the readers' tests.
 */

import { type CorpusInvoice, LAYOUTS, makeInvoice, rng, SCENARIOS } from './invoices';
import { qrUrlOf, renderInvoicePdf } from './render';

export interface CorpusEntry {
  id: string;
  layout: CorpusInvoice['layout'];
  scenario: CorpusInvoice['scenario'];
  truth: CorpusInvoice['truth'];
  /** The customer's NIF, as the reading company would pass it (`companyNif`). */
  companyNif: string;
  /** The URL of the VeriFacTu QR printed on it, when `withQr`. */
  qrUrl: string | null;
  pdf: Uint8Array;
  invoice: CorpusInvoice;
}

/** `count` invoices, layouts and scenarios cycled so every pair appears; `qrEvery` puts a QR on every n-th. */
export async function generateCorpus(opts: {
  seed: number;
  count: number;
  qrEvery?: number;
}): Promise<CorpusEntry[]> {
  const r = rng(opts.seed);
  const out: CorpusEntry[] = [];
  for (let i = 0; i < opts.count; i++) {
    const layout = LAYOUTS[i % LAYOUTS.length]!;
    const scenario = SCENARIOS[Math.floor(i / LAYOUTS.length + i) % SCENARIOS.length]!;
    const invoice = makeInvoice(r, i, layout, scenario);
    const qr = opts.qrEvery ? i % opts.qrEvery === 0 : false;
    const pdf = await renderInvoicePdf(invoice, { qr });
    out.push({
      id: invoice.id,
      layout,
      scenario,
      truth: invoice.truth,
      companyNif: invoice.customer.nif,
      qrUrl: qr ? qrUrlOf(invoice) : null,
      pdf,
      invoice,
    });
  }
  return out;
}
