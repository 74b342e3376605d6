/**
 * The face of the invoice-samples library (issue 17 item 8): generated Spanish purchase invoices with
 * their ground truth — eleven layouts and nine tax scenarios as digital PDFs with a text layer (some with
 * a VeriFacTu QR), `scanned` turning one into scanned-looking images, and the field-by-field accuracy
 * the reading is measured with. Used by the reading's tests, `npm run bench` (part documents) and the
 * demo seed (infra/local/seed-documents.ts). Seeded: the same seed gives the same invoices.
 */

export { type AccuracyReport, accuracy, accuracyTable, fieldMatches, type Truth } from './accuracy';
export { type CorpusEntry, generateCorpus } from './generate';
export {
  type CorpusInvoice,
  type CorpusParty,
  LAYOUTS,
  type Layout,
  makeInvoice,
  rng,
  SCENARIOS,
  type Scenario,
} from './invoices';
export { qrUrlOf, renderInvoicePdf } from './render';
export { type ScannedPage, scanned } from './scan';
