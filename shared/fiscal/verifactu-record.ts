/**
 * VeriFacTu registration records built from an invoice (issue 5; RD 1007/2023, Orden HAC/1177/2024;
 * reference/verifactu-sii.md §1–§3).
 *
 * Every value is formatted ONCE here, as the exact string the XML will carry, and the huella is
 * computed from those same strings (reference §2.3: `121.1` and `121.10` hash differently). The
 * XML builder, the chain verification and the QR read the stored strings and never reformat them.
 * Pure: no clock, no I/O — the caller passes the timestamp, the chain link and the software data.
 */

import { sha256HexUpper } from '../crypto/sha256';
import { aeatIdType } from '../schemas/customers';
import type { Invoice, InvoiceCustomerSnapshot } from '../schemas/invoices';
import type {
  ChainVerification,
  DetalleDesglose,
  IdFactura,
  PersonaFisicaJuridica,
  RecordOperation,
  RegistroAltaFields,
  RegistroAnulacionFields,
  ResubmitBody,
  SistemaInformatico,
  VerifactuEnvironment,
  VerifactuMode,
  VerifactuRecord,
} from '../schemas/verifactu';
import { computeVerifactuHash } from './verifactu-hash';

// --- formats (XSD: ImporteSgn12.2, Tipo2.2, fecha dd-mm-yyyy, xs:dateTime with offset) ------------

