/**
 * Renders a corpus invoice as a digital PDF with a real text layer (pdf-lib, Helvetica with WinAnsi:
 * every character used here is in that encoding), in one of six visibly different layouts, optionally
 * carrying a VeriFacTu QR (Orden HAC/1177/2024) built the way Cuadra's own invoices build it.
 */

import { renderQrPng } from '@functions/lib/qr';
import { verifactuQrUrl } from '@shared/fiscal/verifactu-record';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import type { CorpusInvoice, CorpusItem, DateStyle } from './invoices';

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

export function formatDate(iso: string, style: DateStyle): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  switch (style) {
    case 'slash':
      return `${d}/${m}/${y}`;
    case 'dash':
      return `${d}-${m}-${y}`;
    case 'dots':
      return `${d}.${m}.${y.slice(2)}`;
    case 'long':
      return `${Number(d)} de ${MONTHS[Number(m) - 1]} de ${y}`;
    case 'month':
      return `${d}-${MONTHS[Number(m) - 1]!.slice(0, 3)}-${y}`;
    case 'long-en':
      return `${Number(d)} ${MONTHS_EN[Number(m) - 1]} ${y}`;
    case 'month-first-en':
      return `${MONTHS_EN[Number(m) - 1]} ${Number(d)}, ${y}`;
  }
}

const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const es = (cents: number): string => {
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${cents < 0 ? '-' : ''}${euros},${String(abs % 100).padStart(2, '0')}`;
};
const en = (cents: number): string => {
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}${whole}.${String(abs % 100).padStart(2, '0')}`;
};
const pct = (bp: number): string => `${String(bp / 100).replace('.', ',')} %`;
/** A rate as a bare column value: "21", "5,2", "0". */
const bare = (bp: number): string => String(bp / 100).replace('.', ',');
/** "€1,234.56" / "-€15.00", as EU SaaS invoices print euros. */
const euroFirst = (cents: number): string => `${cents < 0 ? '-' : ''}€${en(Math.abs(cents))}`;
/** A credit as ERPs print it: "-124,03", "124,03-" or "(124,03)" (variant 0, 1, 2). */
const credit =
  (variant: number) =>
  (cents: number): string =>
    cents >= 0 || variant === 0 ? es(cents) : variant === 1 ? `${es(-cents)}-` : `(${es(-cents)})`;

interface Pen {
  page: PDFPage;
  font: PDFFont;
  bold: PDFFont;
}
type Draw = (x: number, y: number, s: string, o?: { size?: number; bold?: boolean; right?: boolean }) => void;

function drawer(pen: Pen): Draw {
  return (x, y, s, o = {}) => {
    const size = o.size ?? 9;
    const font = o.bold ? pen.bold : pen.font;
    const w = o.right ? font.widthOfTextAtSize(s, size) : 0;
    pen.page.drawText(s, { x: x - w, y, size, font });
  };
}

const lineTotal = (it: CorpusItem) => it.quantity * it.unitCents;

function partyLines(p: CorpusInvoice['supplier'], label: string): string[] {
  return [p.name, ...p.address, `${label}: ${p.printedNif}`];
}

type Style = 'table' | 'inline' | 'rows' | 'english' | 'compact' | 'columns' | 'minuta' | 'english-eu';

/**
 * The summary as a header-led table of bare numbers (no "%", no "€"): the columns in one of three
 * orders (variant), with the recargo columns when it applies.
 */
