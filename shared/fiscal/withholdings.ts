/**
 * The kinds of withholding a business applies when it pays others (issue 15 item 1): which quarterly
 * return declares each (111, 115, 123, 216), which annual summary (190, 180, 193, 296), which block of
 * the 111 it fills, its perception keys and its usual rate with the period it applies from. Data, cited:
 *  - [data] the 190 perception keys and subkeys of ../shared/data/aeat/models/190/oca_perception_*.xml
 *           (AEAT order of the 190; the subkey's description names the RIRPF article of its rate);
 *  - [dr193] the 193 perception keys and naturalezas of the AEAT "Modelo 193. Diseños de registro"
 *           (ejercicio 2019; Orden EHA/3377/2011 anexo II as amended), type-2 record positions 92
 *           ("CLAVE DE PERCEPCIÓN" A-D) and 93-94 ("NATURALEZA"), as mirrored by pbarcelog/AeatModelos
 *           Doc/Specs/DR193_2017.pdf (commit e99d8f737794fbdfed237b335b675ce7a67e8240);
 *  - [dr296] the 296 claves (positions 100-101, 01-25) and subclaves (102-103, 01-11) of the AEAT
 *           "Modelo 296. Diseños de registro", ejercicio 2017 (Orden EHA/3290/2008 anexo III as amended),
 *           as mirrored by OCA/l10n-spain l10n_es_aeat_mod296/docs/DR296_2017.pdf (branch 16.0, commit
 *           5fadee3fa8d7181adbd0e5df49e6f07d03b87411);
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
    rates: [
      { rateBp: 1900, from: '2016-01-01', to: null, source: 'mem', note: 'art. 101.7 LIRPF (Ley 26/2014)' },
    ],
  },
  RENT: {
    kind: 'RENT',
    label: 'Arrendamiento de inmuebles urbanos',
    model: '115',
    summaryModel: '180',
    keys: [{ key: '-', label: 'Arrendamiento de inmueble urbano' }],
    defaultKey: '-',
    rates: [
      { rateBp: 1900, from: '2016-01-01', to: null, source: 'ref', note: 'art. 101.8 LIRPF; reference §2.5' },
    ],
  },
  CAPITAL: {
    kind: 'CAPITAL',
    label: 'Rendimientos del capital mobiliario (intereses, dividendos)',
    model: '123',
    summaryModel: '193',
    // [dr193] the 193 perception key (A participation in an entity's equity, B lending own capital to
    // third parties, C other movable-capital income, D lending own capital to related entities by an
    // IRPF taxpayer, art. 46.a LIRPF) and its naturaleza, written together: 'B03'. The ones a business
    // pays; every naturaleza of the design is in NATURALEZAS_193.
    keys: [
      { key: 'A01', label: 'A.01 Primas por asistencia a juntas' },
      { key: 'A02', label: 'A.02 Dividendos y participaciones en beneficios' },
      { key: 'A05', label: 'A.05 Otras utilidades por la condición de socio o partícipe' },
      { key: 'B03', label: 'B.03 Intereses de préstamos no bancarios (socios o terceros)' },
      { key: 'B06', label: 'B.06 Otros rendimientos por la cesión a terceros de capitales propios' },
      { key: 'D03', label: 'D.03 Intereses de préstamos a una entidad vinculada (exceso sobre el triple)' },
      { key: 'C01', label: 'C.01 Propiedad intelectual (perceptor que no es el autor)' },
      { key: 'C02', label: 'C.02 Propiedad industrial no afecta a actividades económicas' },
      { key: 'C03', label: 'C.03 Asistencia técnica fuera de una actividad económica' },
      { key: 'C04', label: 'C.04 Arrendamiento de bienes muebles, negocios o minas' },
      { key: 'C07', label: 'C.07 Subarrendamiento de inmuebles urbanos (IRPF)' },
      { key: 'C12', label: 'C.12 Otros rendimientos del capital mobiliario (base general)' },
      { key: 'C13', label: 'C.13 Otros rendimientos del capital mobiliario (base del ahorro)' },
      { key: 'C14', label: 'C.14 Otros rendimientos (perceptor que no es contribuyente del IRPF)' },
    ],
    defaultKey: 'B03',
    rates: [
      { rateBp: 1900, from: '2016-01-01', to: null, source: 'ref', note: 'art. 101.4 LIRPF; reference §2.6' },
    ],
  },
  NON_RESIDENT: {
    kind: 'NON_RESIDENT',
    label: 'Rentas de no residentes sin establecimiento permanente',
    model: '216',
    summaryModel: '296',
    // [dr296] the 296 clave (the kind of income) and subclave (how the withholding was computed: 01 the
    // general rates of art. 25 TRLIRNR, 02 a treaty's limit), written together: '1901'. The ones a
    // business withholds on; exemptions (subclaves 03, 04) withhold nothing.
    keys: [
      { key: '0101', label: '01.01 Dividendos y participaciones (tipo general)' },
      { key: '0102', label: '01.02 Dividendos y participaciones (límite de un Convenio)' },
      { key: '0201', label: '02.01 Intereses (tipo general)' },
      { key: '0202', label: '02.02 Intereses (límite de un Convenio)' },
      { key: '0801', label: '08.01 Cánones por programas informáticos (tipo general)' },
      { key: '0802', label: '08.02 Cánones por programas informáticos (límite de un Convenio)' },
      { key: '1101', label: '11.01 Otros cánones (tipo general)' },
      { key: '1102', label: '11.02 Otros cánones (límite de un Convenio)' },
      { key: '1401', label: '14.01 Rendimientos de bienes inmuebles (tipo general)' },
      { key: '1601', label: '16.01 Asistencia técnica (tipo general)' },
      { key: '1602', label: '16.02 Asistencia técnica (límite de un Convenio)' },
      { key: '1901', label: '19.01 Actividades profesionales (tipo general)' },
      { key: '1902', label: '19.02 Actividades profesionales (límite de un Convenio)' },
      { key: '2201', label: '22.01 Retribuciones de administradores y consejeros (tipo general)' },
      { key: '2501', label: '25.01 Otras rentas (tipo general)' },
      { key: '2502', label: '25.02 Otras rentas (límite de un Convenio)' },
    ],
    // The residual clave at the general rates: the kind of income is the person's to choose.
    defaultKey: '2501',
    // Art. 25.1.a TRLIRNR: 24 % in general, 19 % for residents of another EU/EEA state; a treaty may
    // lower it, so the invoice's own rate is what counts.
    rates: [{ rateBp: 2400, from: '2015-01-01', to: null, source: 'mem', note: 'art. 25.1.a TRLIRNR' }],
  },
};

export const isWithholdingKind = (v: unknown): v is WithholdingKind =>
  typeof v === 'string' && (WITHHOLDING_KINDS as readonly string[]).includes(v);

/** Whether `key` is one of the kind's keys (a new withholding may carry only these). */
export const isKeyOfKind = (kind: WithholdingKind, key: string): boolean =>
  WITHHOLDING_KIND_INFO[kind].keys.some((k) => k.key === key);

