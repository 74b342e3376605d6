/**
 * Modelo 190 (resumen anual de retenciones del IRPF: trabajo, actividades económicas, premios) record
 * designs: 500-position records, type 1 (declarant, page '1') and type 2 (one per recipient, key and
 * subkey, page '2'). Written by ../aeat-file.ts writeInformativeReturn. Data; a new design is a new
 * constant here.
 *
 * SOURCES:
 * - layout190v2017: OCA/l10n-spain l10n_es_aeat_mod190/data/aeat_export_mod190_data.xml and
 *   aeat_export_mod190_partner_data.xml (branch 16.0, commit 5fadee3fa8d7181adbd0e5df49e6f07d03b87411,
 *   date_start 2017-01-01; copies ../shared/data/aeat/models/190/ and ./sources/190/), flattened in
 *   ./sources/190/layout_mod190_2017_derived_from_oca.csv. Checked against the AEAT's DR190_2017.pdf (OCA
 *   docs/, same commit) for the field types: percepciones, retenciones and subkey are numeric, the key
 *   alphabetic; positions 322-387 (later additions OCA fills with zeros) are blank in that 2017 PDF.
 * - layout190v2024: position 388 ("excesos en la entrega de acciones de empresas emergentes") '0' from 2024,
 *   as OCA's l10n_es_aeat_mod190/data/2017/aeat.model.export.config.line.csv (commit
 *   e0cd41fb0f2e454e07bc002a2e287a6fd50a39e0, read from the public repository) writes it; table
 *   ./sources/190/layout_mod190_2024_derived_from_oca.csv.
 * - layout190v2025: OCA/l10n-spain PR #4718, l10n_es_aeat_mod190/data/2025/aeat.model.export.config.line.csv
 *   (commit ae885a6da6919242781758c7048a47dca5a83a48, read from the public repository; table
 *   ./sources/190/layout_mod190_2025_derived_from_oca.csv): positions 389 (income from fund management) and
 *   390-394 (kind of the B.01 benefit) are new, blanks from 395.
 * Derived by us: OCA writes a signed amount as a sign field (81, 108) and a 13-digit field (82, 109); where
 * Cuadra writes the amount they are one signed field here (81-94, 108-121: 'N' or blank, then the digits,
 * the AEAT's own field), elsewhere OCA's split is kept. Fields Cuadra does not collect (additional data of
 * keys A, B.01, B.03, C, E.01, E.02; incapacity benefits; arrears) are written as zeros or blanks, as the
 * design asks of a field without content.
 */

import type { PageLayout } from '../types';
import { type FieldRow, layoutPage } from './layout-page';

// biome-ignore format: one row per field, as in the AEAT design
const DECLARANT: readonly FieldRow[] = [
  [1, 1, 'Num', 'const:1', 'Constante: Tipo de Registro'],
  [2, 3, 'Num', 'const:190', 'Modelo de la declaración'],
  [5, 4, 'Num', 'value:year', 'Ejercicio'],
  [9, 9, 'An', 'value:nif', 'NIF del declarante'],
  [18, 40, 'An', 'value:name', 'Denominación o apellidos y nombre del declarante'],
  [58, 1, 'An', 'const:T', 'Tipo de soporte ("T": transmisión telemática)'],
  [59, 9, 'Num', 'value:phone', 'Persona con quien relacionarse: teléfono'],
  [68, 40, 'An', 'value:contactName', 'Persona con quien relacionarse: apellidos y nombre'],
  [108, 13, 'Num', 'value:declarationId', 'Número identificativo de la declaración'],
  [121, 1, 'An', 'value:complementary', 'Declaración complementaria ("C")'],
  [122, 1, 'An', 'value:substitutive', 'Declaración sustitutiva ("S")'],
  [123, 13, 'Num', 'value:previousDeclarationId', 'Número identificativo de la declaración anterior'],
  [136, 9, 'Num', 'box:01', 'Número total de percepciones [01]'],
  [145, 16, 'N', 'box:02', 'Importe total de las percepciones [02] (145 signo, 146-160 importe)', 2],
  [161, 15, 'Num', 'box:03', 'Importe total de las retenciones e ingresos a cuenta [03]', 2],
  [176, 50, 'An', 'value:contactEmail', 'Correo electrónico de la persona con quien relacionarse'],
  [226, 262, 'An', 'blank', 'Reservado para la Administración. Rellenar con blancos'],
  [488, 13, 'An', 'blank', 'Reservado para el sello electrónico de la AEAT'],
];

