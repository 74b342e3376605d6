import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noSession, sessionWithTokens } from '../../../testing/amplify';
import { renderRoutes } from '../../../testing/render';
import { PublicLayout } from './public-layout';

vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  fetchAuthSession: vi.fn(),
  getCurrentUser: vi.fn(),
}));

const originalMatchMedia = window.matchMedia;

/** A phone: every `min-width` query fails. */
function narrowScreen() {
  window.matchMedia = ((query: string) => ({
    matches: !query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

beforeEach(() => {
  vi.mocked(fetchAuthSession).mockResolvedValue(noSession());
});

afterEach(() => {
  vi.resetAllMocks();
  window.matchMedia = originalMatchMedia;
});

const renderLayout = (element = <PublicLayout>Contenido</PublicLayout>) =>
  renderRoutes([{ path: '/', element }], { withAuth: true });

describe('PublicLayout', () => {
  it('frames a page once, even when wrapped twice', async () => {
    renderLayout(
      <PublicLayout>
        <PublicLayout>Contenido</PublicLayout>
      </PublicLayout>,
    );

    expect(await screen.findByText('Contenido')).toBeTruthy();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getAllByRole('contentinfo')).toHaveLength(1);
  });

  it('sends a signed-in visitor back to the application instead of offering sign-in', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(sessionWithTokens());
    vi.mocked(getCurrentUser).mockResolvedValue({ userId: 'u-1', username: 'u-1' });
    renderLayout();

    const back = await screen.findByText('Ir a mi panel');
    expect(back.closest('a')?.getAttribute('href')).toBe('/app/dashboard');
    expect(screen.queryByText('Iniciar sesión')).toBeNull();
  });

  it('on a phone, hides the navigation behind a menu button', async () => {
    narrowScreen();
    renderLayout();

    const toggle = await screen.findByRole('button', { name: /Menú/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('link', { name: 'Precios' })).toBeNull();

    fireEvent.click(toggle);

    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('true'));
    expect(within(header).getByRole('link', { name: 'Precios' })).toBeTruthy();
    expect(within(header).getByText('Empezar gratis')).toBeTruthy();
  });

  it('lists the five legal pages and the contact addresses in the footer', async () => {
    renderLayout();

    const footer = await screen.findByRole('contentinfo');
    for (const [label, href] of [
      ['Condiciones de uso', '/legal/terms'],
      ['Política de privacidad', '/legal/privacy'],
      ['Política de cookies', '/legal/cookies'],
      ['Aviso legal', '/legal/legal-notice'],
      ['Política de uso aceptable', '/legal/usage-policy'],
    ]) {
      expect(footer.querySelector(`a[href="${href}"]`)?.textContent).toBe(label);
    }
    expect(footer.querySelector('a[href="mailto:soporte@cuadra.app"]')).toBeTruthy();
    expect(footer.querySelector('a[href="mailto:ventas@cuadra.app"]')).toBeTruthy();
  });
});
