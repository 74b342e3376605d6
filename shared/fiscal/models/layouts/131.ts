/**
 * Modelo 131 record design (IRPF, pago fraccionado, actividades económicas en estimación objetiva), page 01
 * inside the "<T" envelope written by ../aeat-file.ts. Data; a new AEAT design is a new constant here.
 *
 * SOURCES (positions, lengths, types and descriptions): AEAT "Diseño de registro" DR131e2019 v1.00 (modelo
 * 131, ejercicio 2019 y siguientes), as transcribed by pbarcelog/AeatModelos (AGPL; only the facts of the
 * AEAT design are taken, none of its code): Src/Mod131e2019v1_00/Mod131e2019v1_00p01.cs (position, length,
 * type and decimals of every field), Src/Mod131e2019v1_00/Txt.cs (the AEAT descriptions) and
 * Src/Mod131e2019v1_00/Mod131e2019v1_00.cs (the envelope), commit 3d696d9635a693aa91b251d87fc6307cf95ea8f8;
 * flattened by us in ./sources/131/layout_131_e2019_derived_from_aeatmodelos.csv.
 *
 * The page has five occurrences of an activity (IAE epigraph, its net income, the percentage applied and the
 * result) and then boxes [01] to [15]; the design types every amount as signed (N). The activity fields have
 * no box number in the form: here they are the boxes RN<n> (rendimiento neto), PA<n> (porcentaje aplicable,
 * basis points = the design's 3 + 2 digits) and RP<n> (resultado), and the epigraph the file value
 * `iaeEpigraph<n>` (../model-131.ts `fileValues131`). Derived by us: the value and box names; the source's
 * 'A' type (positions 12 and 13) is written 'An'. Position 613 (declaración complementaria) is an
 * 'X'-or-blank mark filled by the file's `rectifying` value.
 */

import type { PageLayout } from '../types';
import { layoutPage } from './layout-page';

