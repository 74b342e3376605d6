/**
 * Modelo 111 record design (retenciones e ingresos a cuenta del IRPF: trabajo, actividades económicas,
 * premios, aprovechamientos forestales, derechos de imagen), page 01 inside the "<T" envelope written by
 * ../aeat-file.ts. Data; a new AEAT design is a new constant here.
 *
 * SOURCES:
 * - positions, lengths, types and descriptions: AEAT "Diseño de registro" dr111e16v17 (modelo 111 vers. 1.7,
 *   ejercicio 2016 onward; sheets M11100 and M11101), as mirrored by OCA/l10n-spain
 *   l10n_es_aeat_mod111/docs/dr111e16v17.xls (branch 16.0, commit 5fadee3fa8d7181adbd0e5df49e6f07d03b87411;
 *   copy ../shared/data/aeat/models/111/AEAT_dr111e16v17.xls), flattened here in
 *   ./sources/111/layout_111_from_AEAT_dr111e16v17.csv;
 * - which box each field holds: OCA/l10n-spain l10n_es_aeat_mod111/data/aeat_export_mod111_data.xml (branch
 *   17.0, commit 2ffc60e53c05330b3fada7c4f927b37abe3eab42), flattened in layout_111_derived_from_oca.csv
 *   (copied to ./sources/111/). The AEAT sheet names no box numbers; OCA's names carry them ([01]…[30]).
 * The AEAT types every count and amount N (signed); the page identifier is "01" + "000>" (positions 6 and 8).
 * Derived by us: the value names; position 552 (reserved for public administrations presenting a concerted
 * school's return) is always blank.
 */

import type { PageLayout } from '../types';
import { layoutPage } from './layout-page';

