/**
 * The SistemaInformatico block every VeriFacTu record carries (reference/verifactu-sii.md §1.4;
 * Orden HAC/1177/2024 art. 7). The producer's name and NIF must match its declaración responsable,
 * so they come from the environment (`envNames.verifactuProducerName` / `verifactuProducerNif`, set by
 * the CDK stack and the local cloud) and are required: a record with a made-up producer would be a
 * false declaration. Cuadra is one multi-tenant SIF for gestorías, so it is "MultiOT" and each
 * company is one installation (`NumeroInstalacion = CUADRA-<companyId>`).
 */

import { envNames } from '@shared/config/env-names';
import type { SistemaInformatico } from '@shared/schemas/verifactu';

/** The version the declaración responsable names; change it with every declared release. */
export const VERIFACTU_SYSTEM_VERSION = '1.0.0';
export const VERIFACTU_SYSTEM_NAME = 'Cuadra';
export const VERIFACTU_SYSTEM_ID = 'CU';

/** Only unit tests (vitest sets VITEST) may run without a configured producer. */
const TEST_PRODUCER = { name: 'Cuadra Software SL (pruebas)', nif: 'B00000000' };

function producer(): { name: string; nif: string } {
  const name = process.env[envNames.verifactuProducerName]?.trim();
  const nif = process.env[envNames.verifactuProducerNif]?.trim().toUpperCase();
  if (name && nif) return { name: name.slice(0, 120), nif };
  if (process.env.VITEST) return TEST_PRODUCER;
  throw new Error(
    `VeriFacTu producer not configured: set ${envNames.verifactuProducerName} and ${envNames.verifactuProducerNif}`,
  );
}

export function sistemaInformatico(companyId: string): SistemaInformatico {
  const p = producer();
  return {
    NombreRazon: p.name,
    NIF: p.nif,
    NombreSistemaInformatico: VERIFACTU_SYSTEM_NAME,
    IdSistemaInformatico: VERIFACTU_SYSTEM_ID,
    Version: VERIFACTU_SYSTEM_VERSION,
    NumeroInstalacion: `CUADRA-${companyId}`.slice(0, 100),
    TipoUsoPosibleSoloVerifactu: 'N',
    TipoUsoPosibleMultiOT: 'S',
    IndicadorMultiplesOT: 'S',
  };
}
