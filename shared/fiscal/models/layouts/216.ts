/**
 * Modelo 216 record designs (IRNR, retenciones e ingresos a cuenta sobre rentas obtenidas sin mediación de
 * establecimiento permanente), page 01 inside the "<T" envelope written by ../aeat-file.ts. Data, one
 * constant per design.
 *
 * SOURCES:
 * - layout216v2016: AEAT "Modelo 216 Diseño de registro" vers. 1.06 (27/01/2016), as mirrored by
 *   OCA/l10n-spain l10n_es_aeat_mod216/docs/DR-216e16_v1.06.pdf (branch 16.0, commit
 *   5fadee3fa8d7181adbd0e5df49e6f07d03b87411), flattened in ./sources/216/layout_216_2016_from_AEAT_DR216e16v106.csv
 *   (positions, lengths, types); boxes [01]-[07] from OCA's l10n_es_aeat_mod216/data/aeat_export_mod216_data.xml
 *   ("Mod.216 2016-actualidad", branch 16.0; copy ../shared/data/aeat/models/216/), flattened in
 *   ./sources/216/layout_216_derived_from_oca.csv. OCA names [06] "No sometidas a retención - Retenciones" but
 *   computes it as the result of earlier returns ([07] = [03] − [06]), which is what the AEAT design says
 *   ("Partida 6 - Resultado ing. anteriores declaraciones"); the AEAT wording is used here.
 * - layout216v2024: OCA/l10n-spain l10n_es_aeat_mod216/data/2024/aeat.model.export.config.line.csv ("Mod.216
 *   2024-actualidad", date_start 2024-01-01; commit 0046e865db782dae81eea4b42e5a669d1a97dd0e, read from the
 *   public repository: not in ../shared/data), flattened in ./sources/216/layout_216_2024_derived_from_oca.csv.
 *   Dividends and the other income are declared apart ([05]-[13] subject to withholding, [14]-[19] not
 *   subject), [20] earlier returns, [21] = [13] − [20]. Types follow OCA (no sign on any field); the AEAT's
 *   own 2024 design was not available here.
 * Derived by us: the value names.
 */

import type { PageLayout } from '../types';
import { layoutPage } from './layout-page';

/** AEAT 216 vers. 1.06 page 01, 400 positions. */
// biome-ignore format: one row per field, as in the AEAT design
export const page216_01_v2016: PageLayout = layoutPage('01000', 400, [
  [1, 2, 'An', 'const:<T', 'Inicio del identificador de modelo y página.'],
  [3, 3, 'An', 'const:216', 'Modelo.'],
  [6, 5, 'An', 'const:01000', 'Página.'],
  [11, 1, 'An', 'const:>', 'Fin de identificador de modelo.'],
  [12, 1, 'An', 'blank', 'Indicador de página complementaria.'],
  [13, 1, 'An', 'value:resultType', 'Tipo de autoliquidación'],
  [14, 9, 'An', 'value:nif', 'Identificación - Nif'],
  [23, 60, 'An', 'value:name', 'Identificación - Apellidos o razón social'],
  [83, 20, 'An', 'value:firstName', 'Identificación - Nombre (solo personas físicas)'],
  [103, 4, 'Num', 'value:year', 'Devengo - Ejercicio'],
  [107, 2, 'An', 'value:period', 'Devengo - Período'],
  [109, 17, 'Num', 'box:01', 'Liquidación - Partida 1 - Núm. Rentas [01]'],
  [126, 17, 'Num', 'box:02', 'Liquidación - Partida 2 - Base ret. ing. cuenta. [02]', 2],
  [143, 17, 'Num', 'box:03', 'Liquidación - Partida 3 - Retenciones ingresos a cuenta [03]', 2],
  [160, 17, 'Num', 'box:04', 'Liquidación - Partida 4 - Núm. Rentas [04]'],
  [177, 17, 'Num', 'box:05', 'Liquidación - Partida 5 - Base ret. ing. cuenta. [05]', 2],
  [194, 17, 'Num', 'box:06', 'Liquidación - Partida 6. - Resultado ing. anteriores declaraciones. [06]', 2],
  [211, 17, 'Num', 'box:07', 'Liquidación - Partida 7 - Resultado ingresar [07]', 2],
  [228, 34, 'An', 'value:iban', 'Domiciliación - IBAN'],
  [262, 1, 'An', 'value:complementary', 'Complementaria - Declaración complementaria (blanco o "X")'],
  [263, 13, 'An', 'value:previousReceipt', 'Complementaria - Número justificante declaración anterior'],
  [276, 100, 'An', 'blank', 'RESERVADO PARA LA A.E.A.T. (Dejar en blanco)'],
  [376, 13, 'An', 'blank', 'SELLO ELECTRONICO RESERVADO PARA LA A.E.A.T. (Dejar en blanco)'],
  [389, 12, 'An', 'const:</T21601000>', 'Indicador de fin de registro'],
]);

