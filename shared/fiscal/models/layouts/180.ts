/**
 * Modelo 180 (resumen anual de retenciones sobre rendimientos procedentes del arrendamiento de inmuebles
 * urbanos) record design: 500-position records, type 1 (declarant, page '1') and type 2 (one per landlord
 * and property, page '2'). Written by ../aeat-file.ts writeInformativeReturn.
 *
 * SOURCES: OCA/l10n-spain l10n_es_aeat_mod180/data/aeat_export_mod180_data.xml and
 * aeat_export_mod180_line_data.xml ("Modelo 180", date_start 2016-01-01; PR #3617 "[16.0][ADD]
 * l10n_es_aeat_mod180", commit b103d8335a2696261341b926d07286e9e3cb647f, merge
 * 115659e94ce680ac9a14ab16212376e42e74fd5d, read from the public repository; copies in ./sources/180/),
 * flattened in ./sources/180/layout_mod180_derived_from_oca.csv. The AEAT's own 180 design was not
 * available here: types follow OCA's (numbers for amounts, the rate and the house number).
 * Derived by us: OCA writes the base as a sign field (type 1: 145; type 2: 79) and the digits after it;
 * here each is one signed field ('N' or blank, then the digits). The value/record names (see ../aeat-file.ts).
 */

import type { PageLayout } from '../types';
import { layoutPage } from './layout-page';

/** Type 1, declarant; type 2, landlord and property. */
export const layout180: PageLayout[] = [
  // biome-ignore format: one row per field, as in the design
  layoutPage('1', 500, [
    [1, 1, 'Num', 'const:1', 'Constante: tipo de registro'],
    [2, 3, 'Num', 'const:180', 'Identificación: modelo'],
    [5, 4, 'Num', 'value:year', 'Identificación: ejercicio'],
    [9, 9, 'An', 'value:nif', 'Identificación: NIF declarante'],
    [18, 40, 'An', 'value:name', 'Identificación: apellidos y nombre o razón social'],
    [58, 1, 'An', 'const:T', 'Identificación: tipo de soporte ("T": transmisión telemática)'],
    [59, 9, 'Num', 'value:phone', 'Persona con quien relacionarse: teléfono'],
    [68, 40, 'An', 'value:contactName', 'Persona con quien relacionarse: apellidos y nombre'],
    [108, 13, 'Num', 'value:declarationId', 'Número identificativo de la declaración'],
    [121, 1, 'An', 'value:complementary', 'Declaración complementaria ("C")'],
    [122, 1, 'An', 'value:substitutive', 'Declaración sustitutiva ("S")'],
    [123, 13, 'Num', 'value:previousDeclarationId', 'Número justificante de la declaración anterior'],
    [136, 9, 'Num', 'box:01', 'Número total de perceptores [01]'],
    [145, 16, 'N', 'box:02', 'Base retenciones e ingresos a cuenta [02] (145 signo, 146-160 importe)', 2],
    [161, 15, 'Num', 'box:03', 'Retenciones e ingresos a cuenta [03]', 2],
    [176, 62, 'An', 'blank', 'Espacios en blanco'],
    [238, 263, 'An', 'blank', 'Reservado para la Administración: sello electrónico'],
  ]),
  // biome-ignore format: one row per field, as in the design
  layoutPage('2', 500, [
    [1, 1, 'Num', 'const:2', 'Constante: tipo de registro'],
    [2, 3, 'Num', 'const:180', 'Identificación: modelo'],
    [5, 4, 'Num', 'value:year', 'Identificación: ejercicio'],
    [9, 9, 'An', 'value:nif', 'Identificación: NIF declarante'],
    [18, 9, 'An', 'record:taxId', 'Identificación: NIF perceptor'],
    [27, 9, 'An', 'record:representativeTaxId', 'Identificación: NIF representante legal'],
    [36, 40, 'An', 'record:name', 'Apellidos y nombre, razón social o denominación del perceptor'],
    [76, 2, 'An', 'record:province', 'Código provincia'],
    [78, 1, 'Num', 'const:1', 'Modalidad ("1": percepción dineraria)'],
    [79, 14, 'N', 'record:amountCents', 'Base retenciones e ingresos a cuenta (79 signo, 80-92 importe)', 2],
    [93, 4, 'Num', 'record:withholdingRateBp', '% retención', 2],
    [97, 13, 'Num', 'record:withholdingCents', 'Retenciones e ingresos a cuenta', 2],
    [110, 4, 'Num', 'const:0', 'Ejercicio devengo'],
    [114, 1, 'An', 'record:propertySituation', 'Situación del inmueble'],
    [115, 20, 'An', 'record:cadastralReference', 'Referencia catastral'],
    [135, 5, 'An', 'record:streetType', 'Dirección del inmueble: tipo de vía'],
    [140, 50, 'An', 'record:streetName', 'Dirección del inmueble: nombre de la vía pública'],
    [190, 3, 'An', 'record:numberType', 'Dirección del inmueble: tipo de numeración'],
    [193, 5, 'Num', 'record:streetNumber', 'Dirección del inmueble: número de casa'],
    [198, 3, 'An', 'record:numberQualifier', 'Dirección del inmueble: calificador del número'],
    [201, 3, 'An', 'record:block', 'Dirección del inmueble: bloque'],
    [204, 3, 'An', 'record:portal', 'Dirección del inmueble: portal'],
    [207, 3, 'An', 'record:stairs', 'Dirección del inmueble: escalera'],
    [210, 3, 'An', 'record:floor', 'Dirección del inmueble: planta o piso'],
    [213, 3, 'An', 'record:door', 'Dirección del inmueble: puerta'],
    [216, 40, 'An', 'record:addressComplement', 'Dirección del inmueble: complemento'],
    [256, 30, 'An', 'record:locality', 'Dirección del inmueble: localidad o población'],
    [286, 30, 'An', 'record:municipality', 'Dirección del inmueble: municipio'],
    [316, 5, 'An', 'record:municipalityCode', 'Dirección del inmueble: código de municipio'],
    [321, 2, 'An', 'record:provinceCode', 'Dirección del inmueble: código de provincia'],
    [323, 5, 'An', 'record:postalCode', 'Dirección del inmueble: código postal'],
    [328, 173, 'An', 'blank', 'Espacios en blanco'],
  ]),
];
