import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render';
import { RegisterForm } from './register-form';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

function renderRegister() {
  return renderRoutes(
    [
      { path: '/auth/register', element: <RegisterForm /> },
      { path: '/auth/register-confirmation', element: <p>Confirmación</p> },
    ],
    { path: '/auth/register' },
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The antd form item (label, control and its error) around a labelled control. */
const fieldOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

function fillAutonomo({ nif = '12345678Z', confirm = 'Secreta-2026x', address = true } = {}) {
  type('Nombre', 'Laura');
  type('Apellidos', 'Gómez Ruiz');
  type('Email', 'laura@gomez.es');
  type('Contraseña', 'Secreta-2026x');
  type('Repite la contraseña', confirm);
  type('NIF (DNI o NIE)', nif);
  if (address) {
    type('Dirección', ' Calle Mayor 12, 3º B ');
    // The postal code fills the province (28 = Madrid).
    type('Código postal', '28013');
    type('Población', 'Madrid');
  }
  fireEvent.click(screen.getByRole('checkbox', { name: /acepto las condiciones de uso/ }));
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));

afterEach(() => {
  vi.resetAllMocks();
});

// A long form with antd Selects: on a busy two-core machine a full fill takes several seconds.
describe('RegisterForm', { timeout: 20_000 }, () => {
  it('checks the NIF live with the reason of @shared/fiscal/nif', async () => {
    renderRegister();
    await screen.findByLabelText('NIF (DNI o NIE)');

    type('NIF (DNI o NIE)', '12345678A');

    expect(
      await within(fieldOf('NIF (DNI o NIE)')).findByText('La letra del DNI no es correcta.'),
    ).toBeTruthy();
  });

  it('asks a company for a CIF, not a DNI', async () => {
    renderRegister();
    fireEvent.click(await screen.findByRole('radio', { name: 'Empresa' }));
    await screen.findByLabelText('NIF de la empresa (CIF)');

    type('NIF de la empresa (CIF)', '12345678Z');

    expect(
      await within(fieldOf('NIF de la empresa (CIF)')).findByText('El NIF de una sociedad debe ser un CIF.'),
    ).toBeTruthy();
  });

  it('refuses a confirmation that does not match, without calling the API', async () => {
    renderRegister();
    await screen.findByLabelText('Nombre');
    fillAutonomo({ confirm: 'Secreta124' });

    submit();

    expect(
      await within(fieldOf('Repite la contraseña')).findByText('Las contraseñas no coinciden.'),
    ).toBeTruthy();
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it('applies the password policy of @shared/schemas/identity', async () => {
    renderRegister();
    await screen.findByLabelText('Contraseña');

    type('Contraseña', 'secreta-clave-123');

    expect(
      await within(fieldOf('Contraseña')).findByText(
        'La contraseña debe incluir al menos una letra mayúscula.',
      ),
    ).toBeTruthy();
  });

  it('shows the API error on the field it names', async () => {
    vi.mocked(apiRequest).mockRejectedValue(
      new ApiError({
        code: 'CORE_004',
        message: 'Ya existe una cuenta con este email.',
        status: 400,
        field: 'email',
      }),
    );
    renderRegister();
    await screen.findByLabelText('Nombre');
    fillAutonomo();

    submit();

    expect(await within(fieldOf('Email')).findByText('Ya existe una cuenta con este email.')).toBeTruthy();
    expect(screen.queryByRole('alert', { name: /Ya existe/ })).toBeNull();
  });

  it('strips the "field:" prefix of a schema error on a nested field', async () => {
    vi.mocked(apiRequest).mockRejectedValue(
      new ApiError({
        code: 'CORE_004',
        message: 'company.nif: El NIF de un autónomo debe ser un DNI o un NIE.',
        status: 400,
        field: 'company.nif',
      }),
    );
    renderRegister();
    await screen.findByLabelText('Nombre');
    fillAutonomo();

    submit();

    expect(
      await within(fieldOf('NIF (DNI o NIE)')).findByText('El NIF de un autónomo debe ser un DNI o un NIE.'),
    ).toBeTruthy();
  });

  it('posts the body of the schema and goes to the confirmation with the e-mail', async () => {
    vi.mocked(apiRequest).mockResolvedValue({
      userId: 'u-1',
      email: 'laura@gomez.es',
      requiresEmailVerification: true,
    });
    const { router } = renderRegister();
    await screen.findByLabelText('Nombre');
    fillAutonomo({ nif: '12345678z' });

    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register-confirmation'));
    expect(router.state.location.search).toBe('?email=laura%40gomez.es');
    expect(apiRequest).toHaveBeenCalledWith('auth.register', {
      body: {
        accountType: 'AUTONOMO',
        firstName: 'Laura',
        lastName: 'Gómez Ruiz',
        email: 'laura@gomez.es',
        password: 'Secreta-2026x',
        acceptTerms: true,
        company: {
          nif: '12345678Z',
          companyType: 'AUTONOMO',
          address: {
            street: 'Calle Mayor 12, 3º B',
            postalCode: '28013',
            city: 'Madrid',
            province: 'Madrid',
            country: 'ES',
          },
        },
      },
    });
  });

  it('asks an autónomo for the fiscal address and does not register without it', async () => {
    renderRegister();
    await screen.findByLabelText('Nombre');
    fillAutonomo({ address: false });

    submit();

    expect(await within(fieldOf('Dirección')).findByText('La dirección es obligatoria.')).toBeTruthy();
    expect(within(fieldOf('Código postal')).getByText('El código postal es obligatorio.')).toBeTruthy();
    expect(within(fieldOf('Población')).getByText('La población es obligatoria.')).toBeTruthy();
    expect(within(fieldOf('Provincia')).getByText('Elige la provincia.')).toBeTruthy();
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it('refuses a postal code of another province than the one chosen', async () => {
    renderRegister();
    await screen.findByLabelText('Nombre');
    fillAutonomo();

    type('Código postal', '08001');

    expect(
      await within(fieldOf('Código postal')).findByText(
        'El código postal no es de Madrid: los de Madrid empiezan por 28.',
      ),
    ).toBeTruthy();
  });

  it('requires accepting the terms', async () => {
    renderRegister();
    await screen.findByLabelText('Nombre');

    submit();

    expect(await screen.findByText('Debes aceptar los términos y condiciones.')).toBeTruthy();
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it('asks a gestoría for its firm name instead of a company', async () => {
    renderRegister();
    fireEvent.click(await screen.findByRole('radio', { name: 'Gestoría' }));

    expect(await screen.findByLabelText('Nombre de la gestoría')).toBeTruthy();
    expect(screen.queryByLabelText(/^NIF/)).toBeNull();
    expect(screen.queryByLabelText('Código postal')).toBeNull();
  });
});
