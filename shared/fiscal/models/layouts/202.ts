/**
 * Modelo 202 record design (Impuesto sobre Sociedades, pago fraccionado), pages 01 and 02 inside the "<T"
 * envelope written by ../aeat-file.ts. Data; a new AEAT design is a new constant here.
 *
 * SOURCES: AEAT "Diseño de registro" DR202e25 (modelo 202 from 2025; sheets "dr M202 (0)", "(1)" and "(2)"),
 * as implemented by the OCA-style module l10n_es_aeat_mod202 of DATABAY-SOLUTIONS/l10n-spain (AGPL; only the
 * facts of the design are taken, none of its code): data/aeat_export_mod202_data.xml (envelope),
 * data/aeat_export_mod202_sub01_data.xml (page 01) and data/aeat_export_mod202_sub02_data.xml (page 02),
 * commit 2fcc890670e44c34dac6668e737f9ab3950d7f5c. The module gives each field's order, size, kind
 * (string / float, signed where it applies a sign) and name; we summed the sizes into positions in
 * ./sources/202/layout_202_2025_derived_from_oca_databay.csv. Not checked against AEAT's own xlsx, which is
 * not among our sources [verify before go-live].
 *
 * Page 01 holds the identification, the additional data (marks), the modality ('A' art. 40.2, 'B' art. 40.3)
 * and boxes [01]–[03] (40.2) and [04]–[16] (40.3, up to the base); page 02 the 40.3 liquidation: B1 (one
 * percentage: base [17], percentage, [18], [19], [41], [42], [20]), B2 (up to four percentages, entities with
 * more than one tax rate: not computed here, written as zeros through the boxes B2T<n>B/R/P/A, B2D, B2C,
 * B2NM, B2NA, B2RP), [27]–[34], additional information, complementary return and IBAN. Every amount is
 * unsigned except [04] and [13] (AEAT instructions: "no se admitirán importes negativos excepto en las
 * claves 04 y 13") and the B2 partial results and the dotaciones the module signs. Derived by us: the value
 * and box names ([17] the B1 base, 17P its percentage in basis points); 'string' fields are written 'An',
 * 'float' fields 'Num' (or 'N' when signed). The page identifier is "01"/"02" + "000>" as the module writes.
 */

import type { PageLayout } from '../types';
import { layoutPage } from './layout-page';