/** Céntimos as the AEAT amount text: two decimals, '.' separator, no thousands, '-' for negatives. */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`formatAmount: ${cents} is not an integer of céntimos`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Basis points as the AEAT rate text: 2100 → "21.00", 520 → "5.20", 50 → "0.50". */
export function formatRate(bp: number): string {
  if (!Number.isSafeInteger(bp) || bp < 0) throw new Error(`formatRate: ${bp} is not a rate in basis points`);
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

/** ISO date (yyyy-mm-dd) as the AEAT date text dd-mm-yyyy. */
export function formatAeatDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) throw new Error(`formatAeatDate: ${isoDate} is not an ISO date`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** dd-mm-yyyy back to the ISO date. */
export function parseAeatDate(aeatDate: string): string {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(aeatDate);
  if (!m) throw new Error(`parseAeatDate: ${aeatDate} is not dd-mm-yyyy`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

const madridParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * The instant as FechaHoraHusoGenRegistro: Madrid wall-clock time with its offset, whole seconds
 * (`2027-01-15T10:30:00+01:00`). The AEAT refuses fractions and `+0100` (1244) and hashes the
 * text literally, so this one function writes every timestamp.
 */
export function madridTimestamp(at: Date): string {
  const whole = new Date(Math.floor(at.getTime() / 1000) * 1000);
  const p = Object.fromEntries(madridParts.formatToParts(whole).map((x) => [x.type, x.value]));
  const local = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  const offsetMin = Math.round((local - whole.getTime()) / 60000);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  const off = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${off}`;
}

/** The instant a FechaHoraHusoGenRegistro text stands for (ms since the epoch). */
export const timestampInstant = (ts: string): number => Date.parse(ts);

/**
 * Text fields without the characters the AEAT refuses (1287: < > " ' =): typographic look-alikes
 * keep names such as "L'Horta" readable. Trimmed (the AEAT trims and stores the trimmed value).
 */
export function aeatText(value: string, max: number): string {
  const cleaned = value
    .replace(/'/g, '’')
    .replace(/"/g, '”')
    .replace(/</g, '‹')
    .replace(/>/g, '›')
    .replace(/=/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  return [...cleaned].slice(0, max).join('').trim();
}

// --- chain ----------------------------------------------------------------------------------------

/** What a new record links to: the previous record's IDFactura and huella (null: first record). */
export interface ChainLink {
  idFactura: IdFactura;
  huella: string;
}

const encadenamiento = (link: ChainLink | null): RegistroAltaFields['Encadenamiento'] =>
  link ? { RegistroAnterior: { ...link.idFactura, Huella: link.huella } } : { PrimerRegistro: 'S' };

export const isAlta = (f: RegistroAltaFields | RegistroAnulacionFields): f is RegistroAltaFields =>
  'IDEmisorFactura' in f.IDFactura;

/** The IDFactura the NEXT record's RegistroAnterior names (an anulación's …Anulada values). */
export function idFacturaOf(fields: RegistroAltaFields | RegistroAnulacionFields): IdFactura {
  if (isAlta(fields)) return { ...fields.IDFactura };
  return {
    IDEmisorFactura: fields.IDFactura.IDEmisorFacturaAnulada,
    NumSerieFactura: fields.IDFactura.NumSerieFacturaAnulada,
    FechaExpedicionFactura: fields.IDFactura.FechaExpedicionFacturaAnulada,
  };
}

/** The previous huella a record was chained to ('' for the first record). */
export function previousHuellaOf(fields: RegistroAltaFields | RegistroAnulacionFields): string {
  return 'RegistroAnterior' in fields.Encadenamiento ? fields.Encadenamiento.RegistroAnterior.Huella : '';
}

/** The huella recomputed from the stored strings (what the AEAT recomputes on reception). */
export function recomputeHuella(fields: RegistroAltaFields | RegistroAnulacionFields): string {
  if (isAlta(fields)) {
    return computeVerifactuHash({
      kind: 'alta',
      fields: {
        IDEmisorFactura: fields.IDFactura.IDEmisorFactura,
        NumSerieFactura: fields.IDFactura.NumSerieFactura,
        FechaExpedicionFactura: fields.IDFactura.FechaExpedicionFactura,
        TipoFactura: fields.TipoFactura,
        CuotaTotal: fields.CuotaTotal,
        ImporteTotal: fields.ImporteTotal,
        FechaHoraHusoGenRegistro: fields.FechaHoraHusoGenRegistro,
      },
      previousHash: previousHuellaOf(fields),
    });
  }
  return computeVerifactuHash({
    kind: 'anulacion',
    fields: {
      IDEmisorFacturaAnulada: fields.IDFactura.IDEmisorFacturaAnulada,
      NumSerieFacturaAnulada: fields.IDFactura.NumSerieFacturaAnulada,
      FechaExpedicionFacturaAnulada: fields.IDFactura.FechaExpedicionFacturaAnulada,
      FechaHoraHusoGenRegistro: fields.FechaHoraHusoGenRegistro,
    },
    previousHash: previousHuellaOf(fields),
  });
}

// --- registro de alta ------------------------------------------------------------------------------

type AltaOperation = Extract<RecordOperation, 'ALTA' | 'SUBSANACION' | 'ALTA_TRAS_RECHAZO'>;
type Corrections = NonNullable<ResubmitBody['corrections']>;

/** The issuer's VAT regime → ClaveRegimen (AEAT list L8A); exports are 02 whatever the regime. */
const REGIME_KEY: Record<string, string> = {
  GENERAL: '01',
  CRITERIO_CAJA: '07',
  RECARGO_EQUIVALENCIA: '18',
  SIMPLIFICADO: '20',
  EXENTO: '01',
};

/**
 * 17: "operación acogida a alguno de los regímenes previstos en el capítulo XI del título IX (OSS e
 * IOSS)" (AEAT list L8A; the XSD's IdOperacionesTrascendenciaTributariaType allows it, and OCA's
 * l10n_es_verifactu_oca_oss sends OSS sales as N2 with this key).
 */
export const OSS_REGIME_KEY = '17';

function claveRegimen(
  group: Pick<Invoice['breakdown'][number], 'operation' | 'ossCountry'>,
  vatRegime: string | undefined,
): string {
  if (group.ossCountry) return OSS_REGIME_KEY;
  if (group.operation === 'E2') return '02';
  return REGIME_KEY[vatRegime ?? 'GENERAL'] ?? '01';
}

/**
 * What the Spanish record declares of a group: an OSS group (N2, the VAT of the member state of
 * consumption) is declared by its base only, without that foreign VAT, which is neither a Spanish
 * CuotaRepercutida nor part of CuotaTotal/ImporteTotal (as OCA's l10n_es_aeat_sii_oss leaves the OSS
 * taxes out of the SII's total), so the record's totals match its desglose (AEAT checks 2005/2006).
 */
const declaredVat = (g: Invoice['breakdown'][number]): number => (g.ossCountry ? 0 : g.vatCents);

function detalle(group: Invoice['breakdown'][number], vatRegime: string | undefined): DetalleDesglose {
  const op = group.operation;
  // Built in XSD element order (the XML builder orders again, the tests read this order).
  const d = { Impuesto: '01', ClaveRegimen: claveRegimen(group, vatRegime) } as DetalleDesglose;
  if (op.startsWith('E')) d.OperacionExenta = op as DetalleDesglose['OperacionExenta'];
  else d.CalificacionOperacion = op as DetalleDesglose['CalificacionOperacion'];
  if (op === 'S1') d.TipoImpositivo = formatRate(group.vatRateBp);
  d.BaseImponibleOimporteNoSujeto = formatAmount(group.baseCents);
  if (op === 'S1') d.CuotaRepercutida = formatAmount(group.vatCents);
  if (group.recargoRateBp > 0) {
    d.TipoRecargoEquivalencia = formatRate(group.recargoRateBp);
    d.CuotaRecargoEquivalencia = formatAmount(group.recargoCents);
  }
  return d;
}

function destinatario(customer: InvoiceCustomerSnapshot): PersonaFisicaJuridica | null {
  if (!customer.taxId) return null;
  const NombreRazon = aeatText(customer.name, 120);
  if (typeof customer.taxId === 'string') return { NombreRazon, NIF: customer.taxId };
  const t = customer.taxId;
  return {
    NombreRazon,
    IDOtro: {
      ...(t.type === 'NIF_IVA' ? {} : { CodigoPais: t.country }),
      IDType: aeatIdType[t.type] as '02' | '03' | '04' | '05',
      ID:
        t.type === 'NIF_IVA' && !t.value.toUpperCase().startsWith(t.country)
          ? `${t.country}${t.value}`
          : t.value,
    },
  };
}

function recipientFromCorrection(r: NonNullable<Corrections['recipient']>): PersonaFisicaJuridica {
  const NombreRazon = aeatText(r.name, 120);
  if (r.idOtro) {
    return {
      NombreRazon,
      IDOtro: {
        ...(r.idOtro.type === '02' ? {} : { CodigoPais: r.idOtro.country }),
        IDType: r.idOtro.type,
        ID: r.idOtro.id,
      },
    };
  }
  if (!r.nif) throw new Error('A corrected recipient needs a NIF or an IDOtro');
  return { NombreRazon, NIF: r.nif };
}

/** DescripcionOperacion (required, ≤500): the lines' descriptions, the reason for a rectificativa. */
function descripcion(invoice: Invoice): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  if (invoice.rectification?.reason) parts.push(`Rectificación: ${invoice.rectification.reason}`);
  for (const l of invoice.invoiceLines) {
    const d = l.description.trim();
    if (d && !seen.has(d)) {
      seen.add(d);
      parts.push(d);
    }
  }
  const text = aeatText(parts.join('; '), 500);
  return text || 'Factura';
}

const sumCents = (values: number[]) => values.reduce((a, b) => a + b, 0);

function flags(operation: AltaOperation): Pick<RegistroAltaFields, 'Subsanacion' | 'RechazoPrevio'> {
  if (operation === 'SUBSANACION') return { Subsanacion: 'S' };
  if (operation === 'ALTA_TRAS_RECHAZO') return { Subsanacion: 'S', RechazoPrevio: 'X' };
  return {};
}

function applyCorrections(f: RegistroAltaFields, corrections: Corrections | undefined): void {
  if (!corrections) return;
  if (corrections.descripcionOperacion)
    f.DescripcionOperacion = aeatText(corrections.descripcionOperacion, 500);
  if (corrections.fechaOperacion) f.FechaOperacion = formatAeatDate(corrections.fechaOperacion);
  if (corrections.recipient) f.Destinatarios = [recipientFromCorrection(corrections.recipient)];
}

/** Puts the chain, the software, the timestamp and the huella on an alta (last step of every builder). */
function sealAlta(
  body: Omit<
    RegistroAltaFields,
    'Encadenamiento' | 'SistemaInformatico' | 'FechaHoraHusoGenRegistro' | 'TipoHuella' | 'Huella'
  >,
  link: ChainLink | null,
  timestamp: string,
  system: SistemaInformatico,
): RegistroAltaFields {
  const fields: RegistroAltaFields = {
    ...body,
    Encadenamiento: encadenamiento(link),
    SistemaInformatico: system,
    FechaHoraHusoGenRegistro: timestamp,
    TipoHuella: '01',
    Huella: '',
  };
  fields.Huella = recomputeHuella(fields);
  return fields;
}

export interface BuildAltaInput {
  /** A confirmed invoice with its issuer snapshot and number. */
  invoice: Invoice;
  link: ChainLink | null;
  timestamp: string;
  system: SistemaInformatico;
  operation?: AltaOperation;
  corrections?: Corrections;
  refExterna?: string;
}

/** The registro de alta of a confirmed invoice (F1–F3, R1–R5), huella included. */
export function buildAltaFields(input: BuildAltaInput): RegistroAltaFields {
  const { invoice } = input;
  const issuer = invoice.issuer;
  if (!issuer) throw new Error('buildAltaFields: the invoice has no issuer snapshot (not confirmed?)');
  if (!invoice.invoiceNumber) throw new Error('buildAltaFields: the invoice has no number (not confirmed?)');
  if (invoice.breakdown.length === 0) throw new Error('buildAltaFields: the invoice has no VAT breakdown');
  if (invoice.breakdown.length > 12) throw new Error('buildAltaFields: more than 12 breakdown groups');
  const nif = issuer.nif.trim().toUpperCase();
  const vatCents = sumCents(invoice.breakdown.map(declaredVat));
  const recargoCents = sumCents(invoice.breakdown.map((g) => g.recargoCents));
  const baseCents = sumCents(invoice.breakdown.map((g) => g.baseCents));
  const type = invoice.invoiceType;
  const body: Parameters<typeof sealAlta>[0] = {
    IDVersion: '1.0',
    IDFactura: {
      IDEmisorFactura: nif,
      NumSerieFactura: invoice.invoiceNumber.trim(),
      FechaExpedicionFactura: formatAeatDate(invoice.invoiceDate),
    },
    RefExterna: (input.refExterna ?? invoice.invoiceId).slice(0, 60),
    NombreRazonEmisor: aeatText(issuer.name, 120),
    ...flags(input.operation ?? 'ALTA'),
    TipoFactura: type,
    DescripcionOperacion: descripcion(invoice),
    Desglose: invoice.breakdown.map((g) => detalle(g, issuer.vatRegime)),
    // Cuotas repercutidas plus recargo; the total before any IRPF withholding (AEAT 2005/2006 checks).
    CuotaTotal: formatAmount(vatCents + recargoCents),
    ImporteTotal: formatAmount(baseCents + vatCents + recargoCents),
  };
  const r = invoice.rectification;
  if (type.startsWith('R') && r) {
    body.TipoRectificativa = r.method === 'SUBSTITUTION' ? 'S' : 'I';
    body.FacturasRectificadas = r.rectified.map((x) => ({
      IDEmisorFactura: nif,
      NumSerieFactura: x.invoiceNumber.trim(),
      FechaExpedicionFactura: formatAeatDate(x.invoiceDate),
    }));
    if (r.method === 'SUBSTITUTION') {
      const recargo = sumCents(r.rectified.map((x) => x.totals.recargoCents));
      body.ImporteRectificacion = {
        BaseRectificada: formatAmount(sumCents(r.rectified.map((x) => x.totals.baseCents))),
        // The OSS VAT of a substituted invoice was never declared here (declaredVat).
        CuotaRectificada: formatAmount(
          sumCents(
            r.rectified.map((x) =>
              x.breakdown.some((g) => g.ossCountry)
                ? sumCents(x.breakdown.map(declaredVat))
                : x.totals.vatCents,
            ),
          ),
        ),
        ...(recargo !== 0 ? { CuotaRecargoRectificado: formatAmount(recargo) } : {}),
      };
    }
  }
  if (invoice.operationDate && invoice.operationDate !== invoice.invoiceDate) {
    body.FechaOperacion = formatAeatDate(invoice.operationDate);
  }
  // Simplified invoices (F2, and R5 that rectifies them) carry no recipient.
  if (type !== 'F2' && type !== 'R5' && invoice.customer) {
    const d = destinatario(invoice.customer);
    if (d) body.Destinatarios = [d];
  }
  const fields = sealAlta(body, input.link, input.timestamp, input.system);
  applyCorrections(fields, input.corrections);
  fields.Huella = recomputeHuella(fields);
  return fields;
}

export interface BuildAltaFromPreviousInput {
  previous: RegistroAltaFields;
  link: ChainLink | null;
  timestamp: string;
  system: SistemaInformatico;
  operation: Extract<AltaOperation, 'SUBSANACION' | 'ALTA_TRAS_RECHAZO'>;
  corrections?: Corrections;
}

/**
 * A correction of an earlier alta (subsanación, or alta after a rejection) as a NEW record: the
 * previous record's invoice data with the corrections applied, new flags, chained and hashed anew.
 * The earlier record stays as it was.
 */
export function buildAltaFromPrevious(input: BuildAltaFromPreviousInput): RegistroAltaFields {
  const {
    IDVersion,
    IDFactura,
    RefExterna,
    NombreRazonEmisor,
    Subsanacion: _s,
    RechazoPrevio: _r,
    Encadenamiento: _e,
    SistemaInformatico: _si,
    FechaHoraHusoGenRegistro: _t,
    TipoHuella: _th,
    Huella: _h,
    ...rest
  } = structuredClone(input.previous);
  // Keep XSD order for the flags: IDVersion, IDFactura, RefExterna, NombreRazonEmisor first.
  const ordered = {
    IDVersion,
    IDFactura,
    ...(RefExterna !== undefined ? { RefExterna } : {}),
    NombreRazonEmisor,
    ...flags(input.operation),
    ...rest,
  } as Parameters<typeof sealAlta>[0];
  const fields = sealAlta(ordered, input.link, input.timestamp, input.system);
  applyCorrections(fields, input.corrections);
  fields.Huella = recomputeHuella(fields);
  return fields;
}

// --- registro de anulación -------------------------------------------------------------------------

type AnulacionOperation = Extract<
  RecordOperation,
  'ANULACION' | 'ANULACION_TRAS_RECHAZO' | 'ANULACION_SIN_REGISTRO_PREVIO'
>;

export interface BuildAnulacionInput {
  /** The IDFactura of the invoice being annulled, as its alta recorded it. */
  target: IdFactura;
  link: ChainLink | null;
  timestamp: string;
  system: SistemaInformatico;
  operation?: AnulacionOperation;
  refExterna?: string;
}

/** The registro de anulación of an invoice that should never have existed, huella included. */
export function buildAnulacionFields(input: BuildAnulacionInput): RegistroAnulacionFields {
  const op = input.operation ?? 'ANULACION';
  const fields: RegistroAnulacionFields = {
    IDVersion: '1.0',
    IDFactura: {
      IDEmisorFacturaAnulada: input.target.IDEmisorFactura,
      NumSerieFacturaAnulada: input.target.NumSerieFactura,
      FechaExpedicionFacturaAnulada: input.target.FechaExpedicionFactura,
    },
    ...(input.refExterna ? { RefExterna: input.refExterna.slice(0, 60) } : {}),
    ...(op === 'ANULACION_SIN_REGISTRO_PREVIO' ? { SinRegistroPrevio: 'S' as const } : {}),
    ...(op === 'ANULACION_TRAS_RECHAZO' ? { RechazoPrevio: 'S' as const } : {}),
    Encadenamiento: encadenamiento(input.link),
    SistemaInformatico: input.system,
    FechaHoraHusoGenRegistro: input.timestamp,
    TipoHuella: '01',
    Huella: '',
  };
  fields.Huella = recomputeHuella(fields);
  return fields;
}

// --- chain verification ----------------------------------------------------------------------------

/** JSON with object keys sorted at every level: one text per value, whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * The record's full-content hash, chained to the previous record's: SHA-256 of
 * `<previous contentHash>|<canonical JSON of fields>` (uppercase hex). The AEAT huella covers eight
 * fields; this one makes every stored field tamper-evident in our own chain verification.
 */
export function recordContentHash(
  fields: RegistroAltaFields | RegistroAnulacionFields,
  previousContentHash: string | null,
): string {
  return sha256HexUpper(`${previousContentHash ?? ''}|${canonicalJson(fields)}`);
}

type ChainRecord = Pick<VerifactuRecord, 'seq' | 'recordId' | 'fields' | 'huella' | 'previousHuella'> & {
  contentHash?: string;
};

/**
 * Recomputes every huella and every link of an issuer's chain (records in seq order, from the
 * first): a changed hashed field breaks its own huella (HASH_MISMATCH), any other changed field its
 * content hash (CONTENT_MISMATCH), a changed or missing link breaks the next record
 * (LINK_MISMATCH), a missing record leaves a SEQUENCE_GAP, and only seq 1 may be PrimerRegistro
 * (FIRST_RECORD).
 */
export function verifyChain(records: readonly ChainRecord[]): Pick<ChainVerification, 'records' | 'breaks'> {
  const breaks: ChainVerification['breaks'] = [];
  let prev: ChainRecord | null = null;
  for (const r of records) {
    const expectedSeq = prev ? prev.seq + 1 : 1;
    if (r.seq !== expectedSeq) breaks.push({ seq: r.seq, recordId: r.recordId, reason: 'SEQUENCE_GAP' });
    let recomputed: string | null = null;
    try {
      recomputed = recomputeHuella(r.fields);
    } catch {
      recomputed = null;
    }
    if (recomputed === null || recomputed !== r.huella || r.fields.Huella !== r.huella) {
      breaks.push({ seq: r.seq, recordId: r.recordId, reason: 'HASH_MISMATCH' });
    }
    // The content chain can be checked from the first record, or when the previous one is present.
    const contentCheckable = r.seq === 1 || (prev !== null && prev.seq === r.seq - 1);
    const previousContent = r.seq === 1 ? null : (prev?.contentHash ?? null);
    if (
      !r.contentHash ||
      (contentCheckable && r.contentHash !== recordContentHash(r.fields, previousContent))
    ) {
      breaks.push({ seq: r.seq, recordId: r.recordId, reason: 'CONTENT_MISMATCH' });
    }
    const enc = r.fields.Encadenamiento;
    if (r.seq === 1) {
      if (!('PrimerRegistro' in enc) || r.previousHuella !== null) {
        breaks.push({ seq: r.seq, recordId: r.recordId, reason: 'FIRST_RECORD' });
      }
    } else if (!('RegistroAnterior' in enc)) {
      breaks.push({ seq: r.seq, recordId: r.recordId, reason: 'FIRST_RECORD' });
    } else if (prev && prev.seq === r.seq - 1) {
      const want = idFacturaOf(prev.fields);
      const got = enc.RegistroAnterior;
      if (
        got.Huella !== prev.huella ||
        r.previousHuella !== prev.huella ||
        got.IDEmisorFactura !== want.IDEmisorFactura ||
        got.NumSerieFactura !== want.NumSerieFactura ||
        got.FechaExpedicionFactura !== want.FechaExpedicionFactura
      ) {
        breaks.push({ seq: r.seq, recordId: r.recordId, reason: 'LINK_MISMATCH' });
      }
    }
    prev = r;
  }
  return { records: records.length, breaks };
}

// --- QR (Orden HAC/1177/2024 art. 21; AEAT QR spec; reference §3) -----------------------------------

export const QR_LABEL = 'QR tributario:';
export const VERIFACTU_LEGEND = 'VERI*FACTU';
export const VERIFACTU_LEGEND_LONG = 'Factura verificable en la sede electrónica de la AEAT';

const QR_HOSTS: Record<VerifactuEnvironment, string> = {
  TEST: 'https://prewww2.aeat.es',
  PRODUCTION: 'https://www2.agenciatributaria.gob.es',
};

export interface QrUrlInput {
  nif: string;
  numSerie: string;
  /** dd-mm-yyyy */
  fecha: string;
  /** ImporteTotal as the record carries it ("123.45"). */
  importe: string;
  mode: VerifactuMode;
  environment: VerifactuEnvironment;
}

/** The AEAT validation URL the QR encodes: nif, numserie, fecha, importe in this order, UTF-8 escaped. */
export function verifactuQrUrl(i: QrUrlInput): string {
  const path = i.mode === 'VERIFACTU' ? 'ValidarQR' : 'ValidarQRNoVerifactu';
  const q = [
    `nif=${encodeURIComponent(i.nif)}`,
    `numserie=${encodeURIComponent(i.numSerie)}`,
    `fecha=${encodeURIComponent(i.fecha)}`,
    `importe=${encodeURIComponent(i.importe)}`,
  ].join('&');
  return `${QR_HOSTS[i.environment]}/wlpl/TIKE-CONT/${path}?${q}`;
}

/** The QR URL of an alta record (from its stored strings); null for an anulación. */
export function qrUrlOfRecord(
  record: Pick<VerifactuRecord, 'fields' | 'mode' | 'environment'>,
): string | null {
  const f = record.fields;
  if (!isAlta(f)) return null;
  return verifactuQrUrl({
    nif: f.IDFactura.IDEmisorFactura,
    numSerie: f.IDFactura.NumSerieFactura,
    fecha: f.IDFactura.FechaExpedicionFactura,
    importe: f.ImporteTotal,
    mode: record.mode,
    environment: record.environment,
  });
}

/** The legend printed under the QR: VERI*FACTU in that mode, none otherwise (art. 20.1.b). */
export const qrLegendOf = (mode: VerifactuMode): string | null =>
  mode === 'VERIFACTU' ? VERIFACTU_LEGEND : null;
