/**
 * Modelo 216 (IRNR: retenciones e ingresos a cuenta sobre rentas obtenidas sin mediación de establecimiento
 * permanente) as versioned data, two designs; the computation is ./model-withholdings.ts.
 *
 * 2016 design (AEAT 216 vers. 1.06; OCA "Mod.216 2016-actualidad" until its 2024 design):
 *  - [01] number of rentas, [02] base, [03] withheld: the NON_RESIDENT withholdings of the received book
 *    (art. 31 TRLIRNR); the number counted as OCA does, by distinct recipient;
 *  - [04]/[05] income not subject to withholding (exempt, or by a treaty), the person's;
 *  - [06] results of earlier returns of the period (complementary only); [07] = [03] − [06].
 * 2024 design (OCA l10n_es_aeat_mod216/data/2024, "Mod.216 2024-actualidad"): dividends apart from the rest —
 *  - subject to withholding: [05]/[08]/[11] dividends (the books do not tell a non-resident's dividends
 *    apart: the person's), [06]/[09]/[12] the rest (the NON_RESIDENT withholdings of the books),
 *    [07] = [05] + [06], [10] = [08] + [09], [13] = [11] + [12];
 *  - not subject: [14]/[17] dividends, [15]/[18] the rest (the person's), [16] = [14] + [15],
 *    [19] = [17] + [18];
 *  - [20] earlier returns of the period (complementary only); [21] = [13] − [20].
 * Every field of both designs is unsigned.
 */

import { layout216v2016, layout216v2024 } from './layouts/216';
import type { DesignWithholdings } from './model-withholdings';
import type { BoxDef } from './types';

const box = (
  b: string,
  label: string,
  section: string,
  o: { unit?: BoxDef['unit']; manual?: boolean } = {},
): BoxDef => ({
  box: b,
  label,
  unit: o.unit ?? 'CENTS',
  signed: false,
  ...(o.manual ? { manual: true } : {}),
  section,
});

const S_SUBJECT = 'Rentas sometidas a retención o ingreso a cuenta';
const S_NOT_SUBJECT = 'Rentas no sometidas a retención o ingreso a cuenta';
const S_RES = 'Resultado';
const PREVIOUS =
  'Resultados a ingresar de anteriores autoliquidaciones por el mismo concepto, ejercicio y período (solo complementarias)';

const BOXES_216_2016: BoxDef[] = [
  box('01', 'Número de rentas', S_SUBJECT, { unit: 'COUNT' }),
  box('02', 'Base de retenciones e ingresos a cuenta', S_SUBJECT),
  box('03', 'Retenciones e ingresos a cuenta', S_SUBJECT),
  box('04', 'Número de rentas', S_NOT_SUBJECT, { unit: 'COUNT', manual: true }),
  box('05', 'Base de las rentas', S_NOT_SUBJECT, { manual: true }),
  box('06', PREVIOUS, S_RES, { manual: true }),
  box('07', 'Resultado a ingresar ([03] - [06])', S_RES),
];

const DIVIDENDS = 'Dividendos y otras rentas de participación en fondos propios de entidades';
const REST = 'Resto de rentas';

