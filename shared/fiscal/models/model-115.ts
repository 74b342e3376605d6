/**
 * Modelo 115 (retenciones e ingresos a cuenta sobre rendimientos procedentes del arrendamiento o
 * subarrendamiento de inmuebles urbanos) as versioned data; the computation is ./model-withholdings.ts.
 *
 * Box by box (reference notes ../shared/reference/tax-models.md §2.5; AEAT DR115e15v11):
 *  - [01] landlords: the distinct counterparties of the period's `W|RENT|…` lines, plus the NIFs of the
 *    rents the person enters without an invoice in the books (adjustments.rentalProperties);
 *  - [02] base (the rent excluding VAT) and [03] withheld: the RENT withholdings of the received book
 *    plus those rents, each withheld at the amount the person gives or else at the RENT rate in force on
 *    the period's first day (19 %, art. 101.8 LIRPF), rounded half up to the céntimo;
 *  - [04] results of earlier returns for the same period (complementary only), the person's;
 *  - [05] = [03] − [04].
 */

import { layout115 } from './layouts/115';
import type { DesignWithholdings } from './model-withholdings';
import type { BoxDef } from './types';

const SECTION = 'Retenciones e ingresos a cuenta';

/** Every field of DR115e15v11 is Num (unsigned). */
const box = (b: string, label: string, o: { unit?: BoxDef['unit']; manual?: boolean } = {}): BoxDef => ({
  box: b,
  label,
  unit: o.unit ?? 'CENTS',
  signed: false,
  ...(o.manual ? { manual: true } : {}),
  section: SECTION,
});

const BOXES_115: BoxDef[] = [
  box('01', 'Número de perceptores (arrendadores)', { unit: 'COUNT' }),
  box('02', 'Base de las retenciones e ingresos a cuenta'),
  box('03', 'Retenciones e ingresos a cuenta'),
  box(
    '04',
    'Resultados a ingresar de anteriores autoliquidaciones por el mismo concepto, ejercicio y período (solo complementarias)',
    { manual: true },
  ),
  box('05', 'Resultado a ingresar ([03] - [04])'),
];

/**
 * AEAT DR115e15v11 (modelo 115 versión 1.1), which OCA/l10n-spain applies from 1 January 2016 ("Mod.115
 * 2016-actualidad", date_start 2016-01-01 in l10n_es_aeat_mod115/data/aeat.model.export.config.csv).
 * Reference notes §3.2 ask to check AEAT's current design before go-live [verify].
 */
export const design115v2016: DesignWithholdings = {
  id: '115-2016',
  modelType: '115',
  validFrom: '2016-01-01',
  validTo: null,
  source:
    'AEAT, diseño de registro DR115e15v11 (modelo 115 versión 1.1; OCA/l10n-spain "Mod.115 2016-actualidad", ' +
    'date_start 2016-01-01). Copia en ../shared/data/aeat/models/115/AEAT_DR115e15v11.xls.',
  boxes: BOXES_115,
  pages: layout115,
  fileFormat: 'T',
  rules: {
    blocks: [{ boxes: ['01', '02', '03'], kinds: ['RENT'] }],
    personList: { list: 'rentalProperties', block: 0, rateKind: 'RENT' },
    totals: [{ box: '05', plus: ['03'], minus: ['04'] }],
    previousResultBox: '04',
    resultBox: '05',
  },
};