const SUBJECT = 'Liquidación - I Rentas sometidas a retención o ingreso a cuenta';
const NOT_SUBJECT = 'Liquidación - II Rentas no sometidas a retención o ingreso a cuenta';
const DIVIDENDS = 'Dividendos y otras rentas de participación en fondos propios de entidades';

/** OCA 2024 page 01, 600 positions. */
// biome-ignore format: one row per field, as in the source
export const page216_01_v2024: PageLayout = layoutPage('01000', 600, [
  [1, 2, 'An', 'const:<T', 'Constante: <T'],
  [3, 3, 'An', 'const:216', 'Constante: 216'],
  [6, 5, 'An', 'const:01000', 'Constante: 01000'],
  [11, 1, 'An', 'const:>', 'Constante: >'],
  [12, 1, 'An', 'blank', 'Indicador de página complementaria: En blanco'],
  [13, 1, 'An', 'value:resultType', 'Tipo de declaración'],
  [14, 9, 'An', 'value:nif', 'Identificación - Nif'],
  [23, 80, 'An', 'value:name', 'Identificación - Apellidos y nombre o razón social'],
  [103, 4, 'Num', 'value:year', 'Devengo - Ejercicio'],
  [107, 2, 'An', 'value:period', 'Devengo - Período'],
  [109, 17, 'Num', 'box:05', `${SUBJECT} - ${DIVIDENDS} - Número Rentas [05]`],
  [126, 17, 'Num', 'box:06', `${SUBJECT} - Resto de rentas - Número Rentas [06]`],
  [143, 17, 'Num', 'box:07', `${SUBJECT} - Totales - Número Rentas [07]`],
  [160, 17, 'Num', 'box:08', `${SUBJECT} - ${DIVIDENDS} - Base de retenciones e ingresos a cuenta [08]`, 2],
  [177, 17, 'Num', 'box:09', `${SUBJECT} - Resto de rentas - Base de retenciones e ingresos a cuenta [09]`, 2],
  [194, 17, 'Num', 'box:10', `${SUBJECT} - Totales - Base de retenciones e ingresos a cuenta [10]`, 2],
  [211, 17, 'Num', 'box:11', `${SUBJECT} - ${DIVIDENDS} - Retenciones e ingresos a cuenta [11]`, 2],
  [228, 17, 'Num', 'box:12', `${SUBJECT} - Resto de rentas - Retenciones e ingresos a cuenta [12]`, 2],
  [245, 17, 'Num', 'box:13', `${SUBJECT} - Totales - Retenciones e ingresos a cuenta [13]`, 2],
  [262, 17, 'Num', 'box:14', `${NOT_SUBJECT} - ${DIVIDENDS} - Número Rentas [14]`],
  [279, 17, 'Num', 'box:15', `${NOT_SUBJECT} - Resto de rentas - Número Rentas [15]`],
  [296, 17, 'Num', 'box:16', `${NOT_SUBJECT} - Totales - Número Rentas [16]`],
  [313, 17, 'Num', 'box:17', `${NOT_SUBJECT} - ${DIVIDENDS} - Base de retenciones e ingresos a cuenta [17]`, 2],
  [330, 17, 'Num', 'box:18', `${NOT_SUBJECT} - Resto de rentas - Base de retenciones e ingresos a cuenta [18]`, 2],
  [347, 17, 'Num', 'box:19', `${NOT_SUBJECT} - Totales - Base de retenciones e ingresos a cuenta [19]`, 2],
  [364, 17, 'Num', 'box:20', 'Liquidación - Resultados a ingresar de anteriores autoliquidaciones por el mismo concepto, ejercicio y período [20]', 2],
  [381, 17, 'Num', 'box:21', 'Liquidación - Resultado a ingresar ([13] - [20]) [21]', 2],
  [398, 34, 'An', 'value:iban', 'Domiciliación - IBAN'],
  [432, 1, 'An', 'value:complementary', 'Complementaria - Declaración complementaria (blanco o "X")'],
  [433, 13, 'An', 'value:previousReceipt', 'Complementaria - Número justificante declaración anterior'],
  [446, 143, 'An', 'blank', 'Reservado para la administración: Rellenar con blancos'],
  [589, 12, 'An', 'const:</T21601000>', 'Constante: </T21601000>'],
]);

/** The pages of the 2016 design (one). */
export const layout216v2016: PageLayout[] = [page216_01_v2016];
/** The pages of the 2024 design (one). */
export const layout216v2024: PageLayout[] = [page216_01_v2024];