/** Type 2 positions 1-387, shared by every design. */
// biome-ignore format: one row per field, as in the AEAT design
const RECIPIENT: readonly FieldRow[] = [
  [1, 1, 'Num', 'const:2', 'Tipo de registro'],
  [2, 3, 'Num', 'const:190', 'Modelo de la declaración'],
  [5, 4, 'Num', 'value:year', 'Ejercicio'],
  [9, 9, 'An', 'value:nif', 'NIF del declarante'],
  [18, 9, 'An', 'record:taxId', 'NIF del perceptor'],
  [27, 9, 'An', 'record:representativeTaxId', 'NIF del representante legal'],
  [36, 40, 'An', 'record:name', 'Apellidos y nombre o denominación del perceptor'],
  [76, 2, 'An', 'record:province', 'Código provincia'],
  [78, 1, 'An', 'record:key', 'Clave de percepción'],
  [79, 2, 'Num', 'record:subkey', 'Subclave ("00" para las claves sin subclaves)'],
  [81, 14, 'N', 'record:amountCents', 'Percepción íntegra dineraria no derivada de incapacidad laboral (81 signo, 82-94 importe)', 2],
  [95, 13, 'Num', 'record:withholdingCents', 'Retenciones practicadas', 2],
  [108, 14, 'N', 'record:inKindValueCents', 'Valoración de las percepciones en especie no derivadas de incapacidad laboral (108 signo, 109-121 importe)', 2],
  [122, 13, 'Num', 'record:inKindWithholdingCents', 'Ingresos a cuenta efectuados', 2],
  [135, 13, 'Num', 'const:0', 'Ingresos a cuenta repercutidos', 2],
  [148, 4, 'Num', 'const:0', 'Ejercicio devengo (solo atrasos y reintegros; ceros en otro caso)'],
  [152, 1, 'Num', 'const:0', 'Ceuta o Melilla'],
  [153, 4, 'Num', 'const:0', 'Datos adicionales: año de nacimiento'],
  [157, 1, 'Num', 'const:0', 'Datos adicionales: situación familiar'],
  [158, 9, 'An', 'blank', 'Datos adicionales: NIF del cónyuge'],
  [167, 1, 'Num', 'const:0', 'Datos adicionales: discapacidad'],
  [168, 1, 'Num', 'const:0', 'Datos adicionales: contrato o relación'],
  [169, 1, 'Num', 'const:0', 'Datos adicionales: titular de la unidad de convivencia'],
  [170, 1, 'Num', 'const:0', 'Datos adicionales: movilidad geográfica'],
  [171, 13, 'Num', 'const:0', 'Datos adicionales: reducciones aplicables', 2],
  [184, 13, 'Num', 'const:0', 'Datos adicionales: gastos deducibles', 2],
  [197, 13, 'Num', 'const:0', 'Datos adicionales: pensiones compensatorias', 2],
  [210, 13, 'Num', 'const:0', 'Datos adicionales: anualidades por alimentos', 2],
  [223, 1, 'Num', 'const:0', 'Hijos y otros descendientes menores de 3 años: número total'],
  [224, 1, 'Num', 'const:0', 'Hijos y otros descendientes menores de 3 años: por entero'],
  [225, 2, 'Num', 'const:0', 'Hijos y otros descendientes, resto: número total'],
  [227, 2, 'Num', 'const:0', 'Hijos y otros descendientes, resto: por entero'],
  [229, 2, 'Num', 'const:0', 'Descendientes con discapacidad ≥ 33 % y < 65 %: número total'],
  [231, 2, 'Num', 'const:0', 'Descendientes con discapacidad ≥ 33 % y < 65 %: por entero'],
  [233, 2, 'Num', 'const:0', 'Descendientes con discapacidad, movilidad reducida: número total'],
  [235, 2, 'Num', 'const:0', 'Descendientes con discapacidad, movilidad reducida: por entero'],
  [237, 2, 'Num', 'const:0', 'Descendientes con discapacidad ≥ 65 %: número total'],
  [239, 2, 'Num', 'const:0', 'Descendientes con discapacidad ≥ 65 %: por entero'],
  [241, 1, 'Num', 'const:0', 'Ascendientes menores de 75 años: número total'],
  [242, 1, 'Num', 'const:0', 'Ascendientes menores de 75 años: por entero'],
  [243, 1, 'Num', 'const:0', 'Ascendientes de 75 años o más: número total'],
  [244, 1, 'Num', 'const:0', 'Ascendientes de 75 años o más: por entero'],
  [245, 1, 'Num', 'const:0', 'Ascendientes con discapacidad ≥ 33 % y < 65 %: número total'],
  [246, 1, 'Num', 'const:0', 'Ascendientes con discapacidad ≥ 33 % y < 65 %: por entero'],
  [247, 1, 'Num', 'const:0', 'Ascendientes con discapacidad, movilidad reducida: número total'],
  [248, 1, 'Num', 'const:0', 'Ascendientes con discapacidad, movilidad reducida: por entero'],
  [249, 1, 'Num', 'const:0', 'Ascendientes con discapacidad ≥ 65 %: número total'],
  [250, 1, 'Num', 'const:0', 'Ascendientes con discapacidad ≥ 65 %: por entero'],
  [251, 1, 'Num', 'const:0', 'Cómputo de los 3 primeros hijos (1)'],
  [252, 1, 'Num', 'const:0', 'Cómputo de los 3 primeros hijos (2)'],
  [253, 1, 'Num', 'const:0', 'Cómputo de los 3 primeros hijos (3)'],
  [254, 1, 'Num', 'const:0', 'Comunicación de préstamos para la vivienda habitual'],
  [255, 1, 'An', 'blank', 'Percepciones dinerarias derivadas de incapacidad laboral: signo'],
  [256, 13, 'Num', 'const:0', 'Percepciones dinerarias derivadas de incapacidad laboral: percepción íntegra', 2],
  [269, 13, 'Num', 'const:0', 'Percepciones dinerarias derivadas de incapacidad laboral: retenciones', 2],
  [282, 1, 'An', 'blank', 'Percepciones en especie derivadas de incapacidad laboral: signo'],
  [283, 13, 'Num', 'const:0', 'Percepciones en especie derivadas de incapacidad laboral: valoración', 2],
  [296, 13, 'Num', 'const:0', 'Ingresos a cuenta efectuados por prestaciones en especie derivadas de incapacidad laboral', 2],
  [309, 13, 'Num', 'const:0', 'Ingresos a cuenta repercutidos por prestaciones en especie derivadas de incapacidad laboral', 2],
  [322, 66, 'Num', 'const:0', 'Complemento de ayuda para la infancia y diputaciones forales (ceros)'],
];

