/**
 * The kinds of withholding a business applies when it pays others (issue 15 item 1): which quarterly
 * return declares each (111, 115, 123, 216), which annual summary (190, 180, 193, 296), which block of
 * the 111 it fills, its perception keys and its usual rate with the period it applies from. Data, cited:
 *  - [data] the 190 perception keys and subkeys of ../shared/data/aeat/models/190/oca_perception_*.xml
 *           (AEAT order of the 190; the subkey's description names the RIRPF article of its rate);
 *  - [ref]  ../shared/reference/tax-models.md §1, §2.4-2.6, §2.10;
 *  - [mem]  rates and dates quoted from memory of the LIRPF (Ley 35/2006 art. 101) and RIRPF (RD 439/2007
 *           arts. 95, 100, 101) as amended by Ley 26/2014 and RDL 9/2015: to confirm against the BOE.
 * Rates in basis points. Pure.
 */

export const WITHHOLDING_KINDS = [
  'PROFESSIONAL',
  'MODULES',
  'AGRICULTURAL',
  'COURSES',
  'PRIZES',
  'RENT',
  'CAPITAL',
  'NON_RESIDENT',
] as const;
export type WithholdingKind = (typeof WITHHOLDING_KINDS)[number];

/** The 111 block a kind fills: [01]-[03] work income, [07]-[09] economic activities, [13]-[15] prizes. */
export type Block111 = 'WORK' | 'ACTIVITY' | 'PRIZES';

export interface WithholdingRate {
  rateBp: number;
  /** First day it applies (ISO). */
  from: string;
  /** Last day (ISO) or null while in force. */
  to: string | null;
  source: 'data' | 'ref' | 'mem';
  note: string;
}

export interface WithholdingKey {
  /** The key as the aggregates and the annual summary carry it ('G01'; '-' when the summary has none). */
  key: string;
  label: string;
}

export interface WithholdingKindInfo {
  kind: WithholdingKind;
  /** Spanish, for the screen. */
  label: string;
  /** The quarterly (or monthly) self-assessment that pays it in. */
  model: '111' | '115' | '123' | '216';
  /** Its annual summary with one record per recipient. */
  summaryModel: '190' | '180' | '193' | '296';
  /** 111 only: the block it fills. */
  block111?: Block111;
  keys: readonly WithholdingKey[];
  defaultKey: string;
  /** The usual rates, newest last; a kind without a fixed rate (non-residents: by treaty) lists its general one. */
  rates: readonly WithholdingRate[];
}