// --- the summaries' own key lists -----------------------------------------------------------------

/**
 * [dr193] The naturalezas of each 193 perception key, 01 to the number given: A 01-08 (01 primas de
 * asistencia a juntas … 08 dividendos no sometidos a retención), B and D 01-07 (03 intereses de préstamos
 * no bancarios, 06 otros), C 01-14 (12/13 otros a la base general/del ahorro, 14 perceptor no
 * contribuyente del IRPF).
 */
export const NATURALEZAS_193: Readonly<Record<'A' | 'B' | 'C' | 'D', number>> = { A: 8, B: 7, C: 14, D: 7 };

/** Whether `key` is a 193 perception key with one of its naturalezas ('B03'). */
export function isKey193(key: string): boolean {
  const m = /^([ABCD])(\d{2})$/.exec(key);
  const naturaleza = m ? Number(m[2]) : 0;
  return !!m && naturaleza >= 1 && naturaleza <= NATURALEZAS_193[m[1] as keyof typeof NATURALEZAS_193];
}

/** [dr296] The claves (01 dividends … 25 other income) and subclaves (01 general rates … 11) of the 296. */
export const CLAVES_296 = 25;
export const SUBCLAVES_296 = 11;

/** Whether `key` is a 296 clave followed by a subclave ('1901'). */
export function isKey296(key: string): boolean {
  const m = /^(\d{2})(\d{2})$/.exec(key);
  if (!m) return false;
  const clave = Number(m[1]);
  const subclave = Number(m[2]);
  return clave >= 1 && clave <= CLAVES_296 && subclave >= 1 && subclave <= SUBCLAVES_296;
}

