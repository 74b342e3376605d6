/**
 * The compiler checks every domain's action table against the route table (README: "the type
 * checker refuses a domain handler with a missing or unknown action"). The `@ts-expect-error`
 * lines below are part of `npm run typecheck`: if the check ever goes slack (a row type widened
 * back to `string`, a looser action table), the directive is unused and the typecheck fails.
 */

import { routeIds, routes } from '@shared/api/routes';
import { describe, expect, it } from 'vitest';
import {
  type ActionsOf,
  createApiHandler,
  defineAction,
  defineCompanyAction,
  defineUserAction,
  type RoutesOf,
} from './http';

const anything = defineAction({ run: async () => null });
const userAction = defineUserAction({ run: async ({ auth }) => auth.userId });
const companyAction = defineCompanyAction({ run: async ({ scope }) => scope.companyId });

describe('typed route table', () => {
  it('a domain table must hold exactly its routes, each with an action of the right kind', () => {
    const complete: ActionsOf<'billing', unknown> = {
      'billing.getSubscription': userAction,
      'billing.getSubscriptionStatus': userAction,
    };

    // @ts-expect-error a route of the domain without its action
    const missing: ActionsOf<'billing', unknown> = {};

    const extra: ActionsOf<'billing', unknown> = {
      'billing.getSubscription': anything,
      'billing.getSubscriptionStatus': anything,
      // @ts-expect-error an action for a route id the domain does not serve
      'invoices.list': anything,
    };

    const wrongKind: ActionsOf<'billing', unknown> = {
      // @ts-expect-error a company action on a route that is not company-scoped: there is no scope there
      'billing.getSubscription': companyAction,
      'billing.getSubscriptionStatus': userAction,
    };

    // A company-scoped route takes any action; its scope is typed as present (no `!`).
    const scoped: ActionsOf<'notifications', unknown> = {
      'notifications.list': companyAction,
      'notifications.unread': userAction,
      'notifications.markAllRead': anything,
      'notifications.markRead': companyAction,
      'notifications.markUnread': companyAction,
      'notifications.delete': companyAction,
      'notifications.getPreferences': userAction,
      'notifications.updatePreferences': userAction,
      'notifications.test': companyAction,
      'notifications.click': companyAction,
      'notifications.stats': companyAction,
      'notifications.history': companyAction,
      'notifications.pending': companyAction,
      'notifications.cleanup': companyAction,
      'notifications.listDelegations': companyAction,
      'notifications.createDelegation': companyAction,
      'notifications.deleteDelegation': companyAction,
      'notifications.analytics': companyAction,
    };

    const tables = [complete, missing, extra, wrongKind, scoped].map((t) => Object.keys(t).sort());
    expect(tables[0]).toEqual(routeIds.filter((id) => routes[id].domain === 'billing'));
    expect(tables[4]).toEqual(routeIds.filter((id) => routes[id].domain === 'notifications').sort());
  });

  it('the pipeline refuses a table with an unknown route id, even through a variable', () => {
    const withExtra = {
      'billing.getSubscription': anything,
      'billing.getSubscriptionStatus': anything,
      'invoices.list': anything,
    };
    // @ts-expect-error 'invoices.list' is not a billing route
    const handler = createApiHandler('billing', withExtra, () => undefined);
    expect(typeof handler).toBe('function');
  });

  it('an action that assumes nothing may not read the scope or the caller without checking', () => {
    const unchecked = defineAction({
      // @ts-expect-error scope may be absent on a route that is not company-scoped
      run: async ({ scope }) => scope.companyId,
    });
    const noCaller = defineAction({
      // @ts-expect-error auth is absent on public routes
      run: async ({ auth }) => auth.userId,
    });
    expect([unchecked, noCaller].every((a) => typeof a.run === 'function')).toBe(true);
  });

  it('RoutesOf keeps the literal domain of every row (it is never `never`)', () => {
    const billingRoutes: RoutesOf<'billing'>[] = ['billing.getSubscription'];
    // @ts-expect-error a route of another domain
    const notBilling: RoutesOf<'billing'>[] = ['invoices.list'];
    expect([...billingRoutes, ...notBilling]).toHaveLength(2);
  });
});