/** dr111e16v17 page 01: identification and liquidation, 1,000 positions. */
// biome-ignore format: one row per field, as in the AEAT design
export const page111_01: PageLayout = layoutPage('01000', 1000, [
  [1, 2, 'An', 'const:<T', 'Inicio del identificador de modelo y página'],
  [3, 3, 'Num', 'const:111', 'Modelo'],
  [6, 2, 'Num', 'const:01', 'Página'],
  [8, 4, 'An', 'const:000>', 'Fin de identificador de modelo'],
  [12, 1, 'An', 'blank', 'Indicador de página complementaria'],
  [13, 1, 'An', 'value:resultType', 'Tipo de declaración'],
  [14, 9, 'An', 'value:nif', 'Identificación. Sujeto pasivo. NIF'],
  [23, 60, 'An', 'value:name', 'Identificación. Sujeto pasivo. Denominación o Apellidos'],
  [83, 20, 'An', 'value:firstName', 'Identificación. Sujeto pasivo. Nombre'],
  [103, 4, 'Num', 'value:year', 'Identificación. Ejercicio'],
  [107, 2, 'An', 'value:period', 'Identificación. Periodo'],
  [109, 8, 'N', 'box:01', 'Rendim. del trabajo - Rendimientos dinerarios - Nº de perceptores [01]'],
  [117, 17, 'N', 'box:02', 'Rendim. del trabajo - Rendimientos dinerarios - Importe percepciones [02]', 2],
  [134, 17, 'N', 'box:03', 'Rendim. del trabajo - Rendimientos dinerarios - Importe retenciones [03]', 2],
  [151, 8, 'N', 'box:04', 'Rendim. del trabajo - Rendimientos en especie- Nº de perceptores [04]'],
  [159, 17, 'N', 'box:05', 'Rendim. del trabajo - Rendimientos en especie- Valor percepciones en especie [05]', 2],
  [176, 17, 'N', 'box:06', 'Rendim. del trabajo - Rendimientos en especie- Importe ingresos a cuenta [06]', 2],
  [193, 8, 'N', 'box:07', 'Rendim. actividades económicas - Rendimientos dinerarios -Nº de perceptores [07]'],
  [201, 17, 'N', 'box:08', 'Rendim. actividades económicas - Rendimientos dinerarios -Importe percepciones [08]', 2],
  [218, 17, 'N', 'box:09', 'Rendim. actividades económicas - Rendimientos dinerarios -Importe retenciones [09]', 2],
  [235, 8, 'N', 'box:10', 'Rendim. actividades económicas - Rendimientos en especie -Nº de perceptores [10]'],
  [243, 17, 'N', 'box:11', 'Rendim. actividades económicas - Rendimientos en especie-Valor percepciones en especie [11]', 2],
  [260, 17, 'N', 'box:12', 'Rendim. actividades económicas - Rendimientos en especie- Importe de los ingresos a cuenta [12]', 2],
  [277, 8, 'N', 'box:13', 'Premios- Premios dinerarios - Nº de perceptores [13]'],
  [285, 17, 'N', 'box:14', 'Premios - Premios dinerarios - Importe de las percepciones [14]', 2],
  [302, 17, 'N', 'box:15', 'Premios - Premios dinerarios - Importe de las retenciones [15]', 2],
  [319, 8, 'N', 'box:16', 'Premios - Premios en especie - Nº de perceptores [16]'],
  [327, 17, 'N', 'box:17', 'Premios - Premios en especie - Valor percepciones en especie [17]', 2],
  [344, 17, 'N', 'box:18', 'Premios - Premios en especie - Importe de los ingresos a cuenta [18]', 2],
  [361, 8, 'N', 'box:19', 'Ganancias patrim. Aprovecham. Forestales - Percep. dinerarias - Nº perceptores [19]'],
  [369, 17, 'N', 'box:20', 'Ganancias patrim. Aprovecham. Forestales - Percep. dinerarias - Importe percepciones [20]', 2],
  [386, 17, 'N', 'box:21', 'Ganancias patrim. Aprovecham. Forestales - Percep. dinerarias - Importe retenciones [21]', 2],
  [403, 8, 'N', 'box:22', 'Ganancias patrim. Aprovecham. Forestales - Percep. en especie - Nº perceptores [22]'],
  [411, 17, 'N', 'box:23', 'Ganancias patrim. Aprovecham. Forestales - Percep. en especie - Importe percepciones [23]', 2],
  [428, 17, 'N', 'box:24', 'Ganancias patrim. Aprovecham. Forestales - Percep. en especie - Importe ingresos a cuenta [24]', 2],
  [445, 8, 'N', 'box:25', 'Contraprest. cesión dchos. imagen - Nº de perceptores [25]'],
  [453, 17, 'N', 'box:26', 'Contraprest. cesión dchos. imagen - Contraprestaciones satisfechas [26]', 2],
  [470, 17, 'N', 'box:27', 'Contraprest. cesión dchos. imagen - Importe de los ingresos a cuenta [27]', 2],
  [487, 17, 'N', 'box:28', 'Total liquidación - Suma retenciones e ingresos a cuenta [28]', 2],
  [504, 17, 'N', 'box:29', 'Total liquidación - Resultado de anteriores declaraciones [29]', 2],
  [521, 17, 'N', 'box:30', 'Total liquidación - Resultado a ingresar [30]', 2],
  [538, 1, 'An', 'value:complementary', 'Declaración complementaria ("X" o blanco)'],
  [539, 13, 'An', 'value:previousReceipt', 'Número de justificante de la declaración anterior'],
  [552, 1, 'An', 'blank', 'Reservado. Administración presentando declaración de Colegio Concertado (CC)'],
  [553, 34, 'An', 'value:iban', 'Domiciliación - IBAN'],
  [587, 389, 'An', 'blank', 'Reservado para la Administración'],
  [976, 13, 'An', 'blank', 'Reservado para el sello electrónico de la AEAT'],
  [989, 12, 'An', 'const:</T11101000>', 'Indicador de fin de registro'],
]);

/** The pages of dr111e16v17 (one). */
export const layout111: PageLayout[] = [page111_01];
