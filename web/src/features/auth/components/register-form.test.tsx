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

function fillAutonomo({ nif = '12345678Z', confirm = 'Secreta123' } = {}) {
  type('Nombre', 'Laura');
  type('Apellidos', 'Gómez Ruiz');
  type('Email', 'laura@gomez.es');
  type('Contraseña', 'Secreta123');
  type('Repite la contraseña', confirm);
  type('NIF (DNI o NIE)', nif);
  fireEvent.click(screen.getByRole('checkbox', { name: /acepto las condiciones de uso/ }));
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));

afterEach(() => {
  vi.resetAllMocks();
});

describe('RegisterForm', () => {
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

    type('Contraseña', 'secreta123');

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
        password: 'Secreta123',
        acceptTerms: true,
        company: { nif: '12345678Z', companyType: 'AUTONOMO' },
      },
    });
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
  });
});
