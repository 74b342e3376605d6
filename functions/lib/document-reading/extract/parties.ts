/**
 * The issuer (supplier) and the recipient (customer) of an invoice: their tax ids and the legal name
 * printed beside each (art. 6.1.d RD 1619/2012 "nombre y apellidos, razón o denominación social"), not
 * the trade name or the logo text. A party is the block of lines in the tax id's column above it; the
 * block's header ("Proveedor", "Facturar a"...) says its role; the company's own NIF is the customer.
 */

import { type FoundTaxId, findTaxIds, normaliseTaxId, TAX_LABEL_AT_END } from './tax-ids';
import { type Cell, type Line, sameColumn } from './text';

export type PartyRole = 'SUPPLIER' | 'CUSTOMER';

export interface Party {
  id: string;
  valid: boolean;
  repaired: boolean;
  foreign: boolean;
  name: string | null;
  /** How the name was found: after a label, by its legal form, or as the block's first line. */
  nameKind: 'LABELLED' | 'LEGAL_FORM' | 'BLOCK' | null;
  role: PartyRole | null;
  line: number;
}

const SUPPLIER_LABEL =
  /^(?:datos del |datos de )?(?:proveedor|emisor|emitida por|expedida por|vendedor|prestador|supplier|vendor|seller|from)\b/;
const CUSTOMER_LABEL =
  /^(?:datos del |datos de )?(?:cliente|facturar a|destinatario|receptor|titular(?: del contrato)?|bill to|billed to|customer|sold to|invoice to)\b/;
const NAME_LABEL = /^(?:razon social|nombre|name|denominacion|company)\b/;
const LEGAL_FORM =
  /(?:^|\s)(?:s\.?\s?l\.?(?:\s?[ulp]\.?)?|s\.?\s?a\.?(?:\s?u\.?)?|s\.?\s?c\.?(?:\s?p\.?)?|c\.?\s?b\.?|s\.?\s?coop\.?|sas|sarl|gmbh|ltd\.?|limited|b\.?v\.?|s\.?r\.?l\.?|s\.?p\.?a\.?|lda\.?|inc\.?|oy|ab|ag|plc)$/;
const ADDRESS =
  /^(?:c\/|c\.\s|calle|avda|av\.|avenida|plaza|pza|paseo|pso|pol[ií]gono|ctra|carretera|camino|ronda|urb|apartado|tel|tlf|telefono|movil|fax|e-?mail|correo|web|www|http|iban|cp\b|cod\.?\s?postal|\d{5}\b|\d+\s?[,-]|rue|strasse|street|road)|@|\b\d{5}\b/;
const NOT_A_NAME =
  /^(?:(?:factura|invoice|fecha|date|n[º°o]|numero|pagina|page|original|copia|rectificativa|simplificada|concepto|descripcion|description|total|subtotal|base|iva|igic|vat|importe|forma de pago|pago|payment|iban|swift|bic|vencimiento|due|registro|inscrit[ao]|tomo|atencion al cliente|cups|contrato|poliza|pedido|albaran|referencia|periodo|resumen|detalle|cantidad|precio|cuota|retencion|suma|liquido|amount|mesa|hora|tarjeta|gracias|thank)\b|\d)/;
/** "Label: value" (Forma de pago: …, Dirección: …): a field of the invoice, never a party's name. */
const LABEL_AND_VALUE = /^[^:]{2,32}:\s*\S/;
/** Separators of the parts of one footer line ("Energía Verde, S.A.U. · CIF A1234… · Avda…"). */
const PART_SEPARATOR = /\s[·•|+]\s|\s[-–]\s|\s{2,}|;\s/;
/** A money amount in a cell: a total or a line, never a name. */
const MONEY = /\d[\d.]*,\d{2}\b|\d,\d{3}\.\d{2}\b|€/;

const plainOf = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const afterLabel = (text: string): string => text.replace(/^[^:]*:\s*/, '').trim();

interface Occurrence {
  tax: FoundTaxId;
  line: Line;
  cell: Cell;
}

