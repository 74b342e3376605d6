import { screen } from '@testing-library/react';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noSession } from '../../../testing/amplify';
import { renderRoutes } from '../../../testing/render';
import CookiesRoute from './cookies';
import LegalNoticeRoute from './legal-notice';
import PrivacyRoute from './privacy';
import TermsRoute from './terms';
import UsagePolicyRoute from './usage-policy';

vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  fetchAuthSession: vi.fn(),
  getCurrentUser: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(fetchAuthSession).mockResolvedValue(noSession());
});

afterEach(() => {
  vi.resetAllMocks();
});

const PAGES: [string, string, ComponentType, RegExp][] = [
  ['/legal/terms', 'Condiciones de uso', TermsRoute, /Ley aplicable y jurisdicción/],
  ['/legal/privacy', 'Política de privacidad', PrivacyRoute, /Agencia Española de Protección de Datos/],
  ['/legal/cookies', 'Política de cookies', CookiesRoute, /selected_company/],
  ['/legal/legal-notice', 'Aviso legal', LegalNoticeRoute, /artículo 10 de la Ley 34\/2002/],
  ['/legal/usage-policy', 'Política de uso aceptable', UsagePolicyRoute, /facturas falsas/],
];

describe('legal pages', () => {
  it.each(PAGES)('%s renders its title and its content', async (path, title, Page, content) => {
    renderRoutes([{ path, element: <Page /> }], { path, withAuth: true });

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getAllByText(content).length).toBeGreaterThan(0);
    // Inside the public layout: the legal links of the footer are there too.
    expect(screen.getByRole('link', { name: 'Aviso legal' }).getAttribute('href')).toBe(
      '/legal/legal-notice',
    );
  });

  it('the privacy policy names AWS as processor and how to exercise the rights', async () => {
    renderRoutes([{ path: '/legal/privacy', element: <PrivacyRoute /> }], {
      path: '/legal/privacy',
      withAuth: true,
    });

    expect(await screen.findByText('Amazon Web Services EMEA SARL (AWS)')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Cómo ejercerlos' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '7. Tus derechos (ARCO-POL)' })).toBeTruthy();
  });

  it('the cookie policy lists the essential keys the SPA stores', async () => {
    renderRoutes([{ path: '/legal/cookies', element: <CookiesRoute /> }], {
      path: '/legal/cookies',
      withAuth: true,
    });

    for (const key of ['selected_company', 'cookie_consent', 'remember_me']) {
      expect(await screen.findByText(key)).toBeTruthy();
    }
    expect(screen.getByText(/auth_token/)).toBeTruthy();
    expect(screen.getByText(/refresh_token/)).toBeTruthy();
  });
});
