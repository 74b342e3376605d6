/**
 * Modelo 123 record design (retenciones e ingresos a cuenta sobre rendimientos del capital mobiliario),
 * page 01 inside the "<T" envelope written by ../aeat-file.ts. Data.
 *
 * SOURCE: OCA/l10n-spain l10n_es_aeat_mod123/data/2024/aeat.model.export.config.line.csv and
 * aeat.model.export.config.csv ("Mod. 123 2024-actualidad", date_start 2024-01-01; branch 17.0, commit
 * 2ffc60e53c05330b3fada7c4f927b37abe3eab42), copied to ./sources/123/ from ../shared/data/aeat/models/123/.
 * Positions are OCA's sizes summed in sequence order; descriptions are OCA's names. The AEAT's own 2024 design
 * was not available here: field types follow OCA (an amount OCA writes with a sign is N, its counts Num).
 * Derived by us: the value names; the page identifier is "01" + "000>" as OCA writes it (positions 6 and 8).
 */

import type { PageLayout } from '../types';
import { layoutPage } from './layout-page';

/** OCA 2024 page: identification and liquidation ([01]-[14]), 600 positions. */
// biome-ignore format: one row per field, as in the source
export const page123_01_v2024: PageLayout = layoutPage('01000', 600, [
  [1, 2, 'An', 'const:<T', 'Constante: <T'],
  [3, 3, 'Num', 'const:123', 'Constante: 123'],
  [6, 2, 'Num', 'const:01', 'Constante: 01'],
  [8, 4, 'An', 'const:000>', 'Constante: 000>'],
  [12, 1, 'An', 'blank', 'Indicador de página complementaria: En blanco'],
  [13, 1, 'An', 'value:resultType', 'Tipo de declaración'],
  [14, 9, 'An', 'value:nif', 'Identificación: NIF'],
  [23, 80, 'An', 'value:name', 'Identificación: Denominación o Apellidos y Nombre'],
  [103, 4, 'Num', 'value:year', 'Identificación: Ejercicio'],
  [107, 2, 'An', 'value:period', 'Identificación: Periodo'],
  [109, 15, 'Num', 'box:01', 'Liquidación. Número de rentas. Dividendos y otras rentas de participación en fondos propios de entidades [01]'],
  [124, 15, 'Num', 'box:02', 'Liquidación. Número de rentas. Resto de rentas [02]'],
  [139, 15, 'Num', 'box:03', 'Liquidación. Número de rentas. Totales [03]'],
  [154, 17, 'N', 'box:04', 'Liquidación. Base de retenciones e ingresos a cuenta. Dividendos y otras rentas de participación en fondos propios de entidades [04]', 2],
  [171, 17, 'N', 'box:05', 'Liquidación. Base de retenciones e ingresos a cuenta. Resto de rentas [05]', 2],
  [188, 17, 'N', 'box:06', 'Liquidación. Base de retenciones e ingresos a cuenta. Totales [06]', 2],
  [205, 17, 'N', 'box:07', 'Liquidación. Retenciones e ingresos a cuenta. Dividendos y otras rentas de participación en fondos propios de entidades [07]', 2],
  [222, 17, 'N', 'box:08', 'Liquidación. Retenciones e ingresos a cuenta. Resto de rentas [08]', 2],
  [239, 17, 'N', 'box:09', 'Liquidación. Retenciones e ingresos a cuenta. Totales [09]', 2],
  [256, 17, 'N', 'box:10', 'Liquidación. Periodificación. Ingresos ejercicios anteriores [10]', 2],
  [273, 17, 'N', 'box:11', 'Liquidación. Periodificación. Regularización [11]', 2],
  [290, 17, 'N', 'box:12', 'Liquidación. Suma de retenciones e ingresos a cuenta y regularización, en su caso ([09] + [11]) [12]', 2],
  [307, 17, 'N', 'box:13', 'Liquidación. Resultados a ingresar de anteriores autoliquidaciones por el mismo concepto, ejercicio y periodo [13]', 2],
  [324, 17, 'N', 'box:14', 'Liquidación. Resultado a ingresar ([12] - [13]) [14]', 2],
  [341, 1, 'An', 'value:complementary', 'Declaración complementaria (blanco o "X")'],
  [342, 13, 'An', 'value:previousReceipt', 'Número de justificante de la declaración anterior'],
  [355, 34, 'An', 'value:iban', 'Domiciliación IBAN'],
  [389, 200, 'An', 'blank', 'Reservado AEAT'],
  [589, 12, 'An', 'const:</T12301000>', 'Indicador de fin de registro'],
]);

/** The pages of the 2024 design (one). */
export const layout123v2024: PageLayout[] = [page123_01_v2024];