function occurrences(lines: Line[]): Occurrence[] {
  const seen = new Set<string>();
  const out: Occurrence[] = [];
  for (const line of lines) {
    for (const tax of findTaxIds(line.text)) {
      if (seen.has(tax.id)) continue;
      seen.add(tax.id);
      const cell = line.cells.find((c) => c.start <= tax.start && tax.start < c.end) ?? {
        text: line.text.slice(tax.start, tax.end),
        start: tax.start,
        end: tax.end,
      };
      out.push({ tax, line, cell });
    }
  }
  return out;
}

interface BlockReading {
  role: PartyRole | null;
  name: string | null;
  nameKind: Party['nameKind'];
}

/** A cell read as part of a party block: its role label, its name if it carries one. */
function readCell(text: string): { role: PartyRole | null; labelledName: string | null; nameLike: boolean } {
  const plain = plainOf(text).trim();
  const role = SUPPLIER_LABEL.test(plain) ? 'SUPPLIER' : CUSTOMER_LABEL.test(plain) ? 'CUSTOMER' : null;
  const named = role || NAME_LABEL.test(plain);
  const labelled = named && text.includes(':') ? afterLabel(text) : '';
  const labelledName = labelled.length >= 3 && /[a-záéíóúñ]{2}/i.test(labelled) ? labelled : null;
  const nameLike =
    !role &&
    !ADDRESS.test(plain) &&
    !NOT_A_NAME.test(plain) &&
    !NOT_A_NAME.test(plain.replace(/\s+/g, '')) &&
    !(LABEL_AND_VALUE.test(plain) && !named) &&
    !MONEY.test(plain) &&
    /[a-z]{3}/.test(plain);
  return { role, labelledName, nameLike };
}

/** The part of the id's line just left of its label, when it is a name ("X, S.L. · CIF B…"). */
function nameBeforeId(before: string): string | null {
  const parts = before
    .split(PART_SEPARATOR)
    .map((p) => p.replace(/^[\s·•|+,;:-]+|[\s·•|+,;:-]+$/g, ''))
    .filter(Boolean);
  const last = parts.at(-1);
  return last && last.length >= 3 && readCell(last).nameLike ? last : null;
}

/** Walks up the tax id's column to the block's header, collecting the name candidates. */
function readBlock(lines: Line[], o: Occurrence): BlockReading {
  let role: PartyRole | null = null;
  let labelled: string | null = null;
  const names: string[] = [];
  // The same line, left of the id: "Cliente: Empresa Demo S.L.   CIF: B00000000", a footer
  // "Energía Verde Levante, S.A.U. · CIF A-45267754 · Avda…" (the name right before the label).
  const before = o.line.text.slice(o.cell.start, o.tax.start).replace(TAX_LABEL_AT_END, '').trim();
  const sameLine = [...o.line.cells.filter((c) => c.end <= o.cell.start).map((c) => c.text), before].filter(
    Boolean,
  );
  for (const text of sameLine) {
    const r = readCell(text);
    role = r.role ?? role;
    labelled = r.labelledName ?? labelled;
    if (r.nameLike && text.length >= 3) names.unshift(text.replace(/[\s,;-]+$/, ''));
  }
  const beside = before ? nameBeforeId(before) : null;
  let gap = 0;
  for (let i = o.line.index - 1; i >= 0 && i >= o.line.index - 9; i--) {
    const line = lines[i]!;
    if (line.page !== o.line.page) break;
    if (line.cells.length === 0) continue; // OCR puts blank lines between the lines of one block
    // Role labels are short and often offset from their block ("FACTURAR A:" over the box): wider tolerance.
    const label = line.cells.find((c) => sameColumn(c, o.cell, 20) && readCell(c.text).role);
    const cell = line.cells.find((c) => sameColumn(c, o.cell)) ?? label;
    if (!cell) {
      if (++gap >= 2) break;
      continue;
    }
    gap = 0;
    if (findTaxIds(cell.text).length > 0) break; // the block of another party above
    const r = readCell(cell.text);
    if (r.labelledName && !labelled) labelled = r.labelledName;
    if (r.role) {
      role = role ?? r.role;
      break;
    }
    if (r.nameLike) names.push(cell.text);
  }
  if (labelled) return { role, name: clean(labelled), nameKind: 'LABELLED' };
  const legal = [beside, ...names].find((n) => n && LEGAL_FORM.test(plainOf(clean(n)).trim()));
  if (legal) return { role, name: clean(legal), nameKind: 'LEGAL_FORM' };
  // A name printed right before the tax id is the one beside it (art. 6.1.c RD 1619/2012).
  if (beside) return { role, name: clean(beside), nameKind: 'BLOCK' };
  const top = names.at(-1);
  return { role, name: top ? clean(top) : null, nameKind: top ? 'BLOCK' : null };
}

