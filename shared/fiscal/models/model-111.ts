/**
 * Modelo 111 (retenciones e ingresos a cuenta del IRPF: rendimientos del trabajo y de actividades
 * económicas, premios, ganancias forestales y derechos de imagen) as versioned data: its boxes, which
 * withholdings of the books fill each block, and its AEAT record design. The computation shared with the
 * 115, 123 and 216 is ./model-withholdings.ts.
 *
 * Box by box (reference notes ../shared/reference/tax-models.md §2.4; AEAT dr111e16v17):
 *  - [01]-[03] employment income in cash: the person's payroll figures (adjustments.workIncome, item 3 of
 *    issue 15) plus the received invoices whose withholding kind fills the WORK block (COURSES: courses,
 *    conferences and works, art. 17.2.c-d LIRPF, 190 key F);
 *  - [04]-[06] employment income in kind: adjustments.workIncome.inKind*;
 *  - [07]-[09] economic activities in cash: the ACTIVITY kinds (PROFESSIONAL, MODULES, AGRICULTURAL;
 *    art. 101.5 LIRPF, arts. 95 RIRPF; 190 keys G and H);
 *  - [13]-[15] prizes in cash: the PRIZES kind (art. 101.7 LIRPF, 190 key K);
 *  - [10]-[12] activities in kind, [16]-[18] prizes in kind, [19]-[24] forestry gains (art. 99.2 RIRPF),
 *    [25]-[27] image rights (art. 92.8 LIRPF), [29] earlier returns of the period: the person's;
 *  - [28] = [03] + [06] + [09] + [12] + [15] + [18] + [21] + [24] + [27]; [30] = [28] − [29].
 * Recipients are counted per block: the distinct counterparties the period's `W|…` lines name (a recipient
 * paid twice, or under two keys, is one).
 */

import { layout111 } from './layouts/111';
import type { DesignWithholdings } from './model-withholdings';
import type { BoxDef } from './types';

type BoxOpts = { unit?: BoxDef['unit']; manual?: boolean };

/**
 * The AEAT design types every field N; counts are never negative, amounts may be (a rectified fee of an
 * earlier period lowers the base); a negative result is refused by the computation, not by the type.
 */
const box = (b: string, label: string, section: string, o: BoxOpts = {}): BoxDef => ({
  box: b,
  label,
  unit: o.unit ?? 'CENTS',
  signed: (o.unit ?? 'CENTS') === 'CENTS',
  ...(o.manual ? { manual: true } : {}),
  section,
});

/** A block of the form: recipients, amount paid (or value in kind) and amount withheld (or paid on account). */
const triple = (
  [c, b, w]: readonly [string, string, string],
  labels: readonly [string, string, string],
  section: string,
  manual = false,
): BoxDef[] => [
  box(c, labels[0], section, { unit: 'COUNT', manual }),
  box(b, labels[1], section, { manual }),
  box(w, labels[2], section, { manual }),
];

const CASH = [
  'Dinerarios - Nº de perceptores',
  'Dinerarios - Importe de las percepciones',
  'Dinerarios - Importe de las retenciones',
] as const;
const IN_KIND = [
  'En especie - Nº de perceptores',
  'En especie - Valor de las percepciones en especie',
  'En especie - Importe de los ingresos a cuenta',
] as const;

const S_WORK = 'Rendimientos del trabajo';
const S_ACTIVITY = 'Rendimientos de actividades económicas';
const S_PRIZES = 'Premios por la participación en juegos, concursos, rifas o combinaciones aleatorias';
const S_FOREST =
  'Ganancias patrimoniales derivadas de los aprovechamientos forestales de los vecinos en montes públicos';
const S_IMAGE = 'Contraprestaciones por la cesión de derechos de imagen: ingresos a cuenta (art. 92.8 LIRPF)';
const S_TOTAL = 'Total liquidación';

const BOXES_111: BoxDef[] = [
  ...triple(['01', '02', '03'], CASH, S_WORK),
  ...triple(['04', '05', '06'], IN_KIND, S_WORK),
  ...triple(['07', '08', '09'], CASH, S_ACTIVITY),
  ...triple(['10', '11', '12'], IN_KIND, S_ACTIVITY, true),
  ...triple(['13', '14', '15'], CASH, S_PRIZES),
  ...triple(['16', '17', '18'], IN_KIND, S_PRIZES, true),
  ...triple(['19', '20', '21'], CASH, S_FOREST, true),
  ...triple(['22', '23', '24'], IN_KIND, S_FOREST, true),
  ...triple(
    ['25', '26', '27'],
    ['Nº de perceptores', 'Contraprestaciones satisfechas', 'Importe de los ingresos a cuenta'],
    S_IMAGE,
    true,
  ),
  box(
    '28',
    'Suma de retenciones e ingresos a cuenta ([03] + [06] + [09] + [12] + [15] + [18] + [21] + [24] + [27])',
    S_TOTAL,
  ),
  box(
    '29',
    'Resultado a ingresar de la anterior o anteriores autoliquidaciones por el mismo concepto, ejercicio y período (solo complementarias)',
    S_TOTAL,
    { manual: true },
  ),
  box('30', 'Resultado a ingresar ([28] - [29])', S_TOTAL),
];

/**
 * AEAT dr111e16v17 (modelo 111 vers. 1.7, "ejercicio 2016"), which OCA/l10n-spain applies from 1 January
 * 2016 ("Mod.111 2016-actualidad", date_start 2016-01-01 in l10n_es_aeat_mod111/data/aeat.model.export.config.csv).
 * Still the design AEAT's xls mirror carries; reference notes §3.2 ask to check AEAT's current design before
 * go-live [verify].
 */
export const design111v2016: DesignWithholdings = {
  id: '111-2016',
  modelType: '111',
  validFrom: '2016-01-01',
  validTo: null,
  source:
    'AEAT, diseño de registro dr111e16v17 (modelo 111 vers. 1.7, ejercicio 2016 en adelante; OCA/l10n-spain ' +
    '"Mod.111 2016-actualidad", date_start 2016-01-01). Copia en ../shared/data/aeat/models/111/AEAT_dr111e16v17.xls.',
  boxes: BOXES_111,
  pages: layout111,
  fileFormat: 'T',
  rules: {
    blocks: [
      { boxes: ['01', '02', '03'], kinds: ['COURSES'] },
      { boxes: ['07', '08', '09'], kinds: ['PROFESSIONAL', 'MODULES', 'AGRICULTURAL'] },
      { boxes: ['13', '14', '15'], kinds: ['PRIZES'] },
    ],
    workIncome: { cash: ['01', '02', '03'], inKind: ['04', '05', '06'] },
    totals: [
      { box: '28', plus: ['03', '06', '09', '12', '15', '18', '21', '24', '27'] },
      { box: '30', plus: ['28'], minus: ['29'] },
    ],
    previousResultBox: '29',
    resultBox: '30',
  },
};
