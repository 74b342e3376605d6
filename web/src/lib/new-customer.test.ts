import { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../testing/api-mock';
import { ApiError } from './api-error';
import {
  invalidateCustomers,
  newCustomerBody,
  newCustomerField,
  provinceOf,
  saveNewCustomer,
} from './new-customer';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterEach(() => vi.resetAllMocks());

describe('new customer', () => {
  it('builds the customers.create body, the province from a Spanish postal code when left empty', () => {
    expect(
      newCustomerBody(
        {
          nif: ' b12345674 ',
          name: ' Academia Sol ',
          address: 'Calle Sol 3',
          postalCode: '46001',
          city: 'Valencia',
        },
        15,
      ),
    ).toEqual({
      name: 'Academia Sol',
      taxId: 'B12345674',
      address: {
        street: 'Calle Sol 3',
        postalCode: '46001',
        city: 'Valencia',
        province: 'Valencia',
        country: 'ES',
      },
      paymentTermsDays: 15,
    });
    expect(provinceOf({ postalCode: '28012', province: 'Comunidad de Madrid' })).toBe('Comunidad de Madrid');
    expect(provinceOf({ postalCode: '28012', country: 'pt' })).toBe('');
    expect(provinceOf({ postalCode: '99999' })).toBe('');
  });

  it("places the API's fields on the typed customer's fields", () => {
    expect(newCustomerField('taxId')).toBe('nif');
    expect(newCustomerField('address.street')).toBe('address');
    expect(newCustomerField('address.province')).toBe('province');
    expect(newCustomerField('iban')).toBeUndefined();
  });

  it('reuses the customer the company already has with that tax id; other refusals stay errors', async () => {
    const body = newCustomerBody({
      nif: 'B12345674',
      name: 'X',
      address: 'a',
      postalCode: '28012',
      city: 'M',
    });
    answerApi(apiRequest, {
      'customers.create': () => {
        throw new ApiError({
          code: 'CORE_004',
          message: 'Ya existe un cliente con este identificador fiscal en la empresa.',
          status: 400,
          details: { reason: 'DUPLICATE_TAX_ID', customerId: 'cus-old' },
        });
      },
    });
    await expect(saveNewCustomer(body, 'c-1')).resolves.toEqual({ customerId: 'cus-old', reused: true });

    answerApi(apiRequest, {
      'customers.create': () => {
        throw new ApiError({ code: 'CORE_002', message: 'No tienes permisos.', status: 403 });
      },
    });
    await expect(saveNewCustomer(body, 'c-1')).rejects.toMatchObject({ code: 'CORE_002' });
  });

  it("refreshes every customer list and picker of the company, and no other company's", async () => {
    const client = new QueryClient();
    const keys = [
      ['customers', 'c-1', 'list'],
      ['invoicing', 'c-1', 'customers', 'search', ''],
      ['recurring', 'c-1', 'customers', ''],
      ['invoicing', 'c-1', 'list'],
      ['customers', 'c-2', 'list'],
    ];
    for (const key of keys) client.setQueryData(key, {});
    await invalidateCustomers(client, 'c-1');
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
