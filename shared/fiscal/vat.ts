/**
 * Spanish VAT (IVA) data for invoicing: rates, recargo de equivalencia, IRPF withholding rates,
 * operation kinds (VeriFacTu/SII CalificacionOperacion and OperacionExenta) and their legal mentions.
 * All rates are basis points (2100 = 21 %). Sources, and how sure we are, are said beside each table:
 *  - [ref] /work/shared/reference/tax-models.md §2.2 (303 boxes and the temporary food rates) and
 *          verifactu-sii.md (DetalleDesglose: S1/S2/N1/N2, E1–E6 with their articles);
 *  - [law] the article of Ley 37/1992 (LIVA), RD 1619/2012 or RIRPF named in the comment, quoted from
 *          memory: no legal text is stored in the repository, so these could not be checked here;
 *  - [mem] dates of the temporary rates not given by the reference notes: to confirm against the BOE.
 */

export type VatRateKind = 'GENERAL' | 'REDUCED' | 'SUPER_REDUCED' | 'ZERO' | 'TEMPORARY';

export interface VatRate {
  bp: number;
  kind: VatRateKind;
  /** Recargo de equivalencia linked to this rate (art. 161 LIVA and the temporary-rate decrees). */
  recargoBp: number;
  /** Other recargo rates allowed with this VAT rate (1.75 % on tobacco, sold at 21 %). */
  otherRecargoBp: readonly number[];
  /** Whether the rate can be used on an invoice dated today; historical rates stay valid for rectificativas. */
  current: boolean;
  /** Periods in which it applied (ISO dates, inclusive) and to what; empty for the permanent rates. */
  periods: readonly { from: string; to: string; appliesTo: string; source: 'ref' | 'mem' }[];
}

/** Recargo de equivalencia on tobacco (art. 161 LIVA, 1.75 %). [ref] 303 boxes 156–158. */
export const RECARGO_TOBACCO_BP = 175;

export const VAT_RATES: readonly VatRate[] = [
  // Art. 90 LIVA general 21 %, RE 5.2 % (art. 161). [ref] 303 boxes 07–09 and 22–24.
  {
    bp: 2100,
    kind: 'GENERAL',
    recargoBp: 520,
    otherRecargoBp: [RECARGO_TOBACCO_BP],
    current: true,
    periods: [],
  },
  // Art. 91.Uno LIVA reduced 10 %, RE 1.4 %. [ref] boxes 04–06 and 19–21.
  { bp: 1000, kind: 'REDUCED', recargoBp: 140, otherRecargoBp: [], current: true, periods: [] },
  // Art. 91.Dos LIVA super-reduced 4 %, RE 0.5 %. [ref] boxes 01–03 and 168–170.
  { bp: 400, kind: 'SUPER_REDUCED', recargoBp: 50, otherRecargoBp: [], current: true, periods: [] },
  {
    // [ref] boxes 150–152 "general regime at 0 %"; RE 0 % with it. Kept as current because the product
    // lists it among the rates of a line (issue 4); today no ordinary good carries it.
    bp: 0,
    kind: 'ZERO',
    recargoBp: 0,
    otherRecargoBp: [],
    current: true,
    periods: [
      {
        from: '2023-01-01',
        to: '2024-09-30',
        appliesTo: 'alimentos básicos (RDL 20/2022 y prórrogas)',
        source: 'ref',
      },
    ],
  },
  {
    bp: 500,
    kind: 'TEMPORARY',
    recargoBp: 62, // [ref] "0.62 % (on 5 %)"
    otherRecargoBp: [],
    current: false,
    periods: [
      {
        from: '2023-01-01',
        to: '2024-09-30',
        appliesTo: 'aceites de semillas y pastas (RDL 20/2022 y prórrogas)',
        source: 'ref',
      },
      // [mem] RDL 11/2022 and RDL 20/2022: electricity 5 % from 1 July 2022 to 31 December 2023 (10 % in
      // 2024); natural gas, pellets and firewood 5 % from October 2022 to December 2023. Not in the notes.
      {
        from: '2022-07-01',
        to: '2023-12-31',
        appliesTo: 'energía eléctrica (RDL 11/2022, RDL 20/2022)',
        source: 'mem',
      },
      {
        from: '2022-10-01',
        to: '2023-12-31',
        appliesTo: 'gas natural, briquetas, pellets y leña (RDL 17/2022)',
        source: 'mem',
      },
    ],
  },
  {
    bp: 200,
    kind: 'TEMPORARY',
    recargoBp: 26, // [ref] "0.26 % (on 2 %)"
    otherRecargoBp: [],
    current: false,
    // [ref] "2 % and 7.5 % (4T 2024 only)": the 2 % did NOT apply in 2023 (basic food was at 0 % then).
    periods: [
      {
        from: '2024-10-01',
        to: '2024-12-31',
        appliesTo: 'alimentos básicos y aceite de oliva (RDL 4/2024)',
        source: 'ref',
      },
    ],
  },
  {
    bp: 750,
    kind: 'TEMPORARY',
    recargoBp: 100, // [ref] "1 % (on 7.5 %)"; 303 box 17 rate fixed at 00100 from 4T-2024
    otherRecargoBp: [],
    current: false,
    periods: [
      {
        from: '2024-10-01',
        to: '2024-12-31',
        appliesTo: 'aceites de semillas y pastas (RDL 4/2024)',
        source: 'ref',
      },
    ],
  },
];

