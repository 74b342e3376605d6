import { defineAction } from '@functions/platform/http';
import { pingTable } from '../store/companies';
import type { CompaniesDeps } from '../store/deps';

/** GET /health: the API answers and its table is reachable. Public, cheap, no data exposed. */
export const healthRoute = defineAction({
  run: async (_input, deps: CompaniesDeps) => {
    const started = Date.now();
    await pingTable(deps);
    return {
      status: 'UP',
      time: deps.now().toISOString(),
      checks: { table: { status: 'UP', ms: Date.now() - started } },
    };
  },
});
