import { ApiError } from '@web/lib/api-error';
import { describe, expect, it, vi } from 'vitest';
import { apiFieldErrors, showApiErrorOnForm } from './api-field-errors';

const validation = (field: string, message: string, issues?: { field: string; message: string }[]) =>
  new ApiError({
    code: 'CORE_004',
    message,
    status: 400,
    field,
    details: issues ? { location: 'body', issues } : null,
  });

describe('apiFieldErrors', () => {
  it('splits a nested field and drops the field prefix of the message', () => {
    expect(
      apiFieldErrors(validation('address.postalCode', 'address.postalCode: El código postal no es válido.')),
    ).toEqual([{ name: ['address', 'postalCode'], errors: ['El código postal no es válido.'] }]);
  });

  it('uses every issue of a validation error', () => {
    const error = validation('name', 'name: Demasiado corto', [
      { field: 'name', message: 'Demasiado corto' },
      { field: 'address.city', message: 'Obligatorio' },
    ]);
    expect(apiFieldErrors(error)).toEqual([
      { name: ['name'], errors: ['Demasiado corto'] },
      { name: ['address', 'city'], errors: ['Obligatorio'] },
    ]);
  });

  it('finds nothing in an error without a field', () => {
    expect(apiFieldErrors(new ApiError({ code: 'CORE_005', message: 'Error', status: 500 }))).toEqual([]);
    expect(apiFieldErrors(new Error('x'))).toEqual([]);
  });
});

describe('showApiErrorOnForm', () => {
  it("sets only the form's own fields", () => {
    const form = { setFields: vi.fn(), scrollToField: vi.fn() };
    expect(showApiErrorOnForm(form, validation('body', 'JSON no válido'), ['nif'])).toBe(false);
    expect(showApiErrorOnForm(form, validation('nif', 'Una sociedad...'), ['nif'])).toBe(true);
    expect(form.setFields).toHaveBeenCalledWith([{ name: ['nif'], errors: ['Una sociedad...'] }]);
  });
});
