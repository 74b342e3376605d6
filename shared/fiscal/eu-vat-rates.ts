/**
 * VAT rates of the other 26 member states, as dated data, for the sales Cuadra invoices under the
 * one-stop shop (ventanilla única, OSS): a B2C service or distance sale whose place of supply is the
 * member state of consumption (arts. 68.Tres and 70.Uno.4º/8º LIVA; art. 73 LIVA once the 10.000 €
 * EU-wide threshold is passed or the supplier opts out of it) is charged that state's VAT and declared
 * to the AEAT in the modelo 369 (LIVA título IX capítulo XI, arts. 163 quinquiesdecies and following [verify numbering]:
 * sección 3.ª, régimen de la Unión; Orden HAC/610/2021). Rates in basis points (2000 = 20 %). Pure.
 *
 * Source: European Commission, DG TAXUD, "VAT rates applied in the Member States of the European
 * Union — Situation at 1st January 2025" (taxation-customs.ec.europa.eu) and its TEDB (Taxes in
 * Europe Database). Neither document is stored here: the figures were checked against public tables
 * that reproduce them (easytax.co "VAT rates applicable from January 1, 2025"; vat-solutions.com "VAT
 * Rates 2025 in the European Union") and, for the changes since, the tax administrations or trade
 * press named beside each period. [verify] each new period against the TEDB before relying on it.
 *
 * Kept: the standard rate, the reduced rates (art. 98 Directive 2006/112/EC) and the super-reduced
 * rates below 5 % (art. 98.2 and 105a); parking rates equal to a reduced rate already listed. Zero
 * rates and the rates of special territories (Madeira, the Azores, Corsica, Büsingen…) are left out:
 * an OSS line at one of them is refused rather than guessed.
 */

/** The member states other than Spain (ISO 3166-1 alpha-2; Greece is GR here, EL in VAT numbers). */
export const OSS_MEMBER_STATES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export type OssMemberState = (typeof OSS_MEMBER_STATES)[number];

export const isOssMemberState = (country: string): country is OssMemberState =>
  (OSS_MEMBER_STATES as readonly string[]).includes(country);

/** Spanish names of the member states (screens, PDF, CSV). */
export const memberStateNames: Record<OssMemberState, string> = {
  AT: 'Austria',
  BE: 'Bélgica',
  BG: 'Bulgaria',
  CY: 'Chipre',
  CZ: 'Chequia',
  DE: 'Alemania',
  DK: 'Dinamarca',
  EE: 'Estonia',
  FI: 'Finlandia',
  FR: 'Francia',
  GR: 'Grecia',
  HR: 'Croacia',
  HU: 'Hungría',
  IE: 'Irlanda',
  IT: 'Italia',
  LT: 'Lituania',
  LU: 'Luxemburgo',
  LV: 'Letonia',
  MT: 'Malta',
  NL: 'Países Bajos',
  PL: 'Polonia',
  PT: 'Portugal',
  RO: 'Rumanía',
  SE: 'Suecia',
  SI: 'Eslovenia',
  SK: 'Eslovaquia',
};

export type EuRateKind = 'STANDARD' | 'REDUCED' | 'SUPER_REDUCED';

/** The rates of a member state from `from` (ISO, inclusive) until the next period's `from`. */
export interface EuVatRatePeriod {
  from: string;
  standardBp: number;
  /** Reduced rates, highest first. */
  reducedBp: readonly number[];
  /** Rates below 5 %, highest first. */
  superReducedBp: readonly number[];
  /** Where the period (or its change) was checked. */
  source: string;
}

/** The Commission's list of 1 January 2025, as reproduced by the tables named in the header. */
const EC_2025 = 'Comisión Europea, VAT rates applied in the Member States, situación a 1 de enero de 2025';

const p = (
  from: string,
  standardBp: number,
  reducedBp: readonly number[],
  superReducedBp: readonly number[] = [],
  source = EC_2025,
): EuVatRatePeriod => ({ from, standardBp, reducedBp, superReducedBp, source });

