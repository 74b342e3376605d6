import { setRuntimeConfig } from '@web/lib/runtime-config';
import { afterEach, describe, expect, it } from 'vitest';
import { holderName, legalEntity, missingEntityFields } from './entity';

const base = {
  apiBaseUrl: '',
  region: 'eu-west-1',
  userPoolId: 'pool',
  userPoolClientId: 'client',
  wsUrl: 'ws://localhost/ws',
};

afterEach(() => setRuntimeConfig(undefined));

describe('the legal entity comes from the deployment’s configuration (LSSI-CE art. 10)', () => {
  it('shows what the deployment set: name with legal form, NIF, address, registry and a contact', () => {
    setRuntimeConfig({
      ...base,
      legalEntity: {
        legalName: 'Cuadra Software, S.L.',
        nif: 'B12345674',
        address: 'Calle Mayor 1, 28013 Madrid',
        registry: 'Registro Mercantil de Madrid, tomo 1, folio 2, hoja M-3',
        email: 'legal@cuadra.example',
      },
    });
    const entity = legalEntity();
    expect(entity).toMatchObject({
      legalName: 'Cuadra Software, S.L.',
      nif: 'B12345674',
      email: 'legal@cuadra.example',
      demo: false,
    });
    expect(holderName()).toBe('Cuadra Software, S.L.');
    expect(missingEntityFields()).toEqual([]);
  });

  it('without configuration keeps the trade name and names every missing field', () => {
    expect(holderName()).toBe('Cuadra');
    expect(missingEntityFields()).toEqual(['razón social', 'NIF', 'domicilio social', 'datos registrales']);
  });
});
