/**
 * Which checklist item a client's upload ticks (issue 21 item 5). Pure.
 *
 * The kinds a document can tick, in order of preference:
 *  - by its type: the kinds whose `requestKindDocumentTypes` name it (the document's own type; when
 *    that is OTHER and its category has a type, the category's). An INVOICE is a purchase invoice
 *    (PURCHASE_INVOICES) unless the reader's result says the company issued it (the supplier's NIF
 *    is the company's): then SALES_INVOICES;
 *  - by its category's name: words that give a kind away (extracto/banco → BANK_STATEMENTS,
 *    nómina/seguridad social → PAYROLL_CHANGES, tique/recibo → RECEIPTS, contrato → CONTRACTS,
 *    Hacienda/AEAT → TAX_NOTICES).
 * A document ticks at most one item of a target: the first MISSING item (received or not yet
 * partially) of the first kind that has one. It never ticks a RECEIVED or CLOSED_MANUALLY item.
 * When the reader's result arrives later and changes the kinds (an invoice found to be issued by
 * the company), the document leaves the item it ticked — which goes back to MISSING when it no
 * longer has its minimum, unless it was closed by hand — and ticks the item its new kinds find.
 * A document refused or cancelled (FAILED) ticks nothing, and leaves what it ticked.
 */

import {
  type CampaignItem,
  REQUEST_KINDS,
  type RequestKind,
  requestKindDocumentTypes,
} from '@shared/schemas/campaigns';
import type { DocumentStatus, DocumentType } from '@shared/schemas/documents';

export interface UploadFacts {
  documentId: string;
  documentType: DocumentType;
  status: DocumentStatus;
  /** The document's category, when it has one. */
  category: { name: string; documentType: DocumentType | null } | null;
  /** The reader's supplier NIF (null until read). */
  supplierNif: string | null;
  /** The company's own NIF. */
  companyNif: string | null;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const NIF = (s: string | null) =>
  (s ?? '')
    .toUpperCase()
    .replace(/[\s.-]/g, '')
    .replace(/^ES/, '');

const CATEGORY_WORDS: [RegExp, RequestKind][] = [
  [/extracto|banco|bancari/, 'BANK_STATEMENTS'],
  [/nomina|seguridad social|finiquito/, 'PAYROLL_CHANGES'],
  [/tique|ticket|recibo/, 'RECEIPTS'],
  [/contrato/, 'CONTRACTS'],
  [/hacienda|aeat|agencia tributaria|requerimiento/, 'TAX_NOTICES'],
];

/** The kinds a document can tick, most likely first (empty when it ticks nothing). */
export function kindsOf(doc: UploadFacts): RequestKind[] {
  if (doc.status === 'FAILED' || doc.status === 'UPLOADING') return [];
  const type =
    doc.documentType === 'OTHER' && doc.category?.documentType ? doc.category.documentType : doc.documentType;
  const issuedByCompany = Boolean(doc.companyNif) && NIF(doc.supplierNif) === NIF(doc.companyNif);
  const out: RequestKind[] = [];
  for (const kind of REQUEST_KINDS) {
    if (!requestKindDocumentTypes[kind].includes(type)) continue;
    if (type === 'INVOICE' && kind === 'PURCHASE_INVOICES' && issuedByCompany) continue;
    if (type === 'INVOICE' && kind === 'SALES_INVOICES' && !issuedByCompany) continue;
    out.push(kind);
  }
  if (doc.category) {
    const name = fold(doc.category.name);
    for (const [words, kind] of CATEGORY_WORDS) if (words.test(name) && !out.includes(kind)) out.push(kind);
  }
  return out;
}

export interface TickResult {
  items: CampaignItem[];
  changed: boolean;
}

/**
 * The target's items after `doc` (re)evaluated at `now`: ticks the item it matches, or moves it to
 * another when its kinds changed. Replays change nothing (a document already on a matching item).
 */
export function applyUpload(items: readonly CampaignItem[], doc: UploadFacts, now: string): TickResult {
  const kinds = kindsOf(doc);
  const current = items.findIndex((i) => i.documentIds.includes(doc.documentId));
  if (current >= 0 && kinds.includes(items[current]!.kind)) return { items: [...items], changed: false };
  const next = items.map((i) => ({ ...i, documentIds: [...i.documentIds] }));
  let changed = false;
  if (current >= 0) {
    // The document no longer fits the item it ticked: it leaves it.
    const it = next[current]!;
    it.documentIds = it.documentIds.filter((d) => d !== doc.documentId);
    if (it.status === 'RECEIVED' && it.documentIds.length < it.minDocuments) {
      it.status = 'MISSING';
      it.receivedAt = null;
    }
    changed = true;
  }
  for (const kind of kinds) {
    const target = next.find((i) => i.kind === kind && i.status === 'MISSING');
    if (!target) continue;
    target.documentIds.push(doc.documentId);
    if (target.documentIds.length >= target.minDocuments) {
      target.status = 'RECEIVED';
      target.receivedAt = now;
    }
    changed = true;
    break;
  }
  return { items: changed ? next : [...items], changed };
}