/** Each state's periods, oldest first; the first starts on 1 January 2025. */
export const EU_VAT_RATES: Record<OssMemberState, readonly EuVatRatePeriod[]> = {
  AT: [p('2025-01-01', 2000, [1300, 1000])],
  BE: [p('2025-01-01', 2100, [1200, 600])],
  BG: [p('2025-01-01', 2000, [900])],
  CY: [p('2025-01-01', 1900, [900, 500])],
  CZ: [p('2025-01-01', 2100, [1200])],
  DE: [p('2025-01-01', 1900, [700])],
  DK: [p('2025-01-01', 2500, [])],
  EE: [
    // 13 % for accommodation and 9 % for press publications from 1 January 2025 (Estonian Tax and
    // Customs Board, reported by taxopolis.eu and marosavat.com).
    p('2025-01-01', 2200, [1300, 900]),
    p('2025-07-01', 2400, [1300, 900], [], 'Estonia: tipo general del 24 % desde el 1 de julio de 2025'),
  ],
  FI: [
    p('2025-01-01', 2550, [1400, 1000]),
    p(
      '2026-01-01',
      2550,
      [1350, 1000],
      [],
      'Vero.fi: el tipo reducido del 14 % pasa al 13,5 % el 1 de enero de 2026',
    ),
  ],
  FR: [p('2025-01-01', 2000, [1000, 550], [210])],
  GR: [p('2025-01-01', 2400, [1300, 600])],
  HR: [p('2025-01-01', 2500, [1300, 500])],
  HU: [p('2025-01-01', 2700, [1800, 500])],
  IE: [p('2025-01-01', 2300, [1350, 900], [480])],
  IT: [p('2025-01-01', 2200, [1000, 500], [400])],
  LT: [
    p('2025-01-01', 2100, [900, 500]),
    // Law XV-287 (art. 19 of the VAT Law): the 9 % rate is replaced by 12 % (sovos.com,
    // meridianglobalservices.com).
    p(
      '2026-01-01',
      2100,
      [1200, 500],
      [],
      'Lituania: el tipo reducido del 9 % pasa al 12 % el 1 de enero de 2026',
    ),
  ],
  LU: [p('2025-01-01', 1700, [1400, 800], [300])],
  LV: [p('2025-01-01', 2100, [1200, 500])],
  MT: [p('2025-01-01', 1800, [700, 500])],
  NL: [p('2025-01-01', 2100, [900])],
  PL: [p('2025-01-01', 2300, [800, 500])],
  PT: [p('2025-01-01', 2300, [1300, 600])],
  RO: [
    p('2025-01-01', 1900, [900, 500]),
    // Standard 21 % and a single reduced rate of 11 % from 1 August 2025 (newcraft.dev, easytax.co).
    p(
      '2025-08-01',
      2100,
      [1100],
      [],
      'Rumanía: tipo general del 21 % y reducido único del 11 % desde el 1 de agosto de 2025',
    ),
  ],
  SE: [p('2025-01-01', 2500, [1200, 600])],
  SI: [p('2025-01-01', 2200, [950, 500])],
  SK: [p('2025-01-01', 2300, [1900, 500])],
};

/** The first day the table covers. */
export const EU_VAT_RATES_FROM = '2025-01-01';

/** The rates of a member state in force on a date (ISO); undefined before the table or for another country. */
export function euVatRatesOn(country: string, isoDate: string): EuVatRatePeriod | undefined {
  if (!isOssMemberState(country)) return undefined;
  let found: EuVatRatePeriod | undefined;
  for (const period of EU_VAT_RATES[country]) if (period.from <= isoDate) found = period;
  return found;
}

/** Every rate of a period, standard first, then reduced and super-reduced (highest first). */
export const ratesOf = (period: EuVatRatePeriod): number[] => [
  period.standardBp,
  ...period.reducedBp,
  ...period.superReducedBp,
];

/**
 * The rates an OSS line to `country` may carry on `isoDate`; without a date, every rate the table has
 * ever given the state (the screen's list before the date is known). [] for a country outside the OSS.
 */
export function ossRatesOf(country: string, isoDate?: string): number[] {
  if (!isOssMemberState(country)) return [];
  if (isoDate !== undefined) {
    const period = euVatRatesOn(country, isoDate);
    return period ? ratesOf(period) : [];
  }
  const all = new Set(EU_VAT_RATES[country].flatMap(ratesOf));
  return [...all].sort((a, b) => b - a);
}

/** Whether `bp` is a rate of `country` on `isoDate` (any date the table covers when absent). */
export const isOssRate = (country: string, bp: number, isoDate?: string): boolean =>
  ossRatesOf(country, isoDate).includes(bp);

/** Standard, reduced or super-reduced: how the 369 qualifies a rate of the state ('S'/'R' in the form). */
export function euRateKind(country: string, bp: number, isoDate: string): EuRateKind | undefined {
  const period = euVatRatesOn(country, isoDate);
  if (!period) return undefined;
  if (period.standardBp === bp) return 'STANDARD';
  if (period.reducedBp.includes(bp)) return 'REDUCED';
  if (period.superReducedBp.includes(bp)) return 'SUPER_REDUCED';
  return undefined;
}

/**
 * Art. 73 LIVA (Directive 2006/112/EC art. 59 quater): below 10.000 € a year of B2C e-services and
 * intra-EU distance sales to the other member states together (this year and the previous one), the
 * place of supply stays in Spain unless the supplier opts for the destination.
 */
export const OSS_THRESHOLD_CENTS = 1_000_000;
