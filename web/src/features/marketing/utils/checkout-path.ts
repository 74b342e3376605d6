import { paths } from '@web/lib/paths';

/** The query parameter the checkout reads the chosen plan from. */
export const CHECKOUT_PLAN_PARAM = 'plan';

/** `/checkout?plan=<planCode>`. */
export const checkoutPath = (planCode: string): string =>
  `${paths.checkout}?${new URLSearchParams({ [CHECKOUT_PLAN_PARAM]: planCode })}`;
