import type { RouteId } from '@shared/api/routes';
import type { CockpitSubmitBody } from '@shared/schemas/tax-filing';
import type { CockpitActionResult, TaxModelType } from '@shared/schemas/tax-models';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { taxKeys } from '@web/lib/tax-api';

/** The cockpit's bulk actions that answer one outcome per company (the export answers a file). */
export type CockpitAction = 'compute' | 'approve' | 'submit' | 'publish';

const ROUTES: Record<CockpitAction, RouteId> = {
  compute: 'taxCockpit.compute',
  approve: 'taxCockpit.approve',
  submit: 'taxCockpit.submit',
  publish: 'taxCockpit.publish',
};

export interface CockpitActionInput {
  modelType: TaxModelType;
  year: number;
  period: string;
  companyIds: string[];
  /** 'Presentar' only: how each company's model is filed (AUTO when absent). */
  mode?: SubmitMode | undefined;
}

/**
 * AUTO: as colaborador social where the company authorized the gestoría for the model, else with the
 * company's own certificate; or one of the two for every company.
 */
export type SubmitMode = CockpitSubmitBody['mode'];

/** The API takes at most 500 companies a call (CockpitActionBody); a larger selection goes in parts. */
export const COCKPIT_BATCH = 500;

/**
 * `POST taxCockpit.compute | approve | submit | publish {modelType, year, period, companyIds}`:
 * generate (or regenerate) the model, approve it, file it with the AEAT (each company as
 * colaborador social when it authorized the gestoría, else with its certificate) or publish it to
 * the client (a notification and the document in its 'Mis documentos fiscales'). Each company has
 * its own outcome: one that fails does not stop the rest.
 */
export async function runCockpitAction(
  action: CockpitAction,
  input: CockpitActionInput,
): Promise<CockpitActionResult['results']> {
  const results: CockpitActionResult['results'] = [];
  for (let i = 0; i < input.companyIds.length; i += COCKPIT_BATCH) {
    const { mode, ...body } = input;
    const answer = await apiRequest<CockpitActionResult>(ROUTES[action], {
      body: {
        ...body,
        companyIds: input.companyIds.slice(i, i + COCKPIT_BATCH),
        ...(action === 'submit' && mode ? { mode } : {}),
      },
    });
    results.push(...answer.results);
  }
  return results;
}

export function useCockpitAction(action: CockpitAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CockpitActionInput) => runCockpitAction(action, input),
    // Also after a partial failure: the companies done before it changed. Every company's models,
    // calendar and the cockpit itself live under ['tax'].
    onSettled: () => queryClient.invalidateQueries({ queryKey: taxKeys.all }),
  });
}
