/**
 * The A4 summary of a stored tax model (issue 14 item 4, "a PDF summary of each model"; the income-tax
 * returns of issue 15 the same way, their sections as their designs name them): the company
 * and its NIF, the model, the period and the AEAT design it was computed with, every box with an
 * amount (by section, with its label as the design prints it), the declared records of an
 * informative return (349, 347), the result, the status with its dates and the justificante, and
 * the validation notes. A summary for the file, not the AEAT form: the return itself is the AEAT file
 * or the Sede electrónica's form. pdf-lib, standard Helvetica in WinAnsi; pure (same input, same PDF).
 */

import type { BoxDef } from '@shared/fiscal/models/types';
import type { TaxModelView } from '@shared/schemas/tax-models';
import { PDFDocument, type RGB, rgb, StandardFonts } from 'pdf-lib';
import { A4Writer, BLACK, BLUE, CONTENT_W, GREY, LIGHT, MARGIN, RED } from './a4-writer';
import { formatCents, formatDate, formatRate, toWinAnsi } from './format';

export interface TaxModelPdfInput {
  model: TaxModelView;
  company: { name: string; nif: string };
  /** The boxes of the model's design (labels, sections, units), in the form's order. */
  boxes: readonly BoxDef[];
  /** The design's source (AEAT design name). */
  designSource?: string;
  /** When the PDF is produced (footer). */
  printedAt: string;
}

const MODEL_NAMES: Record<string, string> = {
  '303': 'Modelo 303 - IVA. Autoliquidación',
  '390': 'Modelo 390 - IVA. Declaración-resumen anual',
  '349': 'Modelo 349 - Declaración recapitulativa de operaciones intracomunitarias',
  '347': 'Modelo 347 - Declaración anual de operaciones con terceras personas',
  '369': 'Modelo 369 - IVA. Ventanilla única (OSS). Régimen de la Unión',
  '130': 'Modelo 130 - IRPF. Pago fraccionado. Actividades económicas en estimación directa',
  '111': 'Modelo 111 - Retenciones e ingresos a cuenta. Trabajo, actividades económicas y premios',
  '115': 'Modelo 115 - Retenciones e ingresos a cuenta. Arrendamiento de inmuebles urbanos',
  '123': 'Modelo 123 - Retenciones e ingresos a cuenta. Rendimientos del capital mobiliario',
  '216': 'Modelo 216 - IRNR. Retenciones e ingresos a cuenta. Rentas sin establecimiento permanente',
  '131': 'Modelo 131 - IRPF. Pago fraccionado. Actividades económicas en estimación objetiva',
  '202': 'Modelo 202 - Impuesto sobre Sociedades. Pago fraccionado',
  '190': 'Modelo 190 - Retenciones del trabajo, actividades económicas y premios. Resumen anual',
  '180': 'Modelo 180 - Retenciones por arrendamiento de inmuebles urbanos. Resumen anual',
  '193': 'Modelo 193 - Retenciones del capital mobiliario. Resumen anual',
  '296': 'Modelo 296 - IRNR. Retenciones a no residentes sin establecimiento permanente. Resumen anual',
};

const RESULT_LABELS: Record<string, string> = {
  I: 'A ingresar',
  U: 'A ingresar (domiciliación)',
  G: 'A ingresar (cuenta corriente tributaria)',
  C: 'A compensar',
  D: 'A devolver',
  X: 'A devolver (transferencia al extranjero)',
  V: 'A devolver (cuenta corriente tributaria)',
  N: 'Sin actividad / resultado cero',
  B: 'A deducir en los siguientes trimestres',
  INFORMATIVE: 'Declaración informativa',
};

const STATUS_LABELS: Record<string, string> = {
  MODEL_GENERATED: 'Generado (pendiente de presentar)',
  SUBMITTED: 'Presentado',
  OBLIGATION_GENERATED: 'Obligación generada',
};

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

