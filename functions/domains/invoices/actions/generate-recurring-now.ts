import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import type { Invoice } from '@shared/schemas/invoices';
import { type RecurringGeneration, RecurringTemplatePath } from '@shared/schemas/recurring-invoices';
import type { InvoicesDeps } from '../store/deps';
import { generateOccurrence } from './generate-recurring-invoice';
import { recurringSettingsOf } from './get-recurring-settings';
import { requireTemplate } from './get-recurring-template';

/**
 * "Generar ahora": the template's next occurrence at once, whatever its date, by the schedule's own
 * path (so it is claimed and can never be generated twice). A refusal writes nothing.
 */
export async function generateRecurringNow(
  input: { scope: CompanyScope; templateId: string },
  deps: InvoicesDeps,
): Promise<{ generation: RecurringGeneration; invoice: Invoice }> {
  const { companyId } = input.scope;
  const template = await requireTemplate(deps, companyId, input.templateId);
  if (!template.isActive) {
    throw new AppError('CORE_004', 'La plantilla está desactivada: actívala para generar facturas.', {
      field: 'isActive',
      details: { reason: 'TEMPLATE_INACTIVE' },
    });
  }
  const outcome = await generateOccurrence(deps, template, await recurringSettingsOf(deps, companyId), {
    trigger: 'MANUAL',
  });
  switch (outcome.kind) {
    case 'generated':
      return { generation: outcome.generation, invoice: outcome.invoice };
    case 'failed':
      throw outcome.error;
    case 'taken':
      throw new AppError(
        'CORE_004',
        'Esta fecha de la plantilla se acaba de generar. Recarga y vuelve a intentarlo.',
        {
          details: { reason: 'CONCURRENT_UPDATE' },
        },
      );
    default:
      throw new AppError('CORE_004', 'La plantilla no tiene más fechas de emisión.', {
        field: 'endDate',
        details: { reason: 'NO_OCCURRENCES' },
      });
  }
}

export const generateRecurringNowRoute = defineCompanyAction({
  params: RecurringTemplatePath,
  status: 201,
  run: ({ scope, params }, deps: InvoicesDeps) => {
    return generateRecurringNow({ scope, templateId: params.templateId }, deps);
  },
});