const clean = (s: string) =>
  repairLegalForm(s.replace(/\s+/g, ' ').replace(/^[\s:;,.·•|+-]+|[\s:;,·•|+-]+$/g, ''));

/** A dotted legal form OCR lost a dot of ("S.AU." for "S.A.U."): every letter dotted as printed. */
function repairLegalForm(name: string): string {
  return name.replace(/(?<=\s)((?:[A-Za-z]\.?){2,4})$/, (form) => {
    const letters = form.replace(/\./g, '');
    const dots = form.length - letters.length;
    if (dots < 2 || dots >= letters.length) return form;
    return `${letters.split('').join('.')}.`;
  });
}

/** The parties of the invoice; `companyNif` (the reader's own company) is the customer when present. */
export function findParties(
  lines: Line[],
  companyNif?: string | null,
): { supplier: Party | null; customer: Party | null; others: Party[] } {
  const own = companyNif ? normaliseTaxId(companyNif) : null;
  const parties: Party[] = occurrences(lines).map((o) => {
    const block = readBlock(lines, o);
    const { id, valid, repaired, foreign } = o.tax;
    return { id, valid, repaired, foreign, ...block, line: o.line.index };
  });
  // Reading order decides among equals: the issuer's block comes first on Spanish layouts.
  const pick = (pred: (p: Party) => boolean, taken: Party[]) =>
    parties.find((p) => pred(p) && !taken.includes(p));
  const taken: Party[] = [];
  let customer = (own && parties.find((p) => p.id === own)) || undefined;
  if (customer) taken.push(customer);
  let supplier = pick((p) => p.role === 'SUPPLIER', taken);
  if (supplier) taken.push(supplier);
  customer = customer ?? pick((p) => p.role === 'CUSTOMER', taken);
  if (customer) taken.push(customer);
  supplier = supplier ?? pick((p) => p.role !== 'CUSTOMER', taken);
  if (supplier) taken.push(supplier);
  customer = customer ?? pick((p) => p.role !== 'SUPPLIER', taken);
  if (customer) taken.push(customer);
  fillMissingNames(lines, supplier ?? null, customer ?? null);
  return {
    supplier: supplier ?? null,
    customer: customer ?? null,
    others: parties.filter((p) => !taken.includes(p)),
  };
}

/**
 * OCR often loses a column's indentation, so a block can lose its name; then the name comes from the
 * page as a whole: a labelled name ("Razón social: X"), the first legal-form line after a customer label
 * for the customer, the first other legal-form line for the supplier. Marked BLOCK (lower confidence).
 */
function fillMissingNames(lines: Line[], supplier: Party | null, customer: Party | null): void {
  const cells = lines.flatMap((l) => l.cells.map((c) => ({ line: l, text: c.text, read: readCell(c.text) })));
  const legal = (t: string) => LEGAL_FORM.test(plainOf(t).trim());
  if (customer && !customer.name) {
    const at = cells.findIndex((c) => c.read.role === 'CUSTOMER');
    const labelled = at >= 0 ? cells[at]!.read.labelledName : null;
    const after =
      at >= 0 ? cells.slice(at + 1, at + 8).find((c) => c.read.nameLike && legal(c.text)) : undefined;
    const name = labelled ?? after?.text ?? null;
    if (name && name !== supplier?.name) Object.assign(customer, { name: clean(name), nameKind: 'BLOCK' });
  }
  if (supplier && !supplier.name) {
    const labelled = cells.find((c) => c.read.labelledName && c.read.role !== 'CUSTOMER')?.read.labelledName;
    const other = cells.find((c) => c.read.nameLike && legal(c.text) && clean(c.text) !== customer?.name);
    const name = labelled ?? other?.text ?? null;
    if (name) Object.assign(supplier, { name: clean(name), nameKind: 'BLOCK' });
  }
}