/** The 202 instalments (art. 40.1 LIS): the month each is paid in. */
const INSTALMENT_TEXT: Record<string, string> = {
  '1P': '1.er pago fraccionado (abril)',
  '2P': '2.º pago fraccionado (octubre)',
  '3P': '3.er pago fraccionado (diciembre)',
};

/** '1T' → '1.er trimestre 2026', '03' → 'marzo 2026', '0A' → 'ejercicio 2026', '1P' → the 202's first. */
export function periodText(year: number, period: string): string {
  if (period === '0A') return `Ejercicio ${year}`;
  if (INSTALMENT_TEXT[period]) return `${INSTALMENT_TEXT[period]} ${year} (${period})`;
  if (/^[1-4]T$/.test(period)) return `${period[0]}.º trimestre ${year} (${period})`;
  return `${MONTHS[Number(period) - 1] ?? period} ${year} (${period})`;
}

/** A box value as printed: amounts in euros, rates in %, counts as they are. */
export function boxText(def: Pick<BoxDef, 'unit'> | undefined, value: number): string {
  if (def?.unit === 'BP') return formatRate(value);
  if (def?.unit === 'COUNT') return String(value);
  return formatCents(value);
}

const isoDate = (iso: string | null): string => (iso ? formatDate(iso.slice(0, 10)) : '-');

class Writer extends A4Writer {
  heading(title: string): void {
    this.ensure(34);
    this.y -= 18;
    this.text(title, MARGIN, this.y, { size: 10.5, bold: true, colour: BLUE });
    this.y -= 4;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + CONTENT_W, y: this.y },
      thickness: 0.5,
      color: LIGHT,
    });
  }

  /** A label/value row; the label wraps, the value is right-aligned. */
  row(label: string, value: string, o: { bold?: boolean; labelWidth?: number } = {}): void {
    const valueW = 110;
    const lines = this.wrap(label, (o.labelWidth ?? CONTENT_W) - valueW - 8, 8.5, o.bold);
    this.ensure(lines.length * 11 + 3);
    lines.forEach((l, i) => {
      this.y -= 11;
      this.text(l, MARGIN, this.y, { size: 8.5, bold: o.bold });
      if (i === 0)
        this.text(value, MARGIN + CONTENT_W - valueW, this.y, {
          size: 8.5,
          bold: o.bold,
          align: 'right',
          width: valueW,
        });
    });
    this.y -= 2;
  }

  paragraph(text: string, size = 8.5, colour: RGB = BLACK): void {
    for (const line of this.wrap(text, CONTENT_W, size)) {
      this.ensure(size + 3);
      this.y -= size + 3;
      this.text(line, MARGIN, this.y, { size, colour });
    }
  }
}

function drawHeader(w: Writer, input: TaxModelPdfInput): void {
  const { model, company } = input;
  // The income-tax returns' names are long: the title wraps within the margins.
  const title = MODEL_NAMES[model.modelType] ?? `Modelo ${model.modelType}`;
  w.wrap(title, CONTENT_W, 15, true).forEach((line, i) => {
    w.y -= i === 0 ? 18 : 17;
    w.text(line, MARGIN, w.y, { size: 15, bold: true, colour: BLUE });
  });
  w.y -= 14;
  w.text('Resumen del modelo (no sustituye a la presentación ante la AEAT)', MARGIN, w.y, {
    size: 8.5,
    colour: GREY,
  });
  w.y -= 8;
  const facts: [string, string][] = [
    ['Declarante', company.name],
    ['NIF', company.nif],
    ['Periodo', periodText(model.year, model.period)],
    ['Diseño de registro', input.designSource ? `${model.design} · ${input.designSource}` : model.design],
    ['Estado', STATUS_LABELS[model.status] ?? model.status],
    ['Generado', `${isoDate(model.generatedAt)} (versión ${model.version})`],
  ];
  if (model.approvedAt) facts.push(['Aprobado', isoDate(model.approvedAt)]);
  if (model.submittedAt) facts.push(['Presentado', isoDate(model.submittedAt)]);
  if (model.reference) facts.push(['Justificante', model.reference]);
  for (const [label, value] of facts) {
    const lines = w.wrap(value, CONTENT_W - 115, 9.5);
    lines.forEach((line, i) => {
      w.y -= 13;
      if (i === 0) w.text(`${label}:`, MARGIN, w.y, { size: 9.5, bold: true });
      w.text(line, MARGIN + 115, w.y, { size: 9.5 });
    });
  }
}