/**
 * The 123's dividends (boxes [01]/[04]/[07], "dividendos y otras rentas de participación en fondos propios
 * de entidades"): every naturaleza of the 193 key A, the income of art. 25.1 LIRPF.
 */
export const DIVIDEND_KEYS_193: readonly string[] = Array.from(
  { length: NATURALEZAS_193.A },
  (_, i) => `A${String(i + 1).padStart(2, '0')}`,
);

// --- keys stored before the summaries' lists ------------------------------------------------------

/**
 * The internal keys stored before the 193 and 296 lists were sourced, and the key each stands for:
 * dividends A02, loan interest B03, other movable-capital income C12 (clave C, the general base: art. 25.4
 * LIRPF income integrates there, art. 45 LIRPF); a non-resident's '-' the residual clave 25 "Otras rentas"
 * at the general rates (subclave 01). Read only: a new withholding carries the real keys.
 */
export const LEGACY_WITHHOLDING_KEYS: Readonly<
  Partial<Record<WithholdingKind, Readonly<Record<string, string>>>>
> = {
  CAPITAL: { DIV: 'A02', INT: 'B03', OTH: 'C12' },
  NON_RESIDENT: { '-': '2501' },
};

/** The key a stored key stands for: a legacy internal key's real one (LEGACY_WITHHOLDING_KEYS), else itself. */
export function canonicalWithholdingKey(kind: WithholdingKind, key: string): string {
  const legacy = LEGACY_WITHHOLDING_KEYS[kind];
  return legacy && Object.hasOwn(legacy, key) ? (legacy[key] as string) : key;
}

/** The kinds a quarterly model declares. */
export const kindsOfModel = (model: '111' | '115' | '123' | '216'): WithholdingKind[] =>
  WITHHOLDING_KINDS.filter((k) => WITHHOLDING_KIND_INFO[k].model === model);

/** The rate of a kind in force on a date (ISO); undefined when none is listed for it. */
export function withholdingRateOn(kind: WithholdingKind, isoDate: string): number | undefined {
  const r = WITHHOLDING_KIND_INFO[kind].rates.find(
    (x) => x.from <= isoDate && (x.to === null || x.to >= isoDate),
  );
  return r?.rateBp;
}

/**
 * The kind of a withholding that carries none (data written before issue 15, or a create call that does
 * not say): the supplier's remembered kind and key (a legacy key read as the real one it stands for), else
 * PROFESSIONAL — before issue 15 the only withholding a received invoice could carry was the professional's
 * (art. 101 LIRPF, the 15 % default of the form).
 */
export function defaultWithholding(
  remembered?: {
    withholdingKind?: WithholdingKind | null;
    withholdingKey?: string | null;
  } | null,
): { kind: WithholdingKind; key: string } {
  const kind = remembered?.withholdingKind ?? 'PROFESSIONAL';
  // A key remembered before the 193/296 lists is read as the real key it stands for.
  const rememberedKey = remembered?.withholdingKey
    ? canonicalWithholdingKey(kind, remembered.withholdingKey)
    : undefined;
  const key =
    rememberedKey && isKeyOfKind(kind, rememberedKey)
      ? rememberedKey
      : WITHHOLDING_KIND_INFO[kind].defaultKey;
  return { kind, key };
}
