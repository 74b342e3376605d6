/**
 * Modelo 115 record design (retenciones e ingresos a cuenta sobre rendimientos procedentes del
 * arrendamiento de inmuebles urbanos), page 01 inside the "<T" envelope written by ../aeat-file.ts. Data.
 *
 * SOURCES:
 * - positions, lengths, types and descriptions: AEAT "Diseño de registro" DR115e15v11 (modelo 115 versión
 *   1.1; sheets "DR 11500" and "DR 11501"), as mirrored by OCA/l10n-spain l10n_es_aeat_mod115/docs/
 *   DR115e15v11.xls (branch 16.0, commit 5fadee3fa8d7181adbd0e5df49e6f07d03b87411; copy
 *   ../shared/data/aeat/models/115/AEAT_DR115e15v11.xls), flattened here in
 *   ./sources/115/layout_115_from_AEAT_DR115e15v11.csv;
 * - which box each field holds: OCA/l10n-spain l10n_es_aeat_mod115/data/aeat_export_mod115_data.xml (branch
 *   17.0, commit 2ffc60e53c05330b3fada7c4f927b37abe3eab42), flattened in layout_115_derived_from_oca.csv
 *   (copied to ./sources/115/). The AEAT names the result field "[03] - [04]"; OCA calls it [05], as the form.
 * Every amount is Num (unsigned); the page identifier is "01" + "000>" (positions 6 and 8). Derived by us: the
 * value names.
 */

import type { PageLayout } from '../types';
import { layoutPage } from './layout-page';

/** DR115e15v11 page 01: identification and liquidation, 500 positions. */
// biome-ignore format: one row per field, as in the AEAT design
export const page115_01: PageLayout = layoutPage('01000', 500, [
  [1, 2, 'An', 'const:<T', 'Inicio del identificador de modelo y página'],
  [3, 3, 'Num', 'const:115', 'Modelo'],
  [6, 2, 'Num', 'const:01', 'Página'],
  [8, 4, 'An', 'const:000>', 'Fin de identificador de modelo'],
  [12, 1, 'An', 'blank', 'Reservado página complementaria'],
  [13, 1, 'An', 'value:resultType', 'Tipo de declaración'],
  [14, 9, 'An', 'value:nif', 'Identificación. Sujeto pasivo. NIF'],
  [23, 60, 'An', 'value:name', 'Identificación. Sujeto pasivo. Razón o denominación social'],
  [83, 20, 'An', 'blank', 'Reservado para la Administración.'],
  [103, 4, 'Num', 'value:year', 'Identificación. Ejercicio'],
  [107, 2, 'An', 'value:period', 'Identificación. Periodo'],
  [109, 15, 'Num', 'box:01', 'Retenciones e ingresos a cuenta. Número perceptores [01]'],
  [124, 17, 'Num', 'box:02', 'Retenciones e ingresos a cuenta. Base retenciones e ingresos a cuenta [02]', 2],
  [141, 17, 'Num', 'box:03', 'Retenciones e ingresos a cuenta. Retenciones e ingresos a cuenta [03]', 2],
  [158, 17, 'Num', 'box:04', 'Retenciones e ingresos a cuenta. Resultado anteriores declaraciones [04]', 2],
  [175, 17, 'Num', 'box:05', 'Retenciones e ingresos a cuenta. Resultado a ingresar [03] - [04] [05]', 2],
  [192, 1, 'An', 'value:complementary', 'Declaración complementaria (blanco o "X")'],
  [193, 13, 'An', 'value:previousReceipt', 'Número de justificante de la declaración anterior'],
  [206, 34, 'An', 'value:iban', 'Domiciliación IBAN'],
  [240, 236, 'An', 'blank', 'Reservado AEAT'],
  [476, 13, 'An', 'blank', 'Reservado para la Administración. Sello electronico'],
  [489, 12, 'An', 'const:</T11501000>', 'Identificador de fin de registro.'],
]);

/** The pages of DR115e15v11 (one). */
export const layout115: PageLayout[] = [page115_01];
