/**
 * Modelo 347 (declaración anual de operaciones con terceras personas) record design: 500-position records,
 * type 1 (declarant), type 2 with sheet 'D' (one per declared party, page '2') and type 2 with sheet 'I'
 * (one per leased business premises, page '2I'). Written by ../aeat-file.ts writeInformativeReturn.
 *
 * SOURCES: positions and lengths from OCA/l10n-spain l10n_es_aeat_mod347/data/aeat_export_mod347_data.xml,
 * aeat_export_mod347_partner_data.xml and aeat_export_mod347_real_state_data.xml (branch 17.0, commit
 * 2ffc60e53c05330b3fada7c4f927b37abe3eab42), flattened in ../shared/data/aeat/models/347/
 * layout_mod347_data_derived_from_oca.csv, layout_mod347_partner_data_derived_from_oca.csv and
 * layout_mod347_real_state_data_derived_from_oca.csv (copied to ./sources/347/). Signed amounts carry "N"
 * or a blank in their first position (OCA positive_sign " "). Types follow the AEAT design where OCA writes
 * a string for a numeric field (ejercicio, teléfono, número identificativo, año de devengo). Derived by us:
 * the split of positions 121-122 into the complementary ("C", 121) and substitutive ("S", 122) marks, and the
 * value/record names (record:residentTaxId is the Spanish NIF of a resident party, record:euVatNumber the
 * VAT number of an EU party, record:nonResidentCountry its country; see ../aeat-file.ts).
 */

import type { PageLayout } from '../types';
import { layoutPage } from './layout-page';

