/**
 * Every text the product shows to sell itself, rendered as a visitor (or a subscriber) sees it:
 * the public pages, every FAQ answer (collapsed on the pages), the subscription page and the
 * onboarding steps. The claims tests (issue 10 item 8) search it for promises of areas that do
 * not work. The calling test file mocks `aws-amplify/auth` and `@web/lib/api-client`.
 */

import { plans } from '@shared/schemas/billing';
import { onboardingCatalogue } from '@shared/schemas/onboarding';
import { screen } from '@testing-library/react';
import { HELP_TOPICS } from '@web/features/marketing/content/help-topics';
import { PRICING_FAQ } from '@web/features/marketing/content/pricing-faq';
import { SubscriptionOverview } from '@web/features/subscription/components/subscription-overview';
import { apiRequest } from '@web/lib/api-client';
import type { ComponentType, ReactNode } from 'react';
import { answerApi } from '../../../../testing/api-mock';
import { renderRoutes } from '../../../../testing/render';
import AboutRoute from '../about';
import CheckoutRoute from '../checkout';
import ContactRoute from '../contact';
import HelpRoute from '../help';
import IntegrationsRoute from '../integrations';
import LandingRoute from '../landing';
import PricingRoute from '../pricing';

const PAGES: [string, ComponentType][] = [
  ['/', LandingRoute],
  ['/pricing', PricingRoute],
  ['/integrations', IntegrationsRoute],
  ['/about', AboutRoute],
  ['/help', HelpRoute],
  ['/contact', ContactRoute],
  ['/checkout?plan=GESTORIA_PROFESSIONAL', CheckoutRoute],
  ['/checkout?plan=ENTERPRISE_PROFESSIONAL', CheckoutRoute],
];

/** A subscriber whose plan unlocks everything, with a payroll add-on. */
const professional = {
  ...plans.GESTORIA_PROFESSIONAL,
  subscriptionId: 'sub-1',
  status: 'ACTIVE',
  addons: [{ addonType: 'PAYROLL_MODULE', status: 'ACTIVE' }],
  currentPeriodEnd: '2026-04-07T09:00:00.000Z',
  trialEndsAt: null,
  startedAt: '2026-01-07T09:00:00.000Z',
};

async function textOf(path: string, element: ReactNode, ready: () => Promise<unknown>) {
  const view = renderRoutes([{ path: path.split('?')[0], element }], { path, withAuth: true });
  await ready();
  const text = document.body.textContent ?? '';
  view.unmount();
  return text;
}

/** Each source with its text, so a failure names where the claim is. */
export async function everyPublicText(): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const [path, Page] of PAGES) {
    texts[path] = await textOf(path, <Page />, () => screen.findByRole('heading', { level: 1 }));
  }
  const answers = [...HELP_TOPICS.flatMap((topic) => topic.items), ...PRICING_FAQ];
  texts.faq = await textOf(
    '/faq',
    <div>
      {answers.map((item) => (
        <section key={item.question}>
          <h2>{item.question}</h2>
          {item.answer}
        </section>
      ))}
    </div>,
    () => screen.findAllByRole('heading', { level: 2 }),
  );
  answerApi(apiRequest, { 'billing.getSubscriptionStatus': { subscription: professional } });
  texts.subscription = await textOf('/app/dashboard/subscription', <SubscriptionOverview />, () =>
    screen.findByText('Periodo pagado hasta'),
  );
  texts.onboarding = Object.values(onboardingCatalogue)
    .flat()
    .map((step) => `${step.title} ${step.description} ${step.instructions}`)
    .join('\n');
  return texts;
}
