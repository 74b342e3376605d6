import { screen } from '@testing-library/react';
import { fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionWithTokens } from '../../../testing/amplify';
import { renderRoutes } from '../../../testing/render';
import CheckoutRoute from './checkout';

vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  fetchAuthSession: vi.fn(),
  getCurrentUser: vi.fn(),
}));

const euros = (text: string) => text.replace(/ €/g, '\u00a0€');

beforeEach(() => {
  vi.mocked(fetchAuthSession).mockResolvedValue(sessionWithTokens({ email: 'ana@gestoria.es' }));
  vi.mocked(getCurrentUser).mockResolvedValue({ userId: 'u-1', username: 'u-1' });
});

afterEach(() => {
  vi.resetAllMocks();
});

const renderCheckout = (search: string) =>
  renderRoutes([{ path: '/checkout', element: <CheckoutRoute /> }], {
    path: `/checkout${search}`,
    withAuth: true,
  });

describe('CheckoutRoute', () => {
  it('rejects a plan that is not in the catalogue', async () => {
    renderCheckout('?plan=PLATINUM_FOREVER');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'El plan seleccionado no existe' }),
    ).toBeTruthy();
    expect(screen.queryByText('Solicitar alta')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ver planes y precios' }).getAttribute('href')).toBe('/pricing');
  });

  it('rejects a checkout without a plan', async () => {
    renderCheckout('');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'El plan seleccionado no existe' }),
    ).toBeTruthy();
  });

  it('breaks the monthly price down into base, IVA 21 % and total from integer céntimos', async () => {
    renderCheckout('?plan=GESTORIA_PROFESSIONAL');

    expect(await screen.findByRole('heading', { level: 1, name: 'Plan Gestoría Professional' })).toBeTruthy();
    expect(screen.getByTestId('checkout-base').textContent).toBe(euros('199,00 €'));
    expect(screen.getByTestId('checkout-vat').textContent).toBe(euros('41,79 €'));
    expect(screen.getByTestId('checkout-total').textContent).toBe(euros('240,79 €'));
    expect(screen.getByText('IVA (21 %)')).toBeTruthy();
  });

  it('asks sales for the subscription by e-mail instead of taking a payment', async () => {
    renderCheckout('?plan=STANDARD_STARTER');
    // Behind RequireAuth the session is known; here, wait for it.
    await screen.findByText('Ir a mi panel');

    // By text: the accessible-name query over the whole page is slow in happy-dom.
    const request = (await screen.findByText('Solicitar alta')).closest('a') as HTMLAnchorElement;
    const href = request.getAttribute('href') ?? '';
    expect(href.startsWith('mailto:ventas@cuadra.app?')).toBe(true);
    const body = new URLSearchParams(href.split('?')[1]).get('body') ?? '';
    expect(body).toContain('STANDARD_STARTER');
    expect(body).toContain('ana@gestoria.es');
    expect(screen.getByText('El pago en línea no está disponible.')).toBeTruthy();
  });
});