const declarant = layoutPage('1', 500, DECLARANT);

/** 2017-2023: blanks from 388. */
export const layout190v2017: PageLayout[] = [
  declarant,
  layoutPage('2', 500, [...RECIPIENT, [388, 113, 'An', 'blank', 'Blancos']]),
];

/** 2024: 388 excesos en la entrega de acciones de empresas emergentes ('0'). */
// biome-ignore format: one row per field, as in the AEAT design
export const layout190v2024: PageLayout[] = [
  declarant,
  layoutPage('2', 500, [
    ...RECIPIENT,
    [388, 1, 'Num', 'const:0', 'Excesos en la entrega de acciones o participaciones de empresas emergentes'],
    [389, 112, 'An', 'blank', 'Blancos'],
  ]),
];

/** 2025 onward (OCA PR #4718). */
// biome-ignore format: one row per field, as in the AEAT design
export const layout190v2025: PageLayout[] = [
  declarant,
  layoutPage('2', 500, [
    ...RECIPIENT,
    [388, 1, 'Num', 'const:0', 'Excesos en la entrega de acciones o participaciones de empresas emergentes'],
    [389, 1, 'Num', 'const:0', 'Rendimientos obtenidos por la gestión de fondos (0/1)'],
    [390, 1, 'Num', 'const:0', 'Prestaciones de la clave B.01: jubilación (0/1)'],
    [391, 1, 'Num', 'const:0', 'Prestaciones de la clave B.01: viudedad (0/1)'],
    [392, 1, 'Num', 'const:0', 'Prestaciones de la clave B.01: incapacidad permanente total o parcial (0/1)'],
    [393, 1, 'Num', 'const:0', 'Prestaciones de la clave B.01: pensiones no contributivas por invalidez o jubilación (0/1)'],
    [394, 1, 'Num', 'const:0', 'Prestaciones de la clave B.01: resto de prestaciones (0/1)'],
    [395, 106, 'An', 'blank', 'Blancos'],
  ]),
];