function columnsTable(inv: CorpusInvoice, d: Draw, y: number, money: (c: number) => string): number {
  const t = inv.truth;
  const tax = inv.taxName;
  type Col = [string, (i: number) => string];
  const base: Col = ['Base imponible', (i) => money(t.bases[i]!.baseCents)];
  const rate: Col = [inv.variant === 1 ? 'Tipo' : `% ${tax}`, (i) => bare(t.bases[i]!.rateBp)];
  const quota: Col = [`Cuota ${tax}`, (i) => money(t.bases[i]!.quotaCents)];
  const re: Col[] = inv.recargo
    ? [
        ['% R.E.', (i) => bare(t.recargo[i]!.rateBp)],
        ['Cuota R.E.', (i) => money(t.recargo[i]!.quotaCents)],
      ]
    : [];
  const cols = inv.variant === 1 ? [rate, base, quota, ...re] : [base, rate, quota, ...re];
  d(60, y, 'Resumen', { bold: true });
  cols.forEach(([h], i) => {
    d(200 + i * 75, y, h, { right: true, bold: true });
  });
  y -= 13;
  t.bases.forEach((_, row) => {
    cols.forEach(([, value], i) => {
      d(200 + i * 75, y, value(row), { right: true });
    });
    y -= 13;
  });
  return y - 4;
}

/** The summary / inline totals block, per layout family. */
function totalsBlock(inv: CorpusInvoice, d: Draw, y: number, style: Style): number {
  const t = inv.truth;
  const tax = inv.taxName;
  const money =
    style === 'english'
      ? en
      : style === 'english-eu'
        ? euroFirst
        : style === 'columns'
          ? credit(inv.variant)
          : es;
  if (style === 'columns') {
    y = columnsTable(inv, d, y, money);
  } else if (style === 'table') {
    d(60, y, 'RESUMEN DE IMPUESTOS', { bold: true });
    y -= 14;
    const head = [
      'Base imponible',
      `% ${tax}`,
      `Cuota ${tax}`,
      ...(inv.recargo ? ['% R.E.', 'Cuota R.E.'] : []),
    ];
    head.forEach((h, i) => {
      d(160 + i * 80, y, h, { right: true, bold: true });
    });
    y -= 13;
    for (const b of t.bases) {
      const re = t.recargo.find((_, i) => t.bases[i] === b);
      const cells = [
        `${money(b.baseCents)} €`,
        pct(b.rateBp),
        `${money(b.quotaCents)} €`,
        ...(re ? [pct(re.rateBp), `${money(re.quotaCents)} €`] : []),
      ];
      cells.forEach((c, i) => {
        d(160 + i * 80, y, c, { right: true });
      });
      y -= 13;
    }
  } else if (style === 'inline' || style === 'english' || style === 'english-eu' || style === 'minuta') {
    const english = style === 'english' || style === 'english-eu';
    const label = english ? 'Subtotal' : 'Base imponible';
    d(330, y, label);
    d(540, y, `${money(t.bases.reduce((a, b) => a + b.baseCents, 0))} €`, { right: true });
    y -= 13;
    for (const b of t.bases) {
      const name = english && tax === 'IVA' ? 'VAT' : tax;
      const extra =
        b.rateBp === 0
          ? inv.scenario === 'intra-eu'
            ? ' (reverse charge)'
            : ' (exento)'
          : t.bases.length > 1
            ? ` s/ ${(english ? en : es)(b.baseCents)}`
            : '';
      d(330, y, `${name} ${pct(b.rateBp)}${extra}`);
      d(540, y, `${money(b.quotaCents)} €`, { right: true });
      y -= 13;
    }
    t.recargo.forEach((re, i) => {
      d(330, y, `R.E. ${pct(re.rateBp)} s/ ${money(t.bases[i]!.baseCents)}`);
      d(540, y, `${money(re.quotaCents)} €`, { right: true });
      y -= 13;
    });
  } else if (style === 'rows') {
    d(60, y, `Desglose de ${tax}`, { bold: true });
    y -= 14;
    t.bases.forEach((b, i) => {
      d(60, y, b.rateBp === 0 ? 'Exento 0 %' : `${tax} ${pct(b.rateBp)}`);
      d(300, y, `${money(b.baseCents)} €`, { right: true });
      d(420, y, `${money(b.quotaCents)} €`, { right: true });
      y -= 13;
      const re = t.recargo[i];
      if (re) {
        d(60, y, `Recargo de equivalencia ${pct(re.rateBp)}`);
        d(300, y, `${money(b.baseCents)} €`, { right: true });
        d(420, y, `${money(re.quotaCents)} €`, { right: true });
        y -= 13;
      }
    });
  } else {
    t.bases.forEach((b, i) => {
      d(
        60,
        y,
        `Base imponible al ${pct(b.rateBp)}: ${money(b.baseCents)} €     Cuota: ${money(b.quotaCents)} €`,
      );
      y -= 13;
      const re = t.recargo[i];
      if (re) {
        d(60, y, `RE ${pct(re.rateBp)}: ${money(re.quotaCents)} €`);
        y -= 13;
      }
    });
  }
  if (t.irpf) {
    const label =
      style === 'english' || style === 'english-eu'
        ? `IRPF -${pct(t.irpf.rateBp)}`
        : style === 'rows'
          ? `Retención ${pct(t.irpf.rateBp)}`
          : style === 'minuta'
            ? `Retención IRPF (${pct(t.irpf.rateBp)})`
            : `Retención IRPF ${pct(t.irpf.rateBp)}`;
    const right = ['inline', 'english', 'english-eu', 'minuta'].includes(style);
    d(right ? 330 : 60, y, label);
    d(
      right ? 540 : 420,
      y,
      style === 'english-eu' ? euroFirst(-t.irpf.amountCents) : `-${money(t.irpf.amountCents)} €`,
      {
        right: true,
      },
    );
    y -= 13;
  }
  y -= 6;
  const totalLabel = {
    table: 'TOTAL FACTURA',
    inline: 'Total a pagar',
    rows: 'Importe total',
    english: 'TOTAL',
    compact: 'TOTAL',
    columns: 'TOTAL A PAGAR',
    minuta: 'TOTAL A PERCIBIR',
    'english-eu': 'Total due',
  }[style];
  d(330, y, totalLabel, { bold: true, size: 10 });
  const printed =
    style === 'english'
      ? `${money(t.totalCents!)} EUR`
      : style === 'english-eu'
        ? money(t.totalCents!)
        : `${money(t.totalCents!)} €`;
  d(540, y, printed, {
    right: true,
    bold: true,
    size: 10,
  });
  y -= 20;
  if (inv.mention) {
    d(60, y, inv.mention, { size: 8 });
    y -= 12;
  }
  return y;
}

