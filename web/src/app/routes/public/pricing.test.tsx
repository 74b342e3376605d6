import { planList, plans } from '@shared/schemas/billing';
import { screen, within } from '@testing-library/react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noSession } from '../../../testing/amplify';
import { renderRoutes } from '../../../testing/render';
import PricingRoute from './pricing';

vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  fetchAuthSession: vi.fn(),
  getCurrentUser: vi.fn(),
}));

/** es-ES currency: comma decimals and a no-break space before the euro sign. */
const euros = (text: string) => text.replace(/ €/g, '\u00a0€');

beforeEach(() => {
  vi.mocked(fetchAuthSession).mockResolvedValue(noSession());
});

afterEach(() => {
  vi.resetAllMocks();
});

const renderPricing = () =>
  renderRoutes([{ path: '/pricing', element: <PricingRoute /> }], { path: '/pricing', withAuth: true });

describe('PricingRoute', () => {
  it('shows every plan of the catalogue with its monthly price in es-ES, VAT excluded', async () => {
    renderPricing();
    await screen.findByRole('heading', { level: 1, name: 'Un plan para cada forma de trabajar' });

    for (const plan of planList) {
      const card = screen.getByRole('group', { name: plan.planName });
      const expected = euros(
        new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(
          plan.monthlyPriceCents / 100,
        ),
      );
      expect(within(card).getByTestId(`price-${plan.planCode}`).textContent).toBe(expected);
    }
    // Written out once, so a change of format or of the catalogue is noticed.
    expect(screen.getByTestId('price-STANDARD_STARTER').textContent).toBe(euros('15,00 €'));
    expect(screen.getByTestId('price-ENTERPRISE_PROFESSIONAL').textContent).toBe(euros('499,00 €'));
    expect(
      within(screen.getByRole('group', { name: plans.GESTORIA_PROFESSIONAL.planName })).getByText(
        // Testing Library collapses the no-break space of the text it searches.
        'IVA no incluido (240,79 € / mes con IVA)',
      ),
    ).toBeTruthy();
  });

  it('links each plan to the checkout with its code', async () => {
    renderPricing();

    const link = await screen.findByRole('link', {
      name: `Elegir el plan ${plans.STANDARD_PROFESSIONAL.planName}`,
    });

    expect(link.getAttribute('href')).toBe('/checkout?plan=STANDARD_PROFESSIONAL');
  });

  it('compares the plans on what works today, without rows for areas still to come', async () => {
    renderPricing();

    const table = await screen.findByRole('table');
    const companiesRow = within(table).getByRole('row', { name: /^Empresas/ });
    expect(
      within(companiesRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(
      planList.map((plan) =>
        plan.limits.maxCompanies === null ? 'Ilimitados' : String(plan.limits.maxCompanies),
      ),
    );
    expect(
      within(table).getByRole('row', { name: /^Facturación emitida y recibida con VeriFacTu/ }),
    ).toBeTruthy();
    // Accounting works (issue 18): its row is there. Payroll does not yet: no row, no add-on section.
    expect(
      within(table).getByRole('row', { name: /^Contabilidad \(Plan General de Contabilidad\)/ }),
    ).toBeTruthy();
    expect(within(table).queryByRole('row', { name: /^Nóminas/ })).toBeNull();
    expect(within(table).queryByRole('row', { name: /nóminas/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Módulos de nóminas' })).toBeNull();
  });

  it('answers the pricing questions', async () => {
    renderPricing();

    expect(await screen.findByText('¿Los precios incluyen IVA?')).toBeTruthy();
    expect(screen.getByText('¿Cómo se paga?')).toBeTruthy();
  });
});
