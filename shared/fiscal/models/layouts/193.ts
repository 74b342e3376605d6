/**
 * Modelo 193 (resumen anual de retenciones sobre determinados rendimientos del capital mobiliario) record
 * design: 500-position records, type 1 (declarant, page '1') and type 2 (one per recipient and key, page
 * '2'). Written by ../aeat-file.ts writeInformativeReturn.
 *
 * SOURCES: positions, lengths, types and field names (facts only) from pbarcelog/AeatModelos
 * Src/Mod193e2019v00/Mod193e2019v00.cs (type 1), Mod193e2019v00p01.cs (type 2, "Diseño de registro:
 * DR193_2017.pdf") and Txt.cs (field names), commit 41d702d1da5ced1b287c4c406bd3ce4374471bb2 (AGPL; no code
 * taken), tabulated in ./sources/193/layout_mod193_2019_derived_from_aeatmodelos.csv. Value lists from the
 * AEAT design itself ("Modelo 193. Diseños de registro", ejercicio 2019, mirrored as AeatModelos
 * Doc/Specs/DR193_2017.pdf, commit e99d8f737794fbdfed237b335b675ce7a67e8240): the perception key (92, A-D)
 * and naturaleza (93-94) as the record carries them (../../withholdings.ts NATURALEZAS_193); "PAGO" (95,
 * keys A, B and D only) 1 "como emisor", the declarant paying its own dividends and interest, else 0;
 * "TIPO DE PERCEPCIÓN" (122) 1 "dinerarias" (the 193 here declares money only). The fields Cuadra does
 * not fill (clave código and código emisor, securities, loans, naturaleza del declarante…) are written as
 * zeros or blanks. Derived by us: the value/record names (see ../aeat-file.ts).
 */

import type { PageLayout } from '../types';
import { layoutPage } from './layout-page';

/** Type 1, declarant; type 2, recipient. */
export const layout193: PageLayout[] = [
  // biome-ignore format: one row per field, as in the design
  layoutPage('1', 500, [
    [1, 1, 'Num', 'const:1', 'Tipo de registro'],
    [2, 3, 'Num', 'const:193', 'Modelo de la declaración'],
    [5, 4, 'Num', 'value:year', 'Ejercicio'],
    [9, 9, 'An', 'value:nif', 'NIF del declarante'],
    [18, 40, 'An', 'value:name', 'Apellidos y nombre/razón social'],
    [58, 1, 'An', 'const:T', 'Tipo de soporte ("T": transmisión telemática)'],
    [59, 9, 'An', 'value:phone', 'Persona con quien relacionarse - teléfono'],
    [68, 40, 'An', 'value:contactName', 'Persona con quien relacionarse - apellidos y nombre'],
    [108, 13, 'Num', 'value:declarationId', 'Número identificativo de la declaración'],
    [121, 1, 'An', 'value:complementary', 'Declaración complementaria ("C")'],
    [122, 1, 'An', 'value:substitutive', 'Declaración sustitutiva ("S")'],
    [123, 13, 'Num', 'value:previousDeclarationId', 'Número identificativo de la declaración anterior'],
    [136, 9, 'Num', 'box:01', 'Número total de perceptores [01]'],
    [145, 15, 'Num', 'box:02', 'Base retenciones e ingresos a cuenta [02]', 2],
    [160, 15, 'Num', 'box:03', 'Retenciones e ingresos a cuenta [03]', 2],
    [175, 15, 'Num', 'box:04', 'Retenciones e ingresos a cuenta ingresados [04]', 2],
    [190, 30, 'An', 'blank', 'Blancos'],
    [220, 15, 'Num', 'box:05', 'Gastos art. 26.1.a) Ley 35/2006 [05]', 2],
    [235, 1, 'An', 'value:declarantNature', 'Naturaleza del declarante'],
    [236, 252, 'An', 'blank', 'Blancos'],
    [488, 13, 'An', 'blank', 'Sello electrónico'],
  ]),
  // biome-ignore format: one row per field, as in the design
  layoutPage('2', 500, [
    [1, 1, 'Num', 'const:2', 'Tipo de registro'],
    [2, 3, 'Num', 'const:193', 'Modelo de la declaración'],
    [5, 4, 'Num', 'value:year', 'Ejercicio'],
    [9, 9, 'An', 'value:nif', 'NIF del declarante'],
    [18, 9, 'An', 'record:taxId', 'NIF del perceptor'],
    [27, 9, 'An', 'record:representativeTaxId', 'NIF del representante legal'],
    [36, 40, 'An', 'record:name', 'Apellidos y nombre/razón social/denominación del perceptor'],
    [76, 1, 'An', 'blank', 'Pago a un mediador'],
    [77, 2, 'Num', 'record:province', 'Código de provincia'],
    [79, 1, 'Num', 'const:0', 'Clave código'],
    [80, 12, 'An', 'blank', 'Código emisor'],
    [92, 1, 'An', 'record:key', 'Clave de percepción'],
    [93, 2, 'Num', 'record:subkey', 'Naturaleza'],
    [95, 1, 'Num', 'record:paymentKey', 'Pago (1: como emisor; claves A, B y D)'],
    [96, 1, 'An', 'blank', 'Tipo código'],
    [97, 20, 'An', 'blank', 'Código cuenta valores / número operación préstamo'],
    [117, 1, 'An', 'blank', 'Pendiente'],
    [118, 4, 'Num', 'const:0', 'Ejercicio devengo'],
    [122, 1, 'Num', 'const:1', 'Tipo de percepción (1: dineraria)'],
    [123, 13, 'Num', 'record:amountCents', 'Importe de percepciones / remuneración al prestamista', 2],
    [136, 3, 'An', 'blank', 'Blancos'],
    [139, 13, 'Num', 'const:0', 'Importe reducciones', 2],
    [152, 13, 'Num', 'record:amountCents', 'Base retenciones e ingresos a cuenta', 2],
    [165, 4, 'Num', 'record:withholdingRateBp', '% retención', 2],
    [169, 13, 'Num', 'record:withholdingCents', 'Retenciones e ingresos a cuenta', 2],
    [182, 11, 'Num', 'const:0', 'Penalizaciones', 2],
    [193, 15, 'An', 'blank', 'Blancos'],
    [208, 1, 'An', 'value:declarantNature', 'Naturaleza del declarante'],
    [209, 8, 'Num', 'const:0', 'Fecha de inicio del préstamo'],
    [217, 8, 'Num', 'const:0', 'Fecha de vencimiento del préstamo'],
    [225, 12, 'Num', 'const:0', 'Compensaciones', 2],
    [237, 12, 'Num', 'const:0', 'Garantías', 2],
    [249, 252, 'An', 'blank', 'Blancos'],
  ]),
];