function itemTable(d: Draw, y: number, items: CorpusItem[], english = false): number {
  const money = english ? en : es;
  const head = english
    ? ['Description', 'Qty', 'Price', 'Amount']
    : ['Concepto', 'Cant.', 'Precio', 'Importe'];
  d(60, y, head[0]!, { bold: true });
  d(330, y, head[1]!, { bold: true, right: true });
  d(420, y, head[2]!, { bold: true, right: true });
  d(540, y, head[3]!, { bold: true, right: true });
  y -= 14;
  for (const it of items) {
    d(60, y, it.description);
    d(330, y, String(it.quantity), { right: true });
    d(420, y, money(it.unitCents), { right: true });
    d(540, y, money(lineTotal(it)), { right: true });
    y -= 12;
  }
  return y - 10;
}

function header(inv: CorpusInvoice, d: Draw, y: number): number {
  const t = inv.truth;
  const date = formatDate(t.issueDate!, inv.dateStyle);
  const s = inv.supplier;
  const c = inv.customer;
  switch (inv.layout) {
    case 'classic':
    case 'long': {
      if (s.tradeName) d(60, y + 18, s.tradeName, { bold: true, size: 16 });
      partyLines(s, 'NIF').forEach((l, i) => {
        d(60, y - i * 12, l);
      });
      d(360, y, 'CLIENTE', { bold: true });
      partyLines(c, 'CIF').forEach((l, i) => {
        d(360, y - 12 - i * 12, l);
      });
      y -= 80;
      d(60, y, 'FACTURA', { bold: true, size: 14 });
      d(200, y, `Nº factura: ${t.invoiceNumber}`);
      d(380, y, `Fecha: ${date}`);
      y -= 14;
      d(200, y, `Nº pedido: ${inv.orderNumber}`);
      d(380, y, `Vencimiento: ${formatDate(inv.dueDate, 'slash')}`);
      return y - 24;
    }
    case 'right-header': {
      d(60, y, 'FACTURA', { bold: true, size: 18 });
      d(330, y, `Razón social: ${s.name}`);
      s.address.forEach((l, i) => {
        d(330, y - 12 - i * 12, l);
      });
      d(330, y - 36, `NIF: ${s.printedNif}`);
      y -= 60;
      d(60, y, 'Facturar a:', { bold: true });
      [c.name, ...c.address, `NIF: ${c.printedNif}`].forEach((l, i) => {
        d(60, y - 12 - i * 12, l);
      });
      d(330, y - 12, `Factura nº ${t.invoiceNumber}`);
      d(330, y - 24, `Fecha de emisión: ${date}`);
      d(330, y - 36, `Albarán nº: ALB-${inv.orderNumber.slice(2)}`);
      return y - 80;
    }
    case 'boxes': {
      d(60, y, 'Datos del emisor', { bold: true });
      d(320, y, 'Datos del cliente', { bold: true });
      [s.name, `N.I.F.: ${s.printedNif}`, ...s.address].forEach((l, i) => {
        d(60, y - 13 - i * 12, l);
      });
      [c.name, `N.I.F.: ${c.printedNif}`, ...c.address].forEach((l, i) => {
        d(320, y - 13 - i * 12, l);
      });
      y -= 76;
      d(60, y, `Número: ${t.invoiceNumber}`);
      d(220, y, `Fecha de factura: ${date}`);
      d(420, y, `Nº cliente: ${inv.orderNumber.slice(2)}`);
      return y - 24;
    }
    case 'english': {
      d(60, y, 'INVOICE', { bold: true, size: 16 });
      d(360, y, `Invoice No: ${t.invoiceNumber}`);
      d(360, y - 12, `Date: ${formatDate(t.issueDate!, 'dash')}`);
      y -= 30;
      [s.name, ...s.address, `VAT: ${s.printedNif}`].forEach((l, i) => {
        d(60, y - i * 12, l);
      });
      d(360, y, 'Bill to:', { bold: true });
      [c.name, ...c.address, `VAT: ES${c.nif}`].forEach((l, i) => {
        d(360, y - 12 - i * 12, l);
      });
      return y - 80;
    }
    case 'utility': {
      // The brand on top, the legal name only in the footer beside the CIF (see `footer`).
      d(60, y + 10, s.tradeName ?? s.name.split(' ')[0]!.toUpperCase(), { bold: true, size: 16 });
      d(60, y - 6, 'Atención al cliente 900 100 200 · www.ejemplo.test', { size: 8 });
      d(540, y + 10, 'FACTURA', { bold: true, size: 14, right: true });
      d(
        540,
        y - 6,
        `${['Nº de factura', 'Número de factura', 'Factura nº'][inv.variant]}: ${t.invoiceNumber}`,
        {
          right: true,
        },
      );
      d(540, y - 18, `Fecha de emisión: ${date}`, { right: true });
      d(
        540,
        y - 30,
        `Periodo de facturación: del ${formatDate(inv.dueDate.replace(/-\d\d$/, '-01'), 'slash')} al ${formatDate(inv.dueDate, 'slash')}`,
        {
          right: true,
        },
      );
      d(540, y - 42, `Fecha de cargo: ${formatDate(inv.dueDate, 'slash')}`, { right: true });
      y -= 70;
      d(60, y, 'Datos del titular', { bold: true });
      d(60, y - 12, c.name);
      d(60, y - 24, `NIF/CIF: ${c.printedNif}`);
      d(320, y - 12, c.address.join(', '));
      d(320, y - 24, `Nº de contrato: ${inv.orderNumber.slice(2)}    CUPS: ES0021000012345678AB`);
      return y - 50;
    }
    case 'summary-table':
    case 'two-page': {
      if (s.tradeName) d(60, y + 18, s.tradeName, { bold: true, size: 16 });
      d(60, y, s.name, { bold: true });
      d(60, y - 12, `C.I.F.: ${s.printedNif}`);
      d(60, y - 24, s.address.join(' - '));
      d(540, y, inv.rectifies ? 'FACTURA RECTIFICATIVA' : 'FACTURA', { bold: true, size: 14, right: true });
      d(540, y - 14, `${['Nº Factura', 'Factura núm.', 'Número'][inv.variant]}: ${t.invoiceNumber}`, {
        right: true,
      });
      d(540, y - 26, `Fecha: ${date}`, { right: true });
      y -= 50;
      d(60, y, ['CLIENTE', 'Facturar a', 'Datos del cliente'][inv.variant]!, { bold: true });
      d(60, y - 12, c.name);
      d(60, y - 24, `CIF: ${c.printedNif}`);
      d(60, y - 36, c.address.join(', '));
      return y - 56;
    }
    case 'minuta': {
      d(60, y, s.name, { bold: true, size: 10 });
      d(60, y - 13, `NIF: ${s.printedNif}`);
      s.address.forEach((l, i) => {
        d(60, y - 26 - i * 12, l);
      });
      d(
        60,
        y - 50,
        [
          'Abogada, colegiada nº 12.345 ICAM',
          'Arquitecto técnico, colegiado nº 3.210',
          'Economista, colegiado n.º 4.567',
        ][inv.variant]!,
      );
      y -= 80;
      d(240, y, inv.variant === 1 ? 'FACTURA' : 'MINUTA DE HONORARIOS', { bold: true, size: 12 });
      y -= 22;
      d(60, y, `${['Minuta nº', 'Factura núm.', 'Minuta núm.'][inv.variant]}: ${t.invoiceNumber}`, {
        bold: true,
      });
      d(540, y, `Fecha: ${date}`, { right: true });
      y -= 22;
      d(60, y, `${inv.variant === 1 ? 'Destinatario' : 'Cliente'}:`, { bold: true });
      [c.name, `CIF: ${c.printedNif}`, c.address.join(', ')].forEach((l, i) => {
        d(140, y - i * 12, l);
      });
      return y - 50;
    }
    case 'english-eu': {
      if (s.tradeName) d(60, y + 10, s.tradeName, { bold: true, size: 16 });
      d(540, y + 10, 'INVOICE', { bold: true, size: 14, right: true });
      [s.name, ...s.address, `VAT No.: ${s.printedNif}`].forEach((l, i) => {
        d(60, y - 10 - i * 12, l);
      });
      d(540, y - 10, `${inv.variant === 1 ? 'Invoice number' : 'Invoice No.'}: ${t.invoiceNumber}`, {
        right: true,
      });
      d(540, y - 22, `Invoice Date: ${date}`, { right: true });
      d(
        540,
        y - 34,
        `Service period start: ${formatDate(inv.dueDate.replace(/-\d\d$/, '-01'), inv.dateStyle)}`,
        {
          right: true,
        },
      );
      y -= 70;
      d(60, y, 'Bill to:', { bold: true });
      [c.name, `${c.address.join(', ')}, Spain`, `VAT No.: ES${c.nif}`].forEach((l, i) => {
        d(60, y - 12 - i * 12, l);
      });
      return y - 60;
    }
    case 'compact': {
      const lines = [
        `Emisor: ${s.name}`,
        `NIF: ${s.printedNif}`,
        `Dirección: ${s.address.join(', ')}`,
        '',
        `Destinatario: ${c.name}`,
        `CIF: ${c.printedNif}`,
        '',
        `Factura: ${t.invoiceNumber}`,
        `Fecha: ${date}`,
        `Pedido nº ${inv.orderNumber}`,
      ];
      lines.forEach((l, i) => {
        d(60, y - i * 12, l);
      });
      return y - lines.length * 12 - 14;
    }
  }
}