const BOXES_216_2024: BoxDef[] = [
  box('05', `Número de rentas - ${DIVIDENDS}`, S_SUBJECT, { unit: 'COUNT', manual: true }),
  box('06', `Número de rentas - ${REST}`, S_SUBJECT, { unit: 'COUNT' }),
  box('07', 'Número de rentas - Totales ([05] + [06])', S_SUBJECT, { unit: 'COUNT' }),
  box('08', `Base de retenciones e ingresos a cuenta - ${DIVIDENDS}`, S_SUBJECT, { manual: true }),
  box('09', `Base de retenciones e ingresos a cuenta - ${REST}`, S_SUBJECT),
  box('10', 'Base de retenciones e ingresos a cuenta - Totales ([08] + [09])', S_SUBJECT),
  box('11', `Retenciones e ingresos a cuenta - ${DIVIDENDS}`, S_SUBJECT, { manual: true }),
  box('12', `Retenciones e ingresos a cuenta - ${REST}`, S_SUBJECT),
  box('13', 'Retenciones e ingresos a cuenta - Totales ([11] + [12])', S_SUBJECT),
  box('14', `Número de rentas - ${DIVIDENDS}`, S_NOT_SUBJECT, { unit: 'COUNT', manual: true }),
  box('15', `Número de rentas - ${REST}`, S_NOT_SUBJECT, { unit: 'COUNT', manual: true }),
  box('16', 'Número de rentas - Totales ([14] + [15])', S_NOT_SUBJECT, { unit: 'COUNT' }),
  box('17', `Base de retenciones e ingresos a cuenta - ${DIVIDENDS}`, S_NOT_SUBJECT, { manual: true }),
  box('18', `Base de retenciones e ingresos a cuenta - ${REST}`, S_NOT_SUBJECT, { manual: true }),
  box('19', 'Base de retenciones e ingresos a cuenta - Totales ([17] + [18])', S_NOT_SUBJECT),
  box('20', PREVIOUS, S_RES, { manual: true }),
  box('21', 'Resultado a ingresar ([13] - [20])', S_RES),
];

/**
 * AEAT "Modelo 216 Diseño de registro" vers. 1.06 (27/01/2016), mirrored by OCA/l10n-spain as
 * l10n_es_aeat_mod216/docs/DR-216e16_v1.06.pdf; OCA applied it from 1 January 2016 until its 2024 design.
 */
export const design216v2016: DesignWithholdings = {
  id: '216-2016',
  modelType: '216',
  validFrom: '2016-01-01',
  validTo: '2023-12-31',
  source:
    'AEAT, diseño de registro del modelo 216 vers. 1.06 (27/01/2016; OCA/l10n-spain docs/DR-216e16_v1.06.pdf y ' +
    '"Mod.216 2016-actualidad", date_start 2016-01-01). Copia en ../shared/data/aeat/models/216/oca_aeat_export_mod216_data.xml.',
  boxes: BOXES_216_2016,
  pages: layout216v2016,
  fileFormat: 'T',
  rules: {
    blocks: [{ boxes: ['01', '02', '03'], kinds: ['NON_RESIDENT'] }],
    totals: [{ box: '07', plus: ['03'], minus: ['06'] }],
    previousResultBox: '06',
    resultBox: '07',
  },
};

/**
 * The 2024 design as OCA/l10n-spain implements it (l10n_es_aeat_mod216/data/2024, "Mod.216 2024-actualidad",
 * date_start 2024-01-01, commit 0046e865db782dae81eea4b42e5a669d1a97dd0e). The AEAT's own document was not
 * available here [verify].
 */
export const design216v2024: DesignWithholdings = {
  id: '216-2024',
  modelType: '216',
  validFrom: '2024-01-01',
  validTo: null,
  source:
    'Diseño 2024 del modelo 216 según OCA/l10n-spain l10n_es_aeat_mod216/data/2024 ("Mod.216 2024-actualidad", ' +
    'date_start 2024-01-01; commit 0046e865db782dae81eea4b42e5a669d1a97dd0e).',
  boxes: BOXES_216_2024,
  pages: layout216v2024,
  fileFormat: 'T',
  rules: {
    blocks: [{ boxes: ['06', '09', '12'], kinds: ['NON_RESIDENT'] }],
    totals: [
      { box: '07', plus: ['05', '06'] },
      { box: '10', plus: ['08', '09'] },
      { box: '13', plus: ['11', '12'] },
      { box: '16', plus: ['14', '15'] },
      { box: '19', plus: ['17', '18'] },
      { box: '21', plus: ['13'], minus: ['20'] },
    ],
    previousResultBox: '20',
    resultBox: '21',
  },
};