export const VAT_RATE_BPS: readonly number[] = VAT_RATES.map((r) => r.bp);

export const findVatRate = (bp: number): VatRate | undefined => VAT_RATES.find((r) => r.bp === bp);

/** Recargo rates a line at this VAT rate may carry (linked rate first), or [] for an unknown rate. */
export function allowedRecargoBps(vatRateBp: number): readonly number[] {
  const rate = findVatRate(vatRateBp);
  return rate ? [rate.recargoBp, ...rate.otherRecargoBp] : [];
}

/**
 * Whether a rate could be used on an operation of this date (ISO yyyy-mm-dd). Permanent rates always;
 * temporary ones only inside one of their periods. Advisory: the [mem] periods are unconfirmed.
 */
export function isVatRateInForce(bp: number, isoDate: string): boolean {
  const rate = findVatRate(bp);
  if (!rate) return false;
  if (rate.periods.length === 0 || rate.kind === 'ZERO') return true;
  return rate.periods.some((p) => p.from <= isoDate && isoDate <= p.to);
}

/**
 * IRPF withholding rates commonly put on invoices, as data (the form offers them; any 0..10000 is accepted
 * by the totals because the rate depends on the recipient and the activity). Sources: [ref] tax-models.md
 * §2.3/§2.4 give 15 %, 7 %, 1 %, 35 % and 19 %; the rest [law] RIRPF arts. 95, 100 and 101 LIRPF from memory.
 */
export const IRPF_RATES = [
  { bp: 1500, key: 'PROFESSIONAL', label: 'Actividades profesionales (15 %)', source: 'ref' },
  {
    bp: 700,
    key: 'NEW_PROFESSIONAL',
    label: 'Profesionales en el año de inicio y los dos siguientes (7 %)',
    source: 'ref',
  },
  {
    bp: 1900,
    key: 'RENT',
    label: 'Arrendamiento de inmuebles urbanos (19 %, modelo 115)',
    source: 'law',
  },
  { bp: 1900, key: 'CAPITAL', label: 'Rendimientos del capital mobiliario (19 %)', source: 'law' },
  { bp: 100, key: 'MODULES', label: 'Actividades en estimación objetiva (módulos) (1 %)', source: 'ref' },
  {
    bp: 200,
    key: 'AGRICULTURE',
    label: 'Actividades agrícolas, ganaderas y forestales (2 %)',
    source: 'law',
  },
  { bp: 100, key: 'PIG_POULTRY', label: 'Engorde de porcino y avicultura (1 %)', source: 'law' },
  { bp: 3500, key: 'DIRECTOR', label: 'Consejeros y administradores (35 %)', source: 'ref' },
  {
    bp: 1900,
    key: 'DIRECTOR_SMALL_COMPANY',
    label: 'Administradores de entidades con cifra de negocios < 100.000 € (19 %)',
    source: 'ref',
  },
] as const;

