import { describe, expect, it } from 'vitest';
import { computeVerifactuHash, verifactuHashInput } from './verifactu-hash';

const alta = (over: Record<string, string>, previousHash: string | null = null) => ({
  kind: 'alta' as const,
  fields: {
    IDEmisorFactura: '89890001K',
    NumSerieFactura: '12345678/G33',
    FechaExpedicionFactura: '01-01-2024',
    TipoFactura: 'F1',
    CuotaTotal: '12.35',
    ImporteTotal: '123.45',
    FechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00',
    ...over,
  },
  previousHash,
});

describe('computeVerifactuHash: published vectors (reference/verifactu-sii.md §2.6)', () => {
  it('AEAT example 1: the first record of a chain, with an empty Huella=', () => {
    expect(verifactuHashInput(alta({}))).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    );
    expect(computeVerifactuHash(alta({}))).toBe(
      '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60',
    );
  });

  it('AEAT example 2: an alta chained to example 1', () => {
    const second = alta(
      { NumSerieFactura: '12345679/G34', FechaHoraHusoGenRegistro: '2024-01-01T19:20:35+01:00' },
      '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60',
    );
    expect(computeVerifactuHash(second)).toBe(
      'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97',
    );
  });

  it('AEAT example 3: an anulación chained to example 2', () => {
    expect(
      computeVerifactuHash({
        kind: 'anulacion',
        fields: {
          IDEmisorFacturaAnulada: '89890001K',
          NumSerieFacturaAnulada: '12345679/G34',
          FechaExpedicionFacturaAnulada: '01-01-2024',
          FechaHoraHusoGenRegistro: '2024-01-01T19:20:40+01:00',
        },
        previousHash: 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97',
      }),
    ).toBe('177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68');
  });

  it('other implementations’ vectors: F2 first and chained, F1, and a first anulación', () => {
    expect(
      computeVerifactuHash(
        alta({
          IDEmisorFactura: 'A00000000',
          NumSerieFactura: 'PRUEBA-0001',
          FechaExpedicionFactura: '01-06-2025',
          TipoFactura: 'F2',
          CuotaTotal: '2.10',
          ImporteTotal: '12.10',
          FechaHoraHusoGenRegistro: '2025-06-01T10:20:30+02:00',
        }),
      ),
    ).toBe('F223F0A84F7D0C701C13C97CF10A1628FF9E46A003DDAEF3A804FBD799D82070');
    expect(
      computeVerifactuHash(
        alta(
          {
            IDEmisorFactura: 'A00000000',
            NumSerieFactura: 'PRUEBA-0002',
            FechaExpedicionFactura: '02-06-2025',
            TipoFactura: 'F2',
            CuotaTotal: '21.00',
            ImporteTotal: '121.00',
            FechaHoraHusoGenRegistro: '2025-06-02T20:30:40+02:00',
          },
          'A'.repeat(64),
        ),
      ),
    ).toBe('4566062C5A5D7DA4E0E876C0994071CD807962629F8D3C1F33B91EDAA65B2BA1');
    expect(
      computeVerifactuHash(
        alta({
          IDEmisorFactura: 'B08194359',
          NumSerieFactura: 'SAMPLE-003',
          FechaExpedicionFactura: '12-11-2024',
          CuotaTotal: '500.00',
          ImporteTotal: '2500.00',
          FechaHoraHusoGenRegistro: '2024-11-20T20:00:55+01:00',
        }),
      ),
    ).toBe('8077BD9EE0A9EA26AB0FB86762B20379264B7DC8F8DBE2972D7FEBC5D6B0B915');
    expect(
      computeVerifactuHash({
        kind: 'anulacion',
        fields: {
          IDEmisorFacturaAnulada: 'A28083806',
          NumSerieFacturaAnulada: 'SAMPLE-001',
          FechaExpedicionFacturaAnulada: '11-11-2024',
          FechaHoraHusoGenRegistro: '2024-11-21T10:00:55+01:00',
        },
      }),
    ).toBe('A166B0391BCE34DA3A5B022837D0C426F7A4E2F795EBB4581B7BD79E74BCAA95');
  });
});

describe('computeVerifactuHash: the literal values are what is hashed', () => {
  it('hashes the amount text as written: 121.1 and 121.10 differ; surrounding spaces are trimmed', () => {
    expect(computeVerifactuHash(alta({ ImporteTotal: '121.1' }))).not.toBe(
      computeVerifactuHash(alta({ ImporteTotal: '121.10' })),
    );
    expect(computeVerifactuHash(alta({ ImporteTotal: ' 123.45 ' }))).toBe(computeVerifactuHash(alta({})));
  });

  it('refuses a missing field', () => {
    expect(() => computeVerifactuHash(alta({ TipoFactura: '' }))).toThrow(/TipoFactura/);
    expect(() => computeVerifactuHash(alta({ FechaHoraHusoGenRegistro: ' ' }))).toThrow(
      /FechaHoraHusoGenRegistro/,
    );
  });

  it('hashes the previous huella literally, even a malformed one (invopop "Basic 1", 63 characters)', () => {
    expect(
      computeVerifactuHash(
        alta(
          {
            IDEmisorFactura: 'A28083806',
            NumSerieFactura: 'SAMPLE-001',
            FechaExpedicionFactura: '11-11-2024',
            CuotaTotal: '378.00',
            ImporteTotal: '2178.00',
            FechaHoraHusoGenRegistro: '2024-11-20T19:00:55+01:00',
          },
          '4B0A5C1D3F28E6A79B8C2D1E0F3A4B5C6D7E8F9A0B1C2D3E4F5A6B7C8D9E0F1',
        ),
      ),
    ).toBe('CDF61559670788B743FE269DF39622F01253932740BF6A254ABDABD622150E98');
  });
});