/** DR131e2019 page 01: identification, five activities, liquidation ([01]–[15]) and payment, 751 positions. */
// biome-ignore format: one row per field, as in the AEAT design
export const page131_01_v2019: PageLayout = layoutPage('01000', 751, [
  [1, 2, 'An', 'const:<T', 'Inicio del identificador de modelo y página'],
  [3, 3, 'An', 'const:131', 'Modelo'],
  [6, 5, 'An', 'const:01000', 'Página'],
  [11, 1, 'An', 'const:>', 'Fin de identificador de modelo'],
  [12, 1, 'An', 'blank', 'Indicador de página complementaria'],
  [13, 1, 'An', 'value:resultType', 'Tipo de declaración'],
  [14, 9, 'An', 'value:nif', 'Declarante (1). Sujeto pasivo. NIF'],
  [23, 60, 'An', 'value:name', 'Declarante (1). Sujeto pasivo. Apellidos'],
  [83, 20, 'An', 'value:firstName', 'Declarante (1). Sujeto pasivo. Nombre'],
  [103, 4, 'Num', 'value:year', 'Devengo (2). Ejercicio'],
  [107, 2, 'An', 'value:period', 'Devengo (2). Periodo'],
  [109, 4, 'An', 'value:iaeEpigraph1', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Actividad (epígrafe I.A.E.) - 1'],
  [113, 17, 'N', 'box:RN1', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Rdto. neto actividad - 1', 2],
  [130, 5, 'Num', 'box:PA1', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Porcentaje aplicable 1', 2],
  [135, 17, 'N', 'box:RP1', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Resultado aplicación porcentaje a cada actividad - 1', 2],
  [152, 4, 'An', 'value:iaeEpigraph2', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Actividad (epígrafe I.A.E.) - 2'],
  [156, 17, 'N', 'box:RN2', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Rdto. neto actividad - 2', 2],
  [173, 5, 'Num', 'box:PA2', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Porcentaje aplicable 2', 2],
  [178, 17, 'N', 'box:RP2', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Resultado aplicación porcentaje a cada actividad - 2', 2],
  [195, 4, 'An', 'value:iaeEpigraph3', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Actividad (epígrafe I.A.E.) - 3'],
  [199, 17, 'N', 'box:RN3', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Rdto. neto actividad - 3', 2],
  [216, 5, 'Num', 'box:PA3', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Porcentaje aplicable 3', 2],
  [221, 17, 'N', 'box:RP3', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Resultado aplicación porcentaje a cada actividad - 3', 2],
  [238, 4, 'An', 'value:iaeEpigraph4', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Actividad (epígrafe I.A.E.) - 4'],
  [242, 17, 'N', 'box:RN4', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Rdto. neto actividad - 4', 2],
  [259, 5, 'Num', 'box:PA4', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Porcentaje aplicable 4', 2],
  [264, 17, 'N', 'box:RP4', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Resultado aplicación porcentaje a cada actividad - 4', 2],
  [281, 4, 'An', 'value:iaeEpigraph5', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Actividad (epígrafe I.A.E.) - 5'],
  [285, 17, 'N', 'box:RN5', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Rdto. neto actividad - 5', 2],
  [302, 5, 'Num', 'box:PA5', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Porcentaje aplicable 5', 2],
  [307, 17, 'N', 'box:RP5', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Resultado aplicación porcentaje a cada actividad - 5', 2],
  [324, 17, 'N', 'box:01', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Suma de rendimientos netos [01]', 2],
  [341, 17, 'N', 'box:02', 'Liquidación (3) - I. Activ. económicas estimac. objetiva - Pago fraccionado previo: suma de resultados [02]', 2],
  [358, 17, 'N', 'box:03', 'Liquidación (3) - II. Activ. económicas estimac. objetiva distintas - Volumen de ventas o ingresos [03]', 2],
  [375, 17, 'N', 'box:04', 'Liquidación (3) - II. Activ. económicas estimac. objetiva distintas - Pago fraccionado previo [04]', 2],
  [392, 17, 'N', 'box:05', 'Liquidación (3) - III. Activ. agrícolas, ganaderas estimac. objet. - Volumen ingresos trimestre [05]', 2],
  [409, 17, 'N', 'box:06', 'Liquidación (3) - III. Activ. agrícolas, ganaderas estimac. objet. - Pago fraccionado previo del trimestre [06]', 2],
  [426, 17, 'N', 'box:07', 'Liquidación (3) - IV. Total liquidación - Suma de los pagos fraccionados previos del trimestre [07]', 2],
  [443, 17, 'N', 'box:08', 'Liquidación (3) - IV. Total liquidación - A deducir: retenciones e ingresos a cuenta [08]', 2],
  [460, 17, 'N', 'box:09', 'Liquidación (3) - IV. Total liquidación - Minoración por aplicación de la deducción. Artículo 110.3.c de la Ley [09]', 2],
  [477, 17, 'N', 'box:10', 'Liquidación (3) - IV. Total liquidación - Diferencia [10]', 2],
  [494, 17, 'N', 'box:11', 'Liquidación (3) - IV. Total liquidación - A deducir: Resultados negativos de trimestres anteriores [11]', 2],
  [511, 17, 'N', 'box:12', 'Liquidación (3) - IV. Total liquidación - Pago de préstamos para la adquisición de vivienda habitual [12]', 2],
  [528, 17, 'N', 'box:13', 'Liquidación (3) - IV. Total liquidación - Total [13]', 2],
  [545, 17, 'N', 'box:14', 'Liquidación (3) - IV. Total liquidación - A deducir - Resultado a ingresar de las anteriores declaraciones [14]', 2],
  [562, 17, 'N', 'box:15', 'Liquidación (3) - IV. Total liquidación - Resultado de la declaración [15]', 2],
  [579, 34, 'An', 'value:iban', 'Domiciliación IBAN'],
  [613, 1, 'An', 'value:rectifying', 'Declaración complementaria.'],
  [614, 13, 'An', 'value:previousReceipt', 'Número de justificante de la declaración anterior'],
  [627, 100, 'An', 'blank', 'Reservado AEAT'],
  [727, 13, 'An', 'blank', 'Reservado para la Administración. Sello electronico'],
  [740, 12, 'An', 'const:</T13101000>', 'Indicador de fin de registro.'],
]);

/** DR131e2019 (from 2019-01-01): one page. */
export const layout131v2019: PageLayout[] = [page131_01_v2019];
