import { envNames } from '@shared/config/env-names';
import { afterEach, describe, expect, it } from 'vitest';
import { sistemaInformatico, VERIFACTU_SYSTEM_VERSION } from './system';

const NAME = envNames.verifactuProducerName;
const NIF = envNames.verifactuProducerNif;
const saved = { name: process.env[NAME], nif: process.env[NIF], vitest: process.env.VITEST };

afterEach(() => {
  for (const [k, v] of [
    [NAME, saved.name],
    [NIF, saved.nif],
    ['VITEST', saved.vitest],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('sistemaInformatico', () => {
  it('names the producer of the environment and one installation per company (multi-OT SaaS)', () => {
    process.env[NAME] = ' Cuadra Software SL ';
    process.env[NIF] = 'b12345674';
    expect(sistemaInformatico('co-1')).toEqual({
      NombreRazon: 'Cuadra Software SL',
      NIF: 'B12345674',
      NombreSistemaInformatico: 'Cuadra',
      IdSistemaInformatico: 'CU',
      Version: VERIFACTU_SYSTEM_VERSION,
      NumeroInstalacion: 'CUADRA-co-1',
      TipoUsoPosibleSoloVerifactu: 'N',
      TipoUsoPosibleMultiOT: 'S',
      IndicadorMultiplesOT: 'S',
    });
    expect(VERIFACTU_SYSTEM_VERSION).toBe('1.0.0');
    // XSD limits: NumeroInstalacion ≤ 100.
    expect(sistemaInformatico('x'.repeat(120)).NumeroInstalacion).toHaveLength(100);
  });

  it('refuses to run without a configured producer outside the tests', () => {
    delete process.env[NAME];
    delete process.env[NIF];
    expect(sistemaInformatico('co-1').NIF).toBe('B00000000');
    delete process.env.VITEST;
    expect(() => sistemaInformatico('co-1')).toThrow(/VERIFACTU_PRODUCER_NAME/);
  });
});