/** DR202e25 page 01: identification, additional data, modality A ([01]–[03]) and B up to the base, 700 positions. */
// biome-ignore format: one row per field, as in the AEAT design
export const page202_01_v2025: PageLayout = layoutPage('01000', 700, [
  [1, 2, 'An', 'const:<T', 'Inicio identificador'],
  [3, 3, 'An', 'const:202', 'Modelo'],
  [6, 2, 'An', 'const:01', 'Página'],
  [8, 4, 'An', 'const:000>', 'Fin identificador'],
  [12, 1, 'An', 'blank', 'Reservado Administración'],
  [13, 1, 'An', 'value:resultType', 'Tipo de declaración'],
  [14, 9, 'An', 'value:nif', 'NIF'],
  [23, 60, 'An', 'value:name', 'Denominación o apellidos'],
  [83, 20, 'An', 'value:firstName', 'Nombre'],
  [103, 1, 'An', 'value:navarra', 'Contribuyente normativa foral Navarra'],
  [104, 4, 'An', 'value:year', 'Ejercicio'],
  [108, 2, 'An', 'value:period', 'Periodo'],
  [110, 8, 'An', 'value:taxPeriodStart', 'Fecha inicio período impositivo'],
  [118, 4, 'An', 'value:cnae', 'CNAE actividad principal'],
  [122, 1, 'An', 'value:law49of2002', 'Ley 49/2002'],
  [123, 1, 'An', 'value:socimi', 'Ley 11/2009 SOCIMI'],
  [124, 1, 'An', 'value:ventureCapital', 'Capital-riesgo'],
  [125, 1, 'An', 'value:shippingRegime', 'Régimen naviero'],
  [126, 1, 'An', 'value:smallCompanyIncentives', 'ERD'],
  [127, 1, 'An', 'value:turnoverOver6M', 'CN >= 6M EUR'],
  [128, 1, 'An', 'value:protectedCooperative', 'Cooperativa protegida'],
  [129, 1, 'An', 'value:additionalProvision14', 'DA 14ª LIS'],
  [130, 1, 'An', 'value:turnoverOver10M', 'CN >= 10M EUR'],
  [131, 1, 'An', 'value:multiRateEntity', 'Otras entidades multitipo'],
  [132, 15, 'An', 'value:taxRateCode', 'Tipo de gravamen'],
  [147, 1, 'An', 'value:turnoverBracket', 'Tramo CN'],
  [148, 1, 'An', 'value:modality', 'Liquidación modalidad A ó B'],
  [149, 17, 'Num', 'box:01', '[01] Base del pago fraccionado', 2],
  [166, 17, 'Num', 'box:02', '[02] Resultado declaración anterior', 2],
  [183, 17, 'Num', 'box:03', '[03] A ingresar', 2],
  [200, 17, 'N', 'box:04', '[04] Resultado contable después de IS e IC', 2],
  [217, 17, 'Num', 'box:05', '[05] Correcciones IS/IC - Aumentos', 2],
  [234, 17, 'Num', 'box:06', '[06] Correcciones IS/IC - Disminuciones', 2],
  [251, 17, 'Num', 'box:07', '[07] Correcciones IS/IC complementario', 2],
  [268, 17, 'Num', 'box:37', '[37] 30% gastos amortización - Disminuciones', 2],
  [285, 17, 'Num', 'box:08', '[08] Resto correcciones - Aumentos', 2],
  [302, 17, 'Num', 'box:09', '[09] Resto correcciones - Disminuciones', 2],
  [319, 17, 'Num', 'box:38', '[38] Total correcciones - Aumentos', 2],
  [336, 17, 'Num', 'box:39', '[39] Total correcciones - Disminuciones', 2],
  [353, 17, 'N', 'box:13', '[13] Base imponible previa', 2],
  [370, 17, 'Num', 'box:40', '[40] Remanente reserva capitalización', 2],
  [387, 17, 'Num', 'box:14', '[14] Compensación BINs', 2],
  [404, 17, 'Num', 'box:15', '[15] Reserva nivelación - Disminución', 2],
  [421, 17, 'Num', 'box:16', '[16] Reserva nivelación - Adición', 2],
  [438, 251, 'An', 'blank', 'Reservado Administración'],
  [689, 12, 'An', 'const:</T20201000>', 'Indicador fin de registro'],
]);