const STYLE = {
  classic: 'table',
  long: 'table',
  'right-header': 'inline',
  boxes: 'rows',
  english: 'english',
  compact: 'compact',
  utility: 'inline',
  'summary-table': 'columns',
  'two-page': 'columns',
  minuta: 'minuta',
  'english-eu': 'english-eu',
} as const satisfies Record<CorpusInvoice['layout'], Style>;

/** The utility layout's footer: the legal name beside the CIF, the register data under it. */
function footer(inv: CorpusInvoice, d: Draw, y: number): void {
  const s = inv.supplier;
  d(60, y, 'Forma de pago: domiciliación bancaria en ES91 2100 0418 4502 0005 1332.', { size: 8 });
  d(60, 60, `${s.name} · CIF: ${s.printedNif} · ${s.address.join(', ')}`, { size: 7 });
  d(60, 50, 'Inscrita en el Registro Mercantil de Valencia, Tomo 8.123, Libro 5.410, Folio 45', { size: 7 });
}

export interface RenderOptions {
  /** Print a VeriFacTu QR whose fields equal the truth. */
  qr?: boolean;
}

export function qrUrlOf(inv: CorpusInvoice): string {
  const t = inv.truth;
  const [y, m, d] = t.issueDate!.split('-');
  return verifactuQrUrl({
    nif: t.supplierNif!,
    numSerie: t.invoiceNumber!,
    fecha: `${d}-${m}-${y}`,
    importe: (t.totalCents! / 100).toFixed(2),
    mode: 'VERIFACTU',
    environment: 'TEST',
  });
}

