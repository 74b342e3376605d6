import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../testing/render';
import { TaxWelcomeCard, taxSetupPath } from './tax-welcome-card';

describe('taxSetupPath', () => {
  it("is the company's fiscal tab, or the companies when none is selected", () => {
    expect(taxSetupPath('c-1')).toBe('/app/companies/c-1/configuration?tab=fiscal');
    expect(taxSetupPath(null)).toBe('/app/companies');
  });
});

describe('TaxWelcomeCard', { timeout: 20_000 }, () => {
  it("'Configurar Ahora' is a real link that opens the fiscal tab inside the app", async () => {
    const { router } = renderRoutes(
      [
        {
          path: '/app/tax/models',
          element: <TaxWelcomeCard companyId="c-1" description="Texto del modelo." />,
        },
        { path: '/app/companies/:companyId/configuration', element: <p>Configuración de la empresa</p> },
      ],
      { path: '/app/tax/models' },
    );

    expect(await screen.findByText('Bienvenido! Configuración Fiscal')).toBeTruthy();
    expect(screen.getByText('Texto del modelo.')).toBeTruthy();
    expect(screen.queryByText('Configuración fiscal incompleta')).toBeNull();
    const link = screen.getByRole('link', { name: 'Configurar Ahora' });
    expect(link.getAttribute('href')).toBe('/app/companies/c-1/configuration?tab=fiscal');

    fireEvent.click(link);
    expect(await screen.findByText('Configuración de la empresa')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=fiscal');
  });

  it("with `incomplete`, the warning 'Configuración fiscal incompleta' comes first", async () => {
    renderRoutes([{ path: '/', element: <TaxWelcomeCard companyId={null} incomplete /> }]);
    expect(await screen.findByText('Configuración fiscal incompleta')).toBeTruthy();
    expect(screen.getByText(/calculará sus obligaciones con la AEAT/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configurar Ahora' }).getAttribute('href')).toBe(
      '/app/companies',
    );
  });
});