/** DR202e25 page 02: modality B liquidation (B1, B2, [27]–[34]), additional information and payment, 951 positions. */
// biome-ignore format: one row per field, as in the AEAT design
export const page202_02_v2025: PageLayout = layoutPage('02000', 951, [
  [1, 2, 'An', 'const:<T', 'Inicio identificador'],
  [3, 3, 'An', 'const:202', 'Modelo'],
  [6, 2, 'An', 'const:02', 'Página'],
  [8, 4, 'An', 'const:000>', 'Fin identificador'],
  [12, 1, 'An', 'blank', 'Reservado Administración'],
  [13, 17, 'Num', 'box:17', 'B1 Base pago fraccionado', 2],
  [30, 5, 'Num', 'box:17P', 'B1 Porcentaje', 2],
  [35, 17, 'N', 'box:18', 'B1 Dotaciones art. 11.12', 2],
  [52, 17, 'Num', 'box:19', 'B1 Compensación cuotas negativas coop.', 2],
  [69, 17, 'Num', 'box:41', 'B1 Reserva nivelación - minoración', 2],
  [86, 17, 'Num', 'box:42', 'B1 Reserva nivelación - adición', 2],
  [103, 17, 'Num', 'box:20', '[20] Resultado previo', 2],
  [120, 17, 'Num', 'box:B2T1B', 'B2 T1 Base', 2],
  [137, 17, 'N', 'box:B2T1R', 'B2 T1 Resultado parcial', 2],
  [154, 5, 'Num', 'box:B2T1P', 'B2 T1 Porcentaje', 2],
  [159, 17, 'N', 'box:B2T1A', 'B2 T1 Resultado acumulado', 2],
  [176, 17, 'N', 'box:B2T2B', 'B2 T2 Base', 2],
  [193, 17, 'N', 'box:B2T2R', 'B2 T2 Resultado parcial', 2],
  [210, 5, 'Num', 'box:B2T2P', 'B2 T2 Porcentaje', 2],
  [215, 17, 'N', 'box:B2T2A', 'B2 T2 Resultado acumulado', 2],
  [232, 17, 'N', 'box:B2T3B', 'B2 T3 Base', 2],
  [249, 17, 'N', 'box:B2T3R', 'B2 T3 Resultado parcial', 2],
  [266, 5, 'Num', 'box:B2T3P', 'B2 T3 Porcentaje', 2],
  [271, 17, 'N', 'box:B2T3A', 'B2 T3 Resultado acumulado', 2],
  [288, 17, 'N', 'box:B2T4B', 'B2 T4 Base', 2],
  [305, 17, 'N', 'box:B2T4R', 'B2 T4 Resultado parcial', 2],
  [322, 5, 'Num', 'box:B2T4P', 'B2 T4 Porcentaje', 2],
  [327, 17, 'N', 'box:B2T4A', 'B2 T4 Resultado acumulado', 2],
  [344, 17, 'Num', 'box:B2D', 'B2 Dotaciones art. 11.12', 2],
  [361, 17, 'Num', 'box:B2C', 'B2 Compensación cuotas neg. coop.', 2],
  [378, 17, 'Num', 'box:B2NM', 'B2 Reserva nivelación - minoración', 2],
  [395, 17, 'Num', 'box:B2NA', 'B2 Reserva nivelación - adición', 2],
  [412, 17, 'Num', 'box:B2RP', 'B2 Resultado previo', 2],
  [429, 17, 'Num', 'box:27', '[27] Bonificaciones', 2],
  [446, 17, 'Num', 'box:28', '[28] Retenciones e ingresos a cuenta', 2],
  [463, 5, 'Num', 'box:29', '[29] Vol. operaciones Territorio Común (%)', 2],
  [468, 17, 'Num', 'box:30', '[30] Pagos fraccionados anteriores', 2],
  [485, 17, 'Num', 'box:31', '[31] Resultado declaración anterior', 2],
  [502, 17, 'Num', 'box:32', '[32] Resultado', 2],
  [519, 17, 'Num', 'box:33', '[33] Mínimo a ingresar', 2],
  [536, 17, 'Num', 'box:34', '[34] Cantidad a ingresar', 2],
  [553, 1, 'An', 'value:additionalData', 'Comunicar datos adicionales'],
  [554, 22, 'An', 'value:nrs', 'NRS'],
  [576, 17, 'Num', 'value:debtReliefExcludedCents', 'Info quita/espera', 2],
  [593, 17, 'Num', 'value:debtReliefBaseCents', 'Info quita/espera BI', 2],
  [610, 17, 'Num', 'value:debtReliefQuotaCents', 'Info quita/espera cuota', 2],
  [627, 17, 'Num', 'value:impairmentReversalCents', 'Rentas reversión deterioros', 2],
  [644, 17, 'Num', 'value:canaryInvestmentReserveCents', 'RIC', 2],
  [661, 17, 'Num', 'value:canaryBonusCents', 'Bonificación art. 26 Ley 19/1994', 2],
  [678, 17, 'Num', 'value:zecCents', 'Régimen fiscal ZEC', 2],
  [695, 17, 'Num', 'value:ceutaMelillaCents', 'Minoración rentas Ceuta/Melilla', 2],
  [712, 17, 'Num', 'value:capitalIncreaseCents', 'Importe excluido aumento capital', 2],
  [729, 17, 'Num', 'value:exemptIncomeLaw49Cents', 'Renta exenta Ley 49/2002', 2],
  [746, 17, 'Num', 'value:art34BonusCents', 'Bonificación art. 34 LIS', 2],
  [763, 1, 'An', 'value:rectifying', 'Declaración complementaria'],
  [764, 13, 'An', 'value:previousReceipt', 'Nº justificante declaración anterior'],
  [777, 34, 'An', 'value:iban', 'Domiciliación IBAN'],
  [811, 116, 'An', 'blank', 'Reservado Administración'],
  [927, 13, 'An', 'blank', 'Sello electrónico AEAT'],
  [940, 12, 'An', 'const:</T20202000>', 'Indicador fin de registro'],
]);

/** DR202e25 (from 2025-01-01): two pages. */
export const layout202v2025: PageLayout[] = [page202_01_v2025, page202_02_v2025];