export async function renderInvoicePdf(inv: CorpusInvoice, opts: RenderOptions = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date('2025-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2025-01-01T00:00:00Z'));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([595, 842]);
  let d = drawer({ page, font, bold });
  let y = header(inv, d, 780);
  if (inv.rectifies) {
    d(
      60,
      y,
      `Rectifica a la factura nº ${inv.rectifies.number} de fecha ${formatDate(inv.rectifies.issueDate, 'slash')}`,
    );
    d(60, y - 12, 'Motivo: devolución de mercancía (art. 15 RD 1619/2012).');
    y -= 30;
  }
  const english = inv.layout === 'english' || inv.layout === 'english-eu';
  if (inv.layout === 'long' || inv.layout === 'two-page') {
    const first = inv.items.slice(0, 30);
    y = itemTable(d, y, first);
    d(540, 40, 'Página 1 de 2', { right: true, size: 8 });
    page = doc.addPage([595, 842]);
    d = drawer({ page, font, bold });
    d(60, 800, `FACTURA ${inv.truth.invoiceNumber} (continuación)`, { bold: true });
    d(540, 40, 'Página 2 de 2', { right: true, size: 8 });
    y = itemTable(d, 770, inv.items.slice(30));
  } else {
    y = itemTable(d, y, inv.items, english);
  }
  y = totalsBlock(inv, d, y, STYLE[inv.layout]);
  if (inv.layout === 'utility') footer(inv, d, y - 10);
  if (opts.qr) {
    const png = await doc.embedPng(renderQrPng(qrUrlOf(inv), { sizePx: 240 }));
    d(60, y - 10, 'QR tributario:', { size: 8 });
    page.drawImage(png, { x: 60, y: y - 110, width: 90, height: 90 });
    d(160, y - 60, 'VERI*FACTU', { size: 8 });
  }
  return doc.save({ useObjectStreams: false });
}
