/**
 * Modelo 349 (declaración recapitulativa de operaciones intracomunitarias) record design: 500-position
 * records, type 1 (declarant) and type 2 (one per operator, '2', or per rectification, '2R'). Written by
 * ../aeat-file.ts writeInformativeReturn.
 *
 * SOURCES: positions and lengths from OCA/l10n-spain l10n_es_aeat_mod349/data/aeat_export_mod349_data.xml,
 * aeat_export_mod349_partner_data.xml and aeat_export_mod349_partner_refund_data.xml (branch 17.0, commit
 * 2ffc60e53c05330b3fada7c4f927b37abe3eab42), flattened in ../shared/data/aeat/models/349/
 * layout_mod349_data_derived_from_oca.csv, layout_mod349_partner_data_derived_from_oca.csv and
 * layout_mod349_partner_refund_data_derived_from_oca.csv (copied to ./sources/349/); checked against the AEAT
 * logical design NREG-349-2016 (mirrored by OCA as docs/NREG-349-2016.docx).
 * Types follow the AEAT design where OCA writes a string for a numeric field (ejercicio, teléfono, número
 * identificativo). Derived by us: the split of positions 121-122 into the complementary ("C", 121) and
 * substitutive ("S", 122) marks, and the value names.
 * Not covered: the substitute operator's VAT number of the call-off stock key C (2020 design change), for
 * which no positional source was available here.
 */

import type { PageLayout } from '../types';
import { layoutPage } from './layout-page';

/** Type 1, declarant; type 2, operator; type 2, rectification (key at 133, corrected period at 147). */
export const layout349: PageLayout[] = [
  // Tipo de registro 1: declarante
  // biome-ignore format: one row per field, as in the AEAT design
  layoutPage('1', 500, [
    [1, 1, 'Num', 'const:1', 'Constante: 1'],
    [2, 3, 'Num', 'const:349', 'Modelo: 349'],
    [5, 4, 'Num', 'value:year', 'Ejercicio'],
    [9, 9, 'An', 'value:nif', 'Identificación: NIF'],
    [18, 40, 'An', 'value:name', 'Apellidos y nombre o razón social del declarante'],
    [58, 1, 'An', 'const:T', 'Tipo de soporte'],
    [59, 9, 'Num', 'value:phone', 'Teléfono contacto'],
    [68, 40, 'An', 'value:contactName', 'Persona de contacto (Apellidos y nombre)'],
    [108, 13, 'Num', 'value:declarationId', 'Número identificativo de la declaración'],
    [121, 1, 'An', 'value:complementary', 'Declaración complementaria: "C" (posición 121; campo 121-122 del diseño dividido aquí)'],
    [122, 1, 'An', 'value:substitutive', 'Declaración sustitutiva: "S" (posición 122; campo 121-122 del diseño dividido aquí)'],
    [123, 13, 'Num', 'value:previousDeclarationId', 'Número identificativo de la declaración anterior'],
    [136, 2, 'An', 'value:period', 'Período'],
    [138, 9, 'Num', 'value:operatorCount', 'Número total de operadores intracomunitarios'],
    [147, 15, 'Num', 'value:operatorTotalCents', 'Importe total de las operaciones intracomunitarias', 2],
    [162, 9, 'Num', 'value:rectificationCount', 'Número total de operadores intracomunitarios con rectificaciones'],
    [171, 15, 'Num', 'value:rectificationTotalCents', 'Importe total de las rectificaciones', 2],
    [186, 1, 'An', 'value:periodicityChange', 'Indicador cambio periodicidad en la obligación a declarar'],
    [187, 204, 'An', 'blank', 'Blancos'],
    [391, 9, 'An', 'value:representativeNif', 'NIF del representante legal'],
    [400, 88, 'An', 'blank', 'Blancos'],
    [488, 13, 'An', 'blank', 'Sello electrónico (en blanco)'],
  ]),
  // Tipo de registro 2: operador intracomunitario
  // biome-ignore format: one row per field, as in the AEAT design
  layoutPage('2', 500, [
    [1, 1, 'Num', 'const:2', 'Constante: 2'],
    [2, 3, 'Num', 'const:349', 'Constante: 349'],
    [5, 4, 'Num', 'value:year', 'Ejercicio'],
    [9, 9, 'An', 'value:nif', 'NIF del declarante'],
    [18, 58, 'An', 'blank', 'Blancos'],
    [76, 17, 'An', 'record:taxId', 'NIF operador Intracomunitario'],
    [93, 40, 'An', 'record:name', 'Apellidos y nombre o razón social del operador intracomunitario'],
    [133, 1, 'An', 'record:key', 'Clave de operación'],
    [134, 13, 'Num', 'record:amountCents', 'Base imponible', 2],
    [147, 354, 'An', 'blank', 'Blancos'],
  ]),
  // Tipo de registro 2: rectificaciones
  // biome-ignore format: one row per field, as in the AEAT design
  layoutPage('2R', 500, [
    [1, 1, 'Num', 'const:2', 'Constante: 2'],
    [2, 3, 'Num', 'const:349', 'Constante: 349'],
    [5, 4, 'Num', 'value:year', 'Ejercicio'],
    [9, 9, 'An', 'value:nif', 'NIF del declarante'],
    [18, 58, 'An', 'blank', 'Blancos'],
    [76, 17, 'An', 'record:taxId', 'NIF operador Intracomunitario'],
    [93, 40, 'An', 'record:name', 'Apellidos y nombre o razón social del operador intracomunitario'],
    [133, 1, 'An', 'record:key', 'Clave de operación'],
    [134, 13, 'An', 'blank', 'Blancos'],
    [147, 4, 'Num', 'record:correctedYear', 'Ejercicio (de la declaración que se corrige)'],
    [151, 2, 'An', 'record:correctedPeriod', 'Periodo (de la declaración que se corrige)'],
    [153, 13, 'Num', 'record:amountCents', 'Base Imponible rectificada', 2],
    [166, 13, 'Num', 'record:previouslyDeclaredCents', 'Base imponible declarada anteriormente', 2],
    [179, 322, 'An', 'blank', 'Blancos'],
  ]),
];
