import type { ProfileResult } from '@shared/schemas/identity';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { toast } from '@web/lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { ChangePasswordForm } from './change-password-form';
import { LogOutEverywhere } from './log-out-everywhere';
import { ProfileDetails } from './profile-details';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
const signOut = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('@web/lib/auth', async (original) => ({
  ...(await original<typeof import('@web/lib/auth')>()),
  useAuth: () => ({ signOut }),
}));
vi.mock('@web/lib/toast', () => ({
  toast: { info: vi.fn(), warning: vi.fn(), error: vi.fn(), success: vi.fn(), fromError: vi.fn() },
}));

const profile = {
  userId: 'u-1',
  email: 'lucia@gestoria.es',
  firstName: 'Lucía',
  lastName: 'Martínez',
  phone: '+34 915 234 567',
  role: 'GESTOR',
  isAutonomous: false,
  emailVerified: true,
  isActive: true,
  createdAt: '2025-01-07T09:00:00Z',
  clientPermissions: [],
  invitedByUserId: null,
  defaultCompanyId: 'c-1',
  companies: [],
} as ProfileResult;

afterEach(() => vi.clearAllMocks());

describe('profile', () => {
  it('shows the profile and saves names and phone, a blank phone as null', async () => {
    answerApi(apiRequest, {
      'users.updateProfile': ({ body }: { body?: unknown }) => ({ ...profile, ...(body as object) }),
    });
    renderRoutes([{ path: '/', element: <ProfileDetails profile={profile} /> }]);
    expect(screen.getByText('lucia@gestoria.es')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Editar/ }));
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Lucía María' } });
    fireEvent.change(screen.getByLabelText(/^Teléfono/), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await waitFor(() => expect(callsTo(apiRequest, 'users.updateProfile')).toHaveLength(1));
    expect(callsTo(apiRequest, 'users.updateProfile')[0]?.body).toEqual({
      firstName: 'Lucía María',
      lastName: 'Martínez',
      phone: null,
    });
  });

  it('checks the password policy and the confirmation before changing the password', async () => {
    answerApi(apiRequest, {
      'auth.changePassword': { message: 'Tu contraseña se ha cambiado correctamente.' },
    });
    renderRoutes([{ path: '/', element: <ChangePasswordForm /> }]);
    fireEvent.change(screen.getByLabelText('Contraseña actual'), { target: { value: 'Vieja-2025' } });
    fireEvent.change(screen.getByLabelText('Nueva contraseña'), { target: { value: 'corta' } });
    fireEvent.change(screen.getByLabelText('Confirmar nueva contraseña'), { target: { value: 'otra' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

    expect(await screen.findByText('La contraseña debe tener al menos 12 caracteres.')).toBeTruthy();
    expect(await screen.findByText('Las contraseñas no coinciden.')).toBeTruthy();
    expect(callsTo(apiRequest, 'auth.changePassword')).toHaveLength(0);

    // Long enough, but in the shipped list of common passwords.
    fireEvent.change(screen.getByLabelText('Nueva contraseña'), { target: { value: 'Qwerty123456' } });
    expect(await screen.findByText('Esta contraseña es demasiado común. Elige otra.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Nueva contraseña'), { target: { value: 'Nueva-Clave-2026' } });
    fireEvent.change(screen.getByLabelText('Confirmar nueva contraseña'), {
      target: { value: 'Nueva-Clave-2026' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

    await waitFor(() => expect(callsTo(apiRequest, 'auth.changePassword')).toHaveLength(1));
    expect(callsTo(apiRequest, 'auth.changePassword')[0]?.body).toEqual({
      currentPassword: 'Vieja-2025',
      newPassword: 'Nueva-Clave-2026',
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Tu contraseña se ha cambiado correctamente. Inicia sesión con la nueva contraseña.',
      ),
    );
    // Every session ended with the change, this one too: sign out and log in again.
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('closes every session on every device, then signs out here', async () => {
    answerApi(apiRequest, { 'auth.logoutAll': { message: 'Has cerrado sesión en todos tus dispositivos.' } });
    renderRoutes([{ path: '/', element: <LogOutEverywhere /> }]);

    fireEvent.click(screen.getByRole('button', { name: /Cerrar sesión en todos los dispositivos/ }));
    // Nothing happens before the confirmation.
    expect(callsTo(apiRequest, 'auth.logoutAll')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesiones' }));

    await waitFor(() => expect(callsTo(apiRequest, 'auth.logoutAll')).toHaveLength(1));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(toast.success).toHaveBeenCalledWith('Has cerrado sesión en todos tus dispositivos.');
  });

  it('stays signed in and says why when the server could not close the sessions', async () => {
    const refusal = new ApiError({ code: 'CORE_005', status: 500, message: 'Error interno del servidor.' });
    answerApi(apiRequest, {
      'auth.logoutAll': () => {
        throw refusal;
      },
    });
    renderRoutes([{ path: '/', element: <LogOutEverywhere /> }]);

    fireEvent.click(screen.getByRole('button', { name: /Cerrar sesión en todos los dispositivos/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesiones' }));

    await waitFor(() =>
      expect(toast.fromError).toHaveBeenCalledWith(refusal, {
        title: 'No se ha podido cerrar sesión en todos los dispositivos',
      }),
    );
    expect(signOut).not.toHaveBeenCalled();
  });
});
