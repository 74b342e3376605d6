import { defineCompanyAction } from '@functions/platform/http';
import type { LiquidityForecast } from '@shared/schemas/treasury';
import type { BankingDeps } from '../store/deps';
import { liquidity } from '../store/treasury-views';

/** GET treasury/liquidity: the 13-week cash forecast (model/forecast.ts states the rule). */
export const treasuryLiquidityRoute = defineCompanyAction({
  run: async ({ scope }, deps: BankingDeps): Promise<LiquidityForecast> => liquidity(deps, scope.companyId),
});
