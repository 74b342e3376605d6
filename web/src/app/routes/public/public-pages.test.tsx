import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noSession } from '../../../testing/amplify';
import { renderRoutes } from '../../../testing/render';
import AboutRoute from './about';
import ContactRoute from './contact';
import HelpRoute from './help';
import IntegrationsRoute from './integrations';
import LandingRoute from './landing';

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

const render = (path: string, Page: ComponentType) =>
  renderRoutes(
    [
      { path, element: <Page /> },
      { path: '/auth/register', element: <p>Registro</p> },
    ],
    { path, withAuth: true },
  );

describe('public pages', () => {
  it.each([
    ['/', LandingRoute, 'Tus facturas y VeriFacTu, cuadrados en un solo sitio'],
    ['/integrations', IntegrationsRoute, 'Cuadra se conecta con la AEAT y con tus herramientas'],
    ['/about', AboutRoute, 'Queremos que la administración de tu empresa cuadre a la primera'],
    ['/contact', ContactRoute, 'Habla con nosotros'],
    ['/help', HelpRoute, '¿En qué podemos ayudarte?'],
  ])('%s has one title', async (path, Page, title) => {
    render(path, Page);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('the landing speaks to gestorías, companies and autónomos, and leads to the registration', async () => {
    const { router } = render('/', LandingRoute);

    expect(await screen.findByRole('heading', { name: 'Para gestorías y asesorías' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /^Para empresas/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Para autónomos' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Seguridad y privacidad' })).toBeTruthy();
    // Only what works today (shared/capabilities.ts): VeriFacTu and bank statements yes, payroll not yet.
    expect(screen.getByRole('heading', { level: 3, name: 'VeriFacTu' })).toBeTruthy();
    expect(screen.getAllByText(/Norma 43/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/^Nóminas:/)).toBeNull();

    fireEvent.click(screen.getAllByText('Empezar gratis')[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register'));
  });

  it('the header offers the navigation, sign-in and sign-up to a guest', async () => {
    render('/about', AboutRoute);

    const nav = (await screen.findAllByRole('navigation', { name: 'Principal' }))[0]!;
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Precios', 'Integraciones', 'Sobre nosotros', 'Ayuda', 'Contacto']);
    expect(await screen.findByText('Iniciar sesión')).toBeTruthy();
    expect(screen.getAllByText('Empezar gratis')[0]!.closest('a')?.getAttribute('href')).toBe(
      '/auth/register',
    );
  });

  it('the contact page shows the channels and mail links, with no form to submit', async () => {
    render('/contact', ContactRoute);

    await screen.findByRole('heading', { level: 1, name: 'Habla con nosotros' });
    expect(screen.getByText('Escribir a ventas').closest('a')?.getAttribute('href')).toMatch(
      /^mailto:ventas@cuadra\.app\?subject=/,
    );
    expect(screen.getByText('Escribir a soporte').closest('a')?.getAttribute('href')).toMatch(
      /^mailto:soporte@cuadra\.app\?subject=/,
    );
    expect(screen.getAllByText(/De lunes a viernes, de 9:00 a 18:00/).length).toBeGreaterThan(0);
    expect(document.querySelector('form')).toBeNull();
  });

  it('the help centre groups its questions by topic and opens an answer', async () => {
    render('/help', HelpRoute);

    for (const topic of [
      'Acceso y cuenta',
      'Empresas',
      'Facturación',
      // The SII is on main (issue 16): the topic covers both AEAT invoice-reporting systems.
      'VeriFacTu y SII',
      'Seguridad y privacidad',
      'Impuestos',
    ]) {
      expect(await screen.findByRole('heading', { level: 2, name: topic })).toBeTruthy();
    }
    // With the fiscal calendar, the VAT models and the income-tax models on main, the tax topic shows
    // its deadline question and the models question in its full wording (issue 15).
    expect(screen.getByText('¿Cuándo vencen las declaraciones trimestrales?')).toBeTruthy();
    expect(screen.getAllByText('¿Qué modelos prepara Cuadra?')).toHaveLength(1);
    fireEvent.click(screen.getByText('¿Qué modelos prepara Cuadra?'));
    expect(await screen.findByText(/130 \(pago fraccionado del IRPF\)/)).toBeTruthy();
    expect(screen.queryByText(/Los de IVA: el 303/)).toBeNull();
    expect(screen.queryByText(/Al menos 8 caracteres, con una letra mayúscula/)).toBeNull();

    fireEvent.click(screen.getByText('¿Qué requisitos tiene la contraseña?'));

    expect(await screen.findByText(/Al menos 8 caracteres, con una letra mayúscula/)).toBeTruthy();
  });
});