function drawResult(w: Writer, model: TaxModelView): void {
  w.heading('Resultado');
  w.ensure(34);
  w.page.drawRectangle({
    x: MARGIN,
    y: w.y - 30,
    width: CONTENT_W,
    height: 26,
    color: rgb(0.93, 0.95, 0.98),
  });
  w.text(RESULT_LABELS[model.result.type] ?? model.result.type, MARGIN + 8, w.y - 21, {
    size: 11,
    bold: true,
  });
  w.text(formatCents(model.result.amountCents), MARGIN, w.y - 21, {
    size: 12,
    bold: true,
    align: 'right',
    width: CONTENT_W - 8,
  });
  w.y -= 34;
}

function drawBoxes(w: Writer, input: TaxModelPdfInput): void {
  const { model, boxes } = input;
  const defs = new Map(boxes.map((b) => [b.box, b]));
  const ordered = [
    ...boxes.map((b) => b.box),
    ...Object.keys(model.boxes)
      .filter((b) => !defs.has(b))
      .sort((a, b) => Number(a) - Number(b)),
  ];
  let section: string | null = null;
  let printed = 0;
  for (const box of ordered) {
    const value = model.boxes[box];
    if (value === undefined || value === 0) continue;
    const def = defs.get(box);
    const s = def?.section ?? 'Otras casillas';
    if (s !== section) {
      w.heading(s);
      section = s;
    }
    w.row(`[${box}] ${def?.label ?? ''}`.trim(), boxText(def, value));
    printed++;
  }
  if (printed === 0) {
    w.heading('Casillas');
    w.paragraph('Todas las casillas del modelo son cero.');
  }
}

/**
 * The 369's lines (one per member state of consumption and rate, then the corrections of earlier periods):
 * the form's content, which the person types into the Sede electrónica (no AEAT file is written).
 */
function drawOssLines(w: Writer, model: TaxModelView): void {
  w.heading(`Líneas por Estado miembro de consumo (${model.records.length})`);
  const cols = [
    { title: 'Estado miembro', x: 0 },
    { title: 'Tipo', x: 150 },
    { title: 'Periodo corregido', x: 215 },
    { title: 'Base imponible', x: 300, w: 100 },
    { title: 'Cuota IVA', x: 400, w: CONTENT_W - 400 },
  ];
  w.ensure(16);
  w.y -= 12;
  for (const c of cols) {
    w.text(c.title, MARGIN + c.x, w.y, {
      size: 8,
      bold: true,
      ...(c.w ? { align: 'right' as const, width: c.w } : {}),
    });
  }
  for (const r of model.records) {
    w.ensure(12);
    w.y -= 11;
    w.text(`${r.name} (${r.country})`, MARGIN, w.y, { size: 8 });
    if (r.vatRateBp !== undefined)
      w.text(`${formatRate(r.vatRateBp)} (${r.key})`, MARGIN + 150, w.y, { size: 8 });
    if (r.kind === 'RECTIFICATION') {
      w.text(`${r.correctedPeriod ?? ''} ${r.correctedYear ?? ''}`.trim(), MARGIN + 215, w.y, { size: 8 });
    }
    if (r.baseCents !== undefined) {
      w.text(formatCents(r.baseCents), MARGIN + 300, w.y, { size: 8, align: 'right', width: 100 });
    }
    w.text(formatCents(r.amountCents), MARGIN + 400, w.y, {
      size: 8,
      align: 'right',
      width: CONTENT_W - 400,
    });
  }
  w.paragraph(
    'El modelo 369 se presenta en el formulario de la Sede electrónica de la AEAT con estas líneas (tipo S general, R reducido).',
    8,
    GREY,
  );
}

