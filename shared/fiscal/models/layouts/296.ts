/**
 * Modelo 296 (resumen anual de retenciones e ingresos a cuenta del IRNR, rentas obtenidas sin mediación de
 * establecimiento permanente) record design: 500-position records, type 1 (declarant, page '1') and type 2
 * (one per recipient and key, page '2'). Written by ../aeat-file.ts writeInformativeReturn.
 *
 * SOURCES: AEAT "Modelo 296. Diseños de registro", ejercicio 2017, as mirrored by OCA/l10n-spain
 * l10n_es_aeat_mod296/docs/DR296_2017.pdf (branch 16.0, commit 5fadee3fa8d7181adbd0e5df49e6f07d03b87411),
 * tabulated in ./sources/296/layout_mod296_2017_from_AEAT_DR296_2017.csv (positions, lengths, natures).
 * OCA's own export (data/aeat_export_mod296_line_data.xml, same commit, and the newer
 * data/aeat.model.export.config.line.csv) departs from that design (a 14-position type-1 [03], a 22-position
 * securities account, 'Pendiente' at 172): the AEAT design is followed. A 2024 design exists upstream (OCA
 * docs/DR_296_2024.pdf) but could not be read here.
 * Derived by us: the signed bases (type 1: 145-159; type 2: 104-116) are one signed field ('N' or blank,
 * then the digits), as the design describes them; the fields Cuadra does not fill (securities, loans,
 * birth data) are written as zeros or blanks.
 */

import type { PageLayout } from '../types';
import { layoutPage } from './layout-page';

/** Type 1, declarant; type 2, recipient. */
export const layout296: PageLayout[] = [
  // biome-ignore format: one row per field, as in the AEAT design
  layoutPage('1', 500, [
    [1, 1, 'Num', 'const:1', 'Tipo de registro'],
    [2, 3, 'Num', 'const:296', 'Modelo declaración'],
    [5, 4, 'Num', 'value:year', 'Ejercicio'],
    [9, 9, 'An', 'value:nif', 'NIF del declarante'],
    [18, 40, 'An', 'value:name', 'Apellidos y nombre o razón social del declarante'],
    [58, 1, 'An', 'const:T', 'Tipo de soporte ("T": transmisión telemática)'],
    [59, 9, 'Num', 'value:phone', 'Persona con quién relacionarse: teléfono'],
    [68, 40, 'An', 'value:contactName', 'Persona con quién relacionarse: apellidos y nombre'],
    [108, 13, 'Num', 'value:declarationId', 'Número identificativo de la declaración'],
    [121, 1, 'An', 'value:complementary', 'Declaración complementaria ("C")'],
    [122, 1, 'An', 'value:substitutive', 'Declaración sustitutiva ("S")'],
    [123, 13, 'Num', 'value:previousDeclarationId', 'Número identificativo de la declaración anterior'],
    [136, 9, 'Num', 'box:01', 'Número total de perceptores [01]'],
    [145, 15, 'N', 'box:02', 'Base retenciones e ingresos a cuenta [02] (145 signo, 146-159 importe)', 2],
    [160, 15, 'Num', 'box:03', 'Retenciones e ingresos a cuenta [03]', 2],
    [175, 15, 'Num', 'box:04', 'Retenciones e ingresos a cuenta ingresados [04]', 2],
    [190, 201, 'An', 'blank', 'Blancos'],
    [391, 9, 'An', 'value:representativeNif', 'NIF del representante legal'],
    [400, 88, 'An', 'blank', 'Blancos'],
    [488, 13, 'An', 'blank', 'Sello electrónico'],
  ]),
  // biome-ignore format: one row per field, as in the AEAT design
  layoutPage('2', 500, [
    [1, 1, 'Num', 'const:2', 'Tipo de registro'],
    [2, 3, 'Num', 'const:296', 'Modelo declaración'],
    [5, 4, 'Num', 'value:year', 'Ejercicio'],
    [9, 9, 'An', 'value:nif', 'NIF del declarante'],
    [18, 9, 'An', 'record:taxId', 'NIF del perceptor (NIF asignado en España)'],
    [27, 9, 'An', 'record:representativeTaxId', 'NIF del representante legal'],
    [36, 1, 'An', 'record:personType', 'F/J'],
    [37, 40, 'An', 'record:name', 'Apellidos y nombre, razón social o denominación del perceptor'],
    [77, 14, 'An', 'blank', 'Blancos'],
    [91, 8, 'Num', 'record:accrualDate', 'Fecha de devengo (DDMMAAAA)'],
    [99, 1, 'An', 'const:D', 'Naturaleza ("D": renta dineraria)'],
    [100, 2, 'An', 'record:key', 'Clave'],
    [102, 2, 'Num', 'record:subkey', 'Subclave'],
    [104, 13, 'N', 'record:amountCents', 'Base retenciones e ingresos a cuenta (104 signo, 105-116 importe)', 2],
    [117, 4, 'Num', 'record:withholdingRateBp', '% retención', 2],
    [121, 13, 'Num', 'record:withholdingCents', 'Retenciones e ingresos a cuenta', 2],
    [134, 1, 'An', 'blank', 'Mediador'],
    [135, 1, 'Num', 'const:0', 'Código'],
    [136, 12, 'An', 'blank', 'Código emisor'],
    [148, 1, 'Num', 'record:paymentKey', 'Pago'],
    [149, 1, 'An', 'blank', 'Tipo código'],
    [150, 20, 'An', 'blank', 'Código cuenta valores'],
    [170, 1, 'An', 'blank', 'Pendiente'],
    [171, 4, 'Num', 'const:0', 'Ejercicio devengo'],
    [175, 8, 'Num', 'const:0', 'Fecha de inicio del préstamo'],
    [183, 8, 'Num', 'const:0', 'Fecha de vencimiento del préstamo'],
    [191, 12, 'Num', 'const:0', 'Remuneración al prestamista', 2],
    [203, 12, 'Num', 'const:0', 'Compensaciones', 2],
    [215, 12, 'Num', 'const:0', 'Garantías', 2],
    [227, 50, 'An', 'record:streetName', 'Dirección del perceptor: domicilio'],
    [277, 40, 'An', 'record:addressComplement', 'Dirección del perceptor: complemento del domicilio'],
    [317, 30, 'An', 'record:locality', 'Dirección del perceptor: población/ciudad'],
    [347, 30, 'An', 'record:regionName', 'Dirección del perceptor: provincia/región/estado'],
    [377, 10, 'An', 'record:postalCode', 'Dirección del perceptor: código postal (ZIP)'],
    [387, 2, 'An', 'record:addressCountry', 'Dirección del perceptor: código país'],
    [389, 44, 'An', 'blank', 'Blancos'],
    [433, 20, 'An', 'record:foreignTaxId', 'NIF en el país de residencia fiscal'],
    [453, 8, 'Num', 'const:0', 'Fecha de nacimiento (DDMMAAAA)'],
    [461, 35, 'An', 'blank', 'Lugar de nacimiento: ciudad'],
    [496, 2, 'An', 'blank', 'Lugar de nacimiento: código país'],
    [498, 2, 'An', 'record:residenceCountry', 'País o territorio de residencia fiscal'],
    [500, 1, 'An', 'blank', 'Blanco'],
  ]),
];