/** CalificacionOperacion (VeriFacTu/SII) and OperacionExenta causes a line can carry. */
export const OPERATION_KINDS = ['S1', 'S2', 'N1', 'N2', 'E1', 'E2', 'E3', 'E4', 'E5', 'E6'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];
export type ExemptionCause = Extract<OperationKind, `E${string}`>;

export const isExempt = (op: OperationKind): op is ExemptionCause => op.startsWith('E');
/** Only S1 (sujeta y no exenta, sin inversión del sujeto pasivo) carries output VAT and recargo. */
export const chargesVat = (op: OperationKind): boolean => op === 'S1';

export interface OperationInfo {
  label: string;
  /** The article of Ley 37/1992 the kind refers to. [ref] verifactu-sii.md DetalleDesglose. */
  article: string;
  /** Text the invoice must carry (art. 6.1.j and 6.1.m RD 1619/2012), or null when none is required. */
  legalMention: string | null;
}

export const OPERATIONS: Record<OperationKind, OperationInfo> = {
  S1: { label: 'Sujeta y no exenta', article: 'arts. 4 y 90–91 Ley 37/1992', legalMention: null },
  S2: {
    label: 'Sujeta y no exenta con inversión del sujeto pasivo',
    article: 'art. 84.Uno.2º Ley 37/1992',
    // Art. 6.1.m RD 1619/2012 requires the words "inversión del sujeto pasivo".
    legalMention: 'Inversión del sujeto pasivo (art. 84.Uno.2º Ley 37/1992)',
  },
  N1: {
    label: 'No sujeta (arts. 7 y 14 u otros)',
    article: 'arts. 7 y 14 Ley 37/1992',
    legalMention: 'Operación no sujeta a IVA',
  },
  N2: {
    label: 'No sujeta por reglas de localización',
    article: 'arts. 68–70 Ley 37/1992',
    legalMention: 'Operación no sujeta a IVA por reglas de localización',
  },
  E1: {
    label: 'Exenta por el artículo 20',
    article: 'art. 20 Ley 37/1992',
    legalMention: 'Operación exenta de IVA en virtud del artículo 20 de la Ley 37/1992',
  },
  E2: {
    label: 'Exenta por el artículo 21 (exportaciones)',
    article: 'art. 21 Ley 37/1992',
    legalMention: 'Exportación exenta de IVA en virtud del artículo 21 de la Ley 37/1992',
  },
  E3: {
    label: 'Exenta por el artículo 22 (operaciones asimiladas a exportaciones)',
    article: 'art. 22 Ley 37/1992',
    legalMention: 'Operación exenta de IVA en virtud del artículo 22 de la Ley 37/1992',
  },
  E4: {
    label: 'Exenta por los artículos 23 y 24 (zonas francas, depósitos y regímenes aduaneros)',
    article: 'arts. 23 y 24 Ley 37/1992',
    legalMention: 'Operación exenta de IVA en virtud de los artículos 23 y 24 de la Ley 37/1992',
  },
  E5: {
    label: 'Exenta por el artículo 25 (entregas intracomunitarias)',
    article: 'art. 25 Ley 37/1992',
    legalMention: 'Entrega intracomunitaria exenta (art. 25 Ley 37/1992)',
  },
  E6: {
    label: 'Exenta por otras causas',
    article: 'otros',
    // Art. 6.1.j RD 1619/2012 accepts "indicación de que la operación está exenta" when no article is given.
    legalMention: 'Operación exenta de IVA',
  },
};

export const RECARGO_MENTION = 'Recargo de equivalencia';
/** Art. 6.1.n RD 1619/2012: invoices under the cash-accounting regime must say so literally. */
export const CASH_ACCOUNTING_MENTION = 'Régimen especial del criterio de caja';