function drawRecords(w: Writer, model: TaxModelView): void {
  if (model.records.length === 0) return;
  if (model.modelType === '369') {
    drawOssLines(w, model);
    return;
  }
  w.heading(`Registros declarados (${model.records.length})`);
  const cols = [
    { title: 'NIF / NIF-IVA', x: 0, w: 100 },
    { title: 'Nombre', x: 100, w: 230 },
    { title: 'Clave', x: 330, w: 40 },
    { title: 'Importe', x: 370, w: CONTENT_W - 370 },
  ];
  w.ensure(16);
  w.y -= 12;
  for (const c of cols) {
    w.text(c.title, MARGIN + c.x, w.y, {
      size: 8,
      bold: true,
      ...(c.title === 'Importe' ? { align: 'right' as const, width: c.w } : {}),
    });
  }
  for (const r of model.records) {
    w.ensure(12);
    w.y -= 11;
    const name = w.wrap(r.name, 225, 8)[0] ?? '';
    const key =
      r.kind === 'RECTIFICATION'
        ? `${r.key} (rect. ${r.correctedPeriod ?? ''}/${r.correctedYear ?? ''})`
        : r.key;
    w.text(r.taxId, MARGIN, w.y, { size: 8 });
    w.text(name, MARGIN + 100, w.y, { size: 8 });
    w.text(key, MARGIN + 330, w.y, { size: 8 });
    w.text(formatCents(r.amountCents), MARGIN + 370, w.y, {
      size: 8,
      align: 'right',
      width: CONTENT_W - 370,
    });
  }
}

function drawIssues(w: Writer, model: TaxModelView): void {
  if (model.issues.length === 0) return;
  w.heading('Validaciones');
  for (const i of model.issues) {
    w.paragraph(
      `${i.severity === 'ERROR' ? 'Error' : 'Aviso'}: ${i.message}`,
      8.5,
      i.severity === 'ERROR' ? RED : GREY,
    );
  }
}

function drawFooters(w: Writer, input: TaxModelPdfInput): void {
  const total = w.pages.length;
  w.pages.forEach((page, i) => {
    const text = toWinAnsi(
      `${input.company.name} · Modelo ${input.model.modelType} ${input.model.period} ${input.model.year} · Página ${i + 1} de ${total}`,
    );
    page.drawText(text, { x: MARGIN, y: 28, size: 7.5, font: w.font, color: GREY });
    const printed = toWinAnsi(`Emitido el ${isoDate(input.printedAt)}`);
    page.drawText(printed, {
      x: MARGIN + CONTENT_W - w.font.widthOfTextAtSize(printed, 7.5),
      y: 28,
      size: 7.5,
      font: w.font,
      color: GREY,
    });
  });
}

/** The model's summary as an A4 PDF. */
export async function renderTaxModelPdf(input: TaxModelPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = `Modelo ${input.model.modelType} ${input.model.period} ${input.model.year}`;
  doc.setTitle(toWinAnsi(`${title} - ${input.company.name}`));
  doc.setAuthor(toWinAnsi(input.company.name));
  doc.setProducer('Cuadra');
  doc.setCreator('Cuadra');
  const created = new Date(input.model.updatedAt);
  if (!Number.isNaN(created.getTime())) {
    doc.setCreationDate(created);
    doc.setModificationDate(created);
  }
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(doc, font, bold, `${title} (continuación)`);
  w.addPage();
  drawHeader(w, input);
  drawResult(w, input.model);
  drawBoxes(w, input);
  drawRecords(w, input.model);
  drawIssues(w, input.model);
  drawFooters(w, input);
  return doc.save();
}
