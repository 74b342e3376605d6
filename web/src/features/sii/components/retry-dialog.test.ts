import { describe, expect, it } from 'vitest';
import { entry } from '../testing/fixtures';
import { retryInitialValues, toRetryBody } from './retry-dialog';

describe('the retry corrections', () => {
  const initial = retryInitialValues(entry(), false);

  it('starts from the record as it was sent', () => {
    expect(initial).toEqual({
      counterpartyName: 'Frutas Huerta SL',
      counterpartyNif: 'B12345674',
      useOtherId: false,
      otherCountry: 'ES',
      otherIdType: '07',
      otherId: 'B12345674',
      description: 'Transporte de mercancías',
    });
    expect(retryInitialValues(entry(), true).useOtherId).toBe(true);
  });

  it('sends nothing when nothing changed: a plain retry', () => {
    expect(toRetryBody(initial, initial)).toEqual({});
    expect(toRetryBody({ ...initial, counterpartyName: '  Frutas Huerta SL ' }, initial)).toEqual({});
  });

  it('sends only what changed, the NIF upper-cased', () => {
    expect(
      toRetryBody(
        { ...initial, counterpartyNif: 'b76543210', description: 'Portes Valencia–Madrid' },
        initial,
      ),
    ).toEqual({ corrections: { counterpartyNif: 'B76543210', description: 'Portes Valencia–Madrid' } });
  });

  it('sends the counterparty as IDOtro instead of its NIF when asked (07 after error 1117)', () => {
    expect(
      toRetryBody(
        {
          ...initial,
          useOtherId: true,
          counterpartyNif: 'X',
          otherCountry: 'fr',
          otherIdType: '02',
          otherId: 'fr12345678901',
        },
        initial,
      ),
    ).toEqual({
      corrections: { counterpartyOtherId: { countryCode: 'FR', idType: '02', id: 'FR12345678901' } },
    });
  });
});
