/**
 * Modelo 130 record design (the page inside the "<T" envelope; the envelope itself is written by
 * ../aeat-file.ts). Data; a new AEAT design is a new constant here.
 *
 * SOURCES (positions, lengths, signs and descriptions): AEAT "Diseño de registro" DR130e15v12 (modelo 130,
 * ejercicio 2015 y siguientes: Orden HAP/258/2015 adapted the form to the art. 110.3.c RIRPF reduction), as
 * implemented by OCA/l10n-spain l10n_es_aeat_mod130/data/aeat_export_mod130_data.xml ("Mod. 130
 * 2015-actualidad", branch 17.0, commit 2ffc60e53c05330b3fada7c4f927b37abe3eab42; OCA mirrors the AEAT xls as
 * l10n_es_aeat_mod130/doc/DR130e15v12.xls), flattened in
 * ../shared/data/aeat/models/130/layout_130_derived_from_oca.csv (copied to ./sources/130/).
 * Where OCA is wrong and we are not: its field [19] (position 415) writes casilla_13; here it is box 19. The
 * derived table's `box` column is shifted for the signed rows; the boxes here follow each row's description.
 * Derived by us: the value names; the page code written "01" + "000>" as OCA and AEAT's 130 design do (the
 * same ten positions as the 303's "01000" + ">"); the Num/An types of the identification fields (as in the
 * 303 design). Position 432 (declaración complementaria) is an 'X'-or-blank mark (the file's
 * `complementary` value: a previous receipt number given), as in the 111 and 115 designs.
 */

import type { PageLayout } from '../types';
import { layoutPage } from './layout-page';

/** DR130e15v12 page 01: identification, liquidation (boxes [01]–[19]) and payment, 600 positions. */
// biome-ignore format: one row per field, as in the AEAT design
export const page130_01_v2015: PageLayout = layoutPage('01000', 600, [
  [1, 2, 'An', 'const:<T', 'Inicio del identificador de modelo y página'],
  [3, 3, 'Num', 'const:130', 'Modelo'],
  [6, 2, 'Num', 'const:01', 'Página'],
  [8, 4, 'An', 'const:000>', 'Fin de identificador de modelo'],
  [12, 1, 'An', 'blank', 'Indicador de página complementaria: En blanco'],
  [13, 1, 'An', 'value:resultType', 'Tipo de declaración'],
  [14, 9, 'An', 'value:nif', 'Declarante (1). Sujeto pasivo. NIF'],
  [23, 60, 'An', 'value:name', 'Declarante (1). Sujeto pasivo. Apellidos (o razón social)'],
  [83, 20, 'An', 'value:firstName', 'Declarante (1). Sujeto pasivo. Nombre'],
  [103, 4, 'Num', 'value:year', 'Devengo (2). Ejercicio'],
  [107, 2, 'An', 'value:period', 'Devengo (2). Periodo'],
  [109, 17, 'Num', 'box:01', 'Liquidación (3). I. Actividades econ. Estim. Directa - [01] Ingresos computables correspondientes al conjunto de actividades', 2],
  [126, 17, 'Num', 'box:02', 'Liquidación (3). I. Actividades econ. Estim. Directa - [02] Gastos fiscalmente deducibles', 2],
  [143, 17, 'N', 'box:03', 'Liquidación (3). I. Actividades econ. Estim. Directa - [03] Rendimiento neto ([01] - [02])', 2],
  [160, 17, 'Num', 'box:04', 'Liquidación (3). I. Actividades econ. Estim. Directa - [04] 20 por 100 del importe de la casilla [03]', 2],
  [177, 17, 'Num', 'box:05', 'Liquidación (3). I. Actividades econ. Estim. Directa - [05] A deducir: de los trimestres anteriores, suma de los importes de la casilla [07] positivos, minorada en la casilla [16]', 2],
  [194, 17, 'Num', 'box:06', 'Liquidación (3). I. Actividades econ. Estim. Directa - [06] A deducir: retenciones e ingresos a cuenta soportados', 2],
  [211, 17, 'N', 'box:07', 'Liquidación (3). I. Actividades econ. Estim. Directa - [07] Pago fraccionado previo del trimestre ([04] - [05] - [06])', 2],
  [228, 17, 'Num', 'box:08', 'Liquidación (3). II. Actividades agrícolas, ganaderas, etc. - [08] Volumen de ingresos del trimestre', 2],
  [245, 17, 'Num', 'box:09', 'Liquidación (3). II. Actividades agrícolas, ganaderas, etc. - [09] 2 por 100 del importe de la casilla [08]', 2],
  [262, 17, 'Num', 'box:10', 'Liquidación (3). II. Actividades agrícolas, ganaderas, etc. - [10] A deducir: retenciones e ingresos a cuenta soportados', 2],
  [279, 17, 'N', 'box:11', 'Liquidación (3). II. Actividades agrícolas, ganaderas, etc. - [11] Pago fraccionado previo del trimestre ([09] - [10])', 2],
  [296, 17, 'Num', 'box:12', 'Liquidación (3). III. Total Liquidación - [12] Suma de pagos fraccionados del trimestre ([07] + [11])', 2],
  [313, 17, 'N', 'box:13', 'Liquidación (3). III. Total Liquidación - [13] A deducir: minoración por aplicación de la deducción del art. 110.3 c) del Reglamento del Impuesto', 2],
  [330, 17, 'Num', 'box:14', 'Liquidación (3). III. Total Liquidación - [14] Diferencia ([12] - [13])', 2],
  [347, 17, 'Num', 'box:15', 'Liquidación (3). III. Total Liquidación - [15] A deducir: resultados negativos de trimestres anteriores', 2],
  [364, 17, 'Num', 'box:16', 'Liquidación (3). III. Total Liquidación - [16] A deducir: cantidades destinadas al pago de préstamos para la adquisición o rehabilitación de la vivienda habitual', 2],
  [381, 17, 'N', 'box:17', 'Liquidación (3). III. Total Liquidación - [17] Total ([14] - [15] - [16])', 2],
  [398, 17, 'Num', 'box:18', 'Liquidación (3). III. Total Liquidación - [18] A deducir (exclusivamente en caso de autoliquidación complementaria): resultado de las anteriores autoliquidaciones', 2],
  [415, 17, 'N', 'box:19', 'Liquidación (3). III. Total Liquidación - [19] Resultado de la autoliquidación ([17] - [18])', 2],
  [432, 1, 'An', 'value:complementary', 'Declaración complementaria ("X" o blanco)'],
  [433, 13, 'An', 'value:previousReceipt', 'Número de justificante de la declaración anterior'],
  [446, 34, 'An', 'value:iban', 'Domiciliación IBAN'],
  [480, 96, 'An', 'blank', 'Reservado AEAT'],
  [576, 13, 'An', 'blank', 'Reservado para la Administración. Sello electrónico'],
  [589, 12, 'An', 'const:</T13001000>', 'Indicador de fin de registro'],
]);

/** DR130e15v12 (from 2015-01-01): one page. */
export const layout130v2015: PageLayout[] = [page130_01_v2015];