/** Type 1, declarant; type 2 sheet D, declared party; type 2 sheet I, business premises. */
export const layout347: PageLayout[] = [
  // Tipo de registro 1: declarante
  // biome-ignore format: one row per field, as in the AEAT design
  layoutPage('1', 500, [
    [1, 1, 'Num', 'const:1', 'Constante: 1'],
    [2, 3, 'Num', 'const:347', 'Modelo: 347'],
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
    [136, 9, 'Num', 'value:operatorCount', 'Número total de personas y entidades'],
    [145, 16, 'N', 'value:operatorTotalCents', 'Importe total de las operaciones', 2],
    [161, 9, 'Num', 'value:propertyCount', 'Número total de inmuebles'],
    [170, 16, 'N', 'value:propertyTotalCents', 'Importe total de las operaciones de arrendamiento', 2],
    [186, 205, 'An', 'blank', 'Blancos'],
    [391, 9, 'An', 'value:representativeNif', 'NIF del representante legal'],
    [400, 88, 'An', 'blank', 'Blancos'],
    [488, 13, 'An', 'blank', 'Sello electronico (en blanco)'],
  ]),
  // Tipo de registro 2, hoja D: declarado
  // biome-ignore format: one row per field, as in the AEAT design
  layoutPage('2', 500, [
    [1, 1, 'Num', 'const:2', 'Constante: 2'],
    [2, 3, 'Num', 'const:347', 'Constante: 347'],
    [5, 4, 'Num', 'value:year', 'Ejercicio'],
    [9, 9, 'An', 'value:nif', 'NIF del declarante'],
    [18, 9, 'An', 'record:residentTaxId', 'NIF declarado'],
    [27, 9, 'An', 'record:representativeTaxId', 'NIF representate legal declarado'],
    [36, 40, 'An', 'record:name', 'Apellidos y nombre o razón social del declarado'],
    [76, 1, 'An', 'const:D', 'Tipo de hoja'],
    [77, 2, 'An', 'record:province', 'Código provincia'],
    [79, 2, 'An', 'record:nonResidentCountry', 'Código país'],
    [81, 1, 'An', 'blank', 'Blancos'],
    [82, 1, 'An', 'record:key', 'Clave de operación'],
    [83, 16, 'N', 'record:amountCents', 'Importe de las operaciones', 2],
    [99, 1, 'An', 'record:insurance', 'Operación de seguro'],
    [100, 1, 'An', 'record:businessLease', 'Arrendamiento local negocio'],
    [101, 15, 'Num', 'record:cashAmountCents', 'Importe percibido en metálico', 2],
    [116, 16, 'N', 'record:realEstateTransferCents', 'Importe percibido por transmisiones de inmuebles sujetas a IVA', 2],
    [132, 4, 'Num', 'record:cashYear', 'Año de devengo de las operaciones en efectivo'],
    [136, 16, 'N', 'record:q1', 'Importe de las operaciones del primer trimestre', 2],
    [152, 16, 'N', 'record:realEstateQ1', 'Importe percibido por transmisiones de inmuebles sujetas a Iva Primer Trimestre', 2],
    [168, 16, 'N', 'record:q2', 'Importe de las operaciones del segundo trimestre', 2],
    [184, 16, 'N', 'record:realEstateQ2', 'Importe percibido por transmisiones de inmuebles sujates a Iva Segundo Trimestre', 2],
    [200, 16, 'N', 'record:q3', 'Importe de las operaciones del tercer trimestre', 2],
    [216, 16, 'N', 'record:realEstateQ3', 'Importe percibido por transmisiones de inmuebles sujates a Iva Tercero Trimestre', 2],
    [232, 16, 'N', 'record:q4', 'Importe de las operaciones del cuarto trimestre', 2],
    [248, 16, 'N', 'record:realEstateQ4', 'Importe percibido por transmisiones de inmuebles sujates a Iva Cuarto Trimestre', 2],
    [264, 17, 'An', 'record:euVatNumber', 'NIF operador comunitario'],
    [281, 1, 'An', 'record:cashBasis', 'Régimen especial de criterio de caja'],
    [282, 1, 'An', 'record:reverseCharge', 'Operaciones con inversión de sujeto pasivo'],
    [283, 1, 'An', 'record:customsWarehouse', 'Operaciones vinculadas al régimen de depósito distinto del aduanero'],
    [284, 16, 'N', 'record:cashBasisAnnualCents', 'Importe de la operaciones anuales de criterio de caja', 2],
    [300, 201, 'An', 'blank', 'Blancos'],
  ]),
  // Tipo de registro 2, hoja I: inmueble
  // biome-ignore format: one row per field, as in the AEAT design
  layoutPage('2I', 500, [
    [1, 1, 'Num', 'const:2', 'Constante: 2'],
    [2, 3, 'Num', 'const:347', 'Constante: 347'],
    [5, 4, 'Num', 'value:year', 'Ejercicio'],
    [9, 9, 'An', 'value:nif', 'NIF del declarante'],
    [18, 9, 'An', 'record:taxId', 'NIF del arrendatario'],
    [27, 9, 'An', 'record:representativeTaxId', 'NIF del representante legal del arrendatario'],
    [36, 40, 'An', 'record:name', 'Apellidos y nombres, razón social o denominación del arrendatario'],
    [76, 1, 'An', 'const:I', 'Tipo de hoja'],
    [77, 22, 'An', 'blank', 'Blancos'],
    [99, 16, 'N', 'record:amountCents', 'Importe de la operación', 2],
    [115, 1, 'Num', 'record:propertySituation', 'Situación del inmueble'],
    [116, 25, 'An', 'record:cadastralReference', 'Referencia catastral'],
    [141, 5, 'An', 'record:streetType', 'Dirección y datos del inmueble - TIPO DE VÍA'],
    [146, 50, 'An', 'record:streetName', 'Dirección y datos del inmueble - NOMBRE VÍA PUBLICA'],
    [196, 3, 'An', 'record:numberType', 'Dirección y datos del inmueble - TIPO DE NUMERACIÓN'],
    [199, 5, 'Num', 'record:streetNumber', 'Dirección y datos del inmueble - NUMERO DE CASA'],
    [204, 3, 'An', 'record:numberQualifier', 'Dirección y datos del inmueble - CALIFICADOR DEL NUMERO'],
    [207, 3, 'An', 'record:block', 'Dirección y datos del inmueble - BLOQUE'],
    [210, 3, 'An', 'record:portal', 'Dirección y datos del inmueble - PORTAL'],
    [213, 3, 'An', 'record:stairs', 'Dirección y datos del inmueble - ESCALERA'],
    [216, 3, 'An', 'record:floor', 'Dirección y datos del inmueble - PLANTA O PISO'],
    [219, 3, 'An', 'record:door', 'Dirección y datos del inmueble - PUERTA'],
    [222, 40, 'An', 'record:addressComplement', 'Dirección y datos del inmueble - COMPLEMENTO'],
    [262, 30, 'An', 'record:locality', 'Dirección y datos del inmueble - LOCALIDAD O POBLACIÓN'],
    [292, 30, 'An', 'record:municipality', 'Dirección y datos del inmueble - MUNICIPIO'],
    [322, 5, 'An', 'record:municipalityCode', 'Dirección y datos del inmueble - CODIGO DE MUNICIPIO'],
    [327, 2, 'An', 'record:provinceCode', 'Dirección y datos del inmueble - CODIGO DE PROVINCIA'],
    [329, 5, 'An', 'record:postalCode', 'Dirección y datos del inmueble - CODIGO POSTAL'],
    [334, 167, 'An', 'blank', 'Blancos'],
  ]),
];
