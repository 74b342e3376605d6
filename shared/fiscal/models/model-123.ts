/**
 * Modelo 123 (retenciones e ingresos a cuenta sobre rendimientos del capital mobiliario: dividendos,
 * intereses de préstamos, otros) as versioned data; the computation is ./model-withholdings.ts.
 *
 * Box by box (OCA/l10n-spain l10n_es_aeat_mod123 data/2024, "Mod. 123 2024-actualidad"; reference notes
 * §2.6): the 2024 design declares dividends and the rest of the income apart —
 *  - [01]/[04]/[07] dividends and other shares in an entity's profits: number of rentas (counted by NIF,
 *    as OCA's help says: the distinct recipients), base and withheld, from the CAPITAL withholdings with
 *    the 193 perception key A, income from participation in an entity's equity (art. 25.1 LIRPF:
 *    ../withholdings.ts DIVIDEND_KEYS_193, A01-A08; a line stored with the former internal key `DIV` is
 *    read as A02);
 *  - [02]/[05]/[08] the rest (keys B, C and D: interest B03, other income C12…; the former `INT` and `OTH`
 *    read as B03 and C12), plus the operations the person enters without an invoice in the books
 *    (adjustments.capitalIncomeOperations: an entry with a key of A goes to the dividends instead; one
 *    without a key is taken as the rest, loan interest and the like being the usual case), each withheld at
 *    the amount given or else at the CAPITAL rate in force on the period's first day (19 %, art. 101.4
 *    LIRPF), rounded;
 *  - [03] = [01] + [02], [06] = [04] + [05], [09] = [07] + [08];
 *  - [10] income of earlier years and [11] its regularisation (periodificación), the person's;
 *  - [12] = [09] + [11]; [13] earlier returns of the period (complementary only); [14] = [12] − [13].
 */

import { DIVIDEND_KEYS_193 } from '../withholdings';
import { layout123v2024 } from './layouts/123';
import type { DesignWithholdings } from './model-withholdings';
import type { BoxDef } from './types';

const S_LIQ = 'Liquidación';
const S_RES = 'Resultado';

/** OCA writes every amount of the 2024 design with a sign and every count without. */
const box = (
  b: string,
  label: string,
  section: string,
  o: { unit?: BoxDef['unit']; manual?: boolean } = {},
): BoxDef => ({
  box: b,
  label,
  unit: o.unit ?? 'CENTS',
  signed: (o.unit ?? 'CENTS') === 'CENTS',
  ...(o.manual ? { manual: true } : {}),
  section,
});

const DIVIDENDS = 'Dividendos y otras rentas de participación en fondos propios de entidades';
const REST = 'Resto de rentas';

const BOXES_123: BoxDef[] = [
  box('01', `Número de rentas - ${DIVIDENDS}`, S_LIQ, { unit: 'COUNT' }),
  box('02', `Número de rentas - ${REST}`, S_LIQ, { unit: 'COUNT' }),
  box('03', 'Número de rentas - Totales ([01] + [02])', S_LIQ, { unit: 'COUNT' }),
  box('04', `Base de retenciones e ingresos a cuenta - ${DIVIDENDS}`, S_LIQ),
  box('05', `Base de retenciones e ingresos a cuenta - ${REST}`, S_LIQ),
  box('06', 'Base de retenciones e ingresos a cuenta - Totales ([04] + [05])', S_LIQ),
  box('07', `Retenciones e ingresos a cuenta - ${DIVIDENDS}`, S_LIQ),
  box('08', `Retenciones e ingresos a cuenta - ${REST}`, S_LIQ),
  box('09', 'Retenciones e ingresos a cuenta - Totales ([07] + [08])', S_LIQ),
  box('10', 'Periodificación - Ingresos de ejercicios anteriores', S_LIQ, { manual: true }),
  box('11', 'Periodificación - Regularización', S_LIQ, { manual: true }),
  box('12', 'Suma de retenciones e ingresos a cuenta y regularización, en su caso ([09] + [11])', S_RES),
  box(
    '13',
    'Resultados a ingresar de anteriores autoliquidaciones por el mismo concepto, ejercicio y período (solo complementarias)',
    S_RES,
    { manual: true },
  ),
  box('14', 'Resultado a ingresar ([12] - [13])', S_RES),
];

/**
 * The 2024 design as OCA/l10n-spain implements it (l10n_es_aeat_mod123/data/2024, date_start 2024-01-01;
 * copies in ../shared/data/aeat/models/123/). The AEAT's own design document was not available here.
 */
export const design123v2024: DesignWithholdings = {
  id: '123-2024',
  modelType: '123',
  validFrom: '2024-01-01',
  validTo: null,
  source:
    'Diseño 2024 del modelo 123 según OCA/l10n-spain l10n_es_aeat_mod123/data/2024 ("Mod. 123 2024-actualidad", ' +
    'date_start 2024-01-01). Copia en ../shared/data/aeat/models/123/oca_2024_aeat.model.export.config.line.csv.',
  boxes: BOXES_123,
  pages: layout123v2024,
  fileFormat: 'T',
  rules: {
    blocks: [
      { boxes: ['01', '04', '07'], kinds: ['CAPITAL'], keys: DIVIDEND_KEYS_193 },
      { boxes: ['02', '05', '08'], kinds: ['CAPITAL'], exceptKeys: DIVIDEND_KEYS_193 },
    ],
    personList: { list: 'capitalIncomeOperations', block: 1, rateKind: 'CAPITAL' },
    totals: [
      { box: '03', plus: ['01', '02'] },
      { box: '06', plus: ['04', '05'] },
      { box: '09', plus: ['07', '08'] },
      { box: '12', plus: ['09', '11'] },
      { box: '14', plus: ['12'], minus: ['13'] },
    ],
    previousResultBox: '13',
    resultBox: '14',
  },
};
