import { screen } from '@testing-library/react';
import { setRuntimeConfig } from '@web/lib/runtime-config';
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

describe('every legal page names the owner from the deployment’s configuration (issue 10 item 9)', () => {
  afterEach(() => setRuntimeConfig(undefined));

  it.each(PAGES)('%s shows name, NIF, address, registry and contact', async (path, title, Page) => {
    setRuntimeConfig({
      apiBaseUrl: '',
      region: 'eu-west-1',
      userPoolId: 'pool',
      userPoolClientId: 'client',
      wsUrl: 'ws://localhost/ws',
      legalEntity: {
        legalName: 'Cuadra Software, S.L.',
        nif: 'B12345674',
        address: 'Calle Mayor 1, 28013 Madrid',
        registry: 'Registro Mercantil de Madrid, tomo 1, folio 2, hoja M-3',
        email: 'legal@cuadra.example',
        demo: true,
      },
    });
    renderRoutes([{ path, element: <Page /> }], { path, withAuth: true });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    for (const text of [
      'B12345674',
      'Calle Mayor 1, 28013 Madrid',
      'Registro Mercantil de Madrid, tomo 1, folio 2, hoja M-3',
    ]) {
      expect(screen.getAllByText(text).length, text).toBeGreaterThan(0);
    }
    expect(screen.getAllByText(/Cuadra Software, S\.L\./).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'legal@cuadra.example' }).length).toBeGreaterThan(0);
    expect(screen.getByText(/Datos de demostración/)).toBeTruthy();
  });
});

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