export const WITHHOLDING_KIND_INFO: Readonly<Record<WithholdingKind, WithholdingKindInfo>> = {
  PROFESSIONAL: {
    kind: 'PROFESSIONAL',
    label: 'Actividades profesionales',
    model: '111',
    summaryModel: '190',
    block111: 'ACTIVITY',
    // [data] 190 key G, subkeys 01 (general rate, art. 95.1 RIRPF), 02 (specific rate of art. 95.1:
    // recaudadores municipales, mediadores de seguros, delegados comerciales), 03 (reduced rate of the
    // first years of activity, art. 95.1), 05/06 (intellectual property, art. 101.9 LIRPF).
    keys: [
      { key: 'G01', label: 'G.01 Actividades profesionales (tipo general)' },
      { key: 'G02', label: 'G.02 Recaudadores, mediadores de seguros, delegados comerciales' },
      { key: 'G03', label: 'G.03 Inicio de actividad (tipo reducido)' },
      { key: 'G05', label: 'G.05 Propiedad intelectual (tipo general)' },
      { key: 'G06', label: 'G.06 Propiedad intelectual (tipo reducido)' },
    ],
    defaultKey: 'G01',
    rates: [
      { rateBp: 1500, from: '2015-07-12', to: null, source: 'mem', note: 'art. 101.5.a LIRPF (RDL 9/2015)' },
    ],
  },
  MODULES: {
    kind: 'MODULES',
    label: 'Actividades empresariales en estimación objetiva (módulos)',
    model: '111',
    summaryModel: '190',
    block111: 'ACTIVITY',
    // [data] 190 key H, subkey 04 (art. 95.6.2º RIRPF).
    keys: [{ key: 'H04', label: 'H.04 Actividades en estimación objetiva' }],
    defaultKey: 'H04',
    rates: [{ rateBp: 100, from: '2007-01-01', to: null, source: 'mem', note: 'art. 95.6.2º RIRPF' }],
  },
  AGRICULTURAL: {
    kind: 'AGRICULTURAL',
    label: 'Actividades agrícolas, ganaderas y forestales',
    model: '111',
    summaryModel: '190',
    block111: 'ACTIVITY',
    // [data] 190 key H, subkeys 01 (art. 95.4.2º RIRPF, general), 02 (art. 95.4.1º, pig and poultry
    // fattening), 03 (forestry, art. 95.5).
    keys: [
      { key: 'H01', label: 'H.01 Agrícolas y ganaderas (tipo general)' },
      { key: 'H02', label: 'H.02 Engorde de porcino y avicultura' },
      { key: 'H03', label: 'H.03 Actividades forestales' },
    ],
    defaultKey: 'H01',
    rates: [{ rateBp: 200, from: '2007-01-01', to: null, source: 'mem', note: 'art. 95.4.2º RIRPF' }],
  },
  COURSES: {
    kind: 'COURSES',
    label: 'Cursos, conferencias y elaboración de obras (rendimientos del trabajo)',
    model: '111',
    summaryModel: '190',
    block111: 'WORK',
    // [data] 190 key F, subkeys 02 (courses, conferences) and 03 (literary, artistic or scientific works).
    keys: [
      { key: 'F02', label: 'F.02 Cursos, conferencias, coloquios y similares' },
      { key: 'F03', label: 'F.03 Elaboración de obras literarias, artísticas o científicas' },
    ],
    defaultKey: 'F02',
    rates: [{ rateBp: 1500, from: '2015-07-12', to: null, source: 'mem', note: 'art. 101.3 LIRPF' }],
  },
  PRIZES: {
    kind: 'PRIZES',
    label: 'Premios',
    model: '111',
    summaryModel: '190',
    block111: 'PRIZES',
    // [data] 190 key K, subkeys 01 (games, raffles without advertising purpose) and 03 (contests with
    // advertising purpose).
    keys: [
      { key: 'K01', label: 'K.01 Premios de juegos, rifas o combinaciones aleatorias' },
      { key: 'K03', label: 'K.03 Premios de concursos con fines publicitarios' },
    ],
    defaultKey: 'K03',
    rates: [{ rateBp: 1900, from: '2016-01-01', to: null, source: 'mem', note: 'art. 101.7 LIRPF (Ley 26/2014)' }],
  },
  RENT: {
    kind: 'RENT',
    label: 'Arrendamiento de inmuebles urbanos',
    model: '115',
    summaryModel: '180',
    keys: [{ key: '-', label: 'Arrendamiento de inmueble urbano' }],
    defaultKey: '-',
    rates: [{ rateBp: 1900, from: '2016-01-01', to: null, source: 'ref', note: 'art. 101.8 LIRPF; reference §2.5' }],
  },
  CAPITAL: {
    kind: 'CAPITAL',
    label: 'Rendimientos del capital mobiliario (intereses, dividendos)',
    model: '123',
    summaryModel: '193',
    // Internal keys until the 193 design is added: dividends and profit shares, interest on loans
    // from partners or third parties, other movable-capital income. [verify] the 193 keys.
    keys: [
      { key: 'DIV', label: 'Dividendos y participaciones en beneficios' },
      { key: 'INT', label: 'Intereses de préstamos' },
      { key: 'OTH', label: 'Otros rendimientos del capital mobiliario' },
    ],
    defaultKey: 'INT',
    rates: [{ rateBp: 1900, from: '2016-01-01', to: null, source: 'ref', note: 'art. 101.4 LIRPF; reference §2.6' }],
  },
  NON_RESIDENT: {
    kind: 'NON_RESIDENT',
    label: 'Rentas de no residentes sin establecimiento permanente',
    model: '216',
    summaryModel: '296',
    keys: [{ key: '-', label: 'Renta de no residente' }],
    defaultKey: '-',
    // Art. 25.1.a TRLIRNR: 24 % in general, 19 % for residents of another EU/EEA state; a treaty may
    // lower it, so the invoice's own rate is what counts.
    rates: [{ rateBp: 2400, from: '2015-01-01', to: null, source: 'mem', note: 'art. 25.1.a TRLIRNR' }],
  },
};

export const isWithholdingKind = (v: unknown): v is WithholdingKind =>
  typeof v === 'string' && (WITHHOLDING_KINDS as readonly string[]).includes(v);

/** Whether `key` is one of the kind's keys. */
export const isKeyOfKind = (kind: WithholdingKind, key: string): boolean =>
  WITHHOLDING_KIND_INFO[kind].keys.some((k) => k.key === key);

/** The kinds a quarterly model declares. */
export const kindsOfModel = (model: '111' | '115' | '123' | '216'): WithholdingKind[] =>
  WITHHOLDING_KINDS.filter((k) => WITHHOLDING_KIND_INFO[k].model === model);

/** The rate of a kind in force on a date (ISO); undefined when none is listed for it. */
export function withholdingRateOn(kind: WithholdingKind, isoDate: string): number | undefined {
  const r = WITHHOLDING_KIND_INFO[kind].rates.find((x) => x.from <= isoDate && (x.to === null || x.to >= isoDate));
  return r?.rateBp;
}

/**
 * The kind of a withholding that carries none (data written before issue 15, or a create call that does
 * not say): the supplier's remembered kind, else PROFESSIONAL — before issue 15 the only withholding a
 * received invoice could carry was the professional's (art. 101 LIRPF, the 15 % default of the form).
 */
export function defaultWithholding(remembered?: {
  withholdingKind?: WithholdingKind | null;
  withholdingKey?: string | null;
} | null): { kind: WithholdingKind; key: string } {
  const kind = remembered?.withholdingKind ?? 'PROFESSIONAL';
  const key =
    remembered?.withholdingKey && isKeyOfKind(kind, remembered.withholdingKey)
      ? remembered.withholdingKey
      : WITHHOLDING_KIND_INFO[kind].defaultKey;
  return { kind, key };
}
