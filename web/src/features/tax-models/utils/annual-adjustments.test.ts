import type { ModelAdjustments } from '@shared/fiscal/models/types';
import { ApiError } from '@web/lib/api-error';
import { describe, expect, it } from 'vitest';
import {
  annualDraftToAdjustments,
  annualRefusalOf,
  initialAnnualDraft,
  maxActivities131,
} from './annual-adjustments';
import {
  emptyRecipient,
  keyOptions,
  type RecipientDraft,
  recipientsDraftToAdjustments,
} from './annual-recipients';
import {
  type Instalment202Draft,
  initialInstalmentDraft,
  instalmentDraftToAdjustments,
} from './instalment-202';
import {
  type ActivityDraft,
  emptyActivity,
  initialModulesDraft,
  modulesDraftToAdjustments,
} from './modules-131';

const activity = (change: Partial<ActivityDraft>): ActivityDraft => ({ ...emptyActivity(), ...change });
const recipient = (
  model: '190' | '180' | '193' | '296',
  change: Partial<RecipientDraft>,
): RecipientDraft => ({
  ...emptyRecipient(model),
  ...change,
});

describe('131: the activities in módulos', () => {
  it('an untouched draft sends nothing', () => {
    expect(modulesDraftToAdjustments(initialModulesDraft(undefined))).toEqual({
      adjustments: {},
      errors: {},
    });
  });

  it('sends céntimos, units with two decimals, the rate in basis points and last year signed', () => {
    const draft = {
      ...initialModulesDraft(undefined),
      activities: [
        activity({ activityCode: ' 6511 ', units: '0,07', unitValue: '1.000', deductions: '' }),
        emptyActivity(),
      ],
      rate: '3,5',
      previousYearNetIncome: '-12,3',
    };
    expect(modulesDraftToAdjustments(draft)).toEqual({
      adjustments: {
        modulesData: [{ activityCode: '6511', moduleUnits: 0.07, unitValue: 100_000, deductions: 0 }],
        irpfRateBp: 350,
        previousYearNetIncomeCents: -1_230,
      },
      errors: {},
    });
  });

  it("refuses with the model's words: negative, employees, more activities than the design", () => {
    const rows = Array.from({ length: 6 }, () => activity({ activityCode: '1', units: '1', unitValue: '1' }));
    rows[0] = activity({ activityCode: '6511', units: '-1', unitValue: '10', employees: '1,5' });
    rows[1] = activity({ activityCode: '6511', units: '1', unitValue: '-5' });
    const { errors } = modulesDraftToAdjustments(
      { ...initialModulesDraft(undefined), activities: rows, rate: '101' },
      5,
    );
    expect(errors).toEqual({
      'modules.list': 'El modelo 131 admite como máximo 5 actividades; se han indicado 6.',
      'modules.0.units': 'Unidades del módulo (actividad 1) no puede ser negativo',
      'modules.0.employees': 'Personas asalariadas (actividad 1) debe ser un número entero no negativo',
      'modules.1.unitValue': 'Rendimiento anual por unidad (actividad 2) no puede ser negativo',
      'modules.rate': 'El porcentaje aplicable debe estar entre el 0 % y el 100 %.',
    });
  });

  it('reads the stored activities back unchanged, and an emptied list is sent empty', () => {
    const stored: ModelAdjustments = {
      modulesData: [
        {
          activityCode: '6511',
          description: 'Tejidos',
          moduleUnits: 1.25,
          unitValue: 123_456,
          deductions: 500,
          employees: 0,
        },
      ],
      irpfRateBp: 200,
    };
    const draft = initialModulesDraft(stored);
    expect(modulesDraftToAdjustments(draft).adjustments).toEqual(stored);
    expect(modulesDraftToAdjustments({ ...draft, activities: [] }).adjustments.modulesData).toEqual([]);
  });

  it('DR131e2019 declares five activities', () => {
    expect(maxActivities131('131-2019')).toBe(5);
  });
});

describe('202: the basis of art. 40 LIS', () => {
  const draft = (change: Partial<Instalment202Draft['fields']>, method: Instalment202Draft['method']) => {
    const initial = initialInstalmentDraft(undefined);
    return { ...initial, method, fields: { ...initial.fields, ...change } };
  };

  it('sends nothing while nothing is chosen nor typed; only the chosen method’s fields', () => {
    expect(instalmentDraftToAdjustments(initialInstalmentDraft(undefined), 2026)).toEqual({
      adjustments: {},
      errors: {},
    });
    expect(
      instalmentDraftToAdjustments(draft({ lastReturnBase: '10.000', periodBase: '5' }, null), 2026)
        .adjustments,
    ).toEqual({ instalment202: { method: '40.2', lastReturnBaseCents: 1_000_000 } });
  });

  it('40.2 above 6 M€ of turnover is refused as the model refuses it', () => {
    const { errors } = instalmentDraftToAdjustments(
      draft({ previousYearTurnover: '6.000.000,01' }, '40.2'),
      2026,
    );
    expect(errors['instalment.method']).toBe(
      'Con una cifra de negocios superior a 6.000.000,00 € en los 12 meses anteriores, el pago fraccionado se calcula sobre la base imponible del período (art. 40.3 LIS).',
    );
  });

  it("40.3: a negative turnover and a rate above 100 % with the model's words", () => {
    const { errors } = instalmentDraftToAdjustments(
      draft({ previousYearTurnover: '-1', taxRate: '101', periodBase: '-10' }, '40.3'),
      2026,
    );
    expect(errors).toEqual({
      'instalment.previousYearTurnover': 'Cifra de negocios del año anterior no puede ser negativo',
      'instalment.taxRate': 'El tipo de gravamen debe estar entre el 0 % y el 100 %.',
    });
  });

  it('reads the stored basis back unchanged', () => {
    const stored: ModelAdjustments = {
      instalment202: {
        method: '40.3',
        periodBaseCents: -5_000,
        taxRateBp: 2_350,
        previousInstalmentsCents: 0,
      },
    };
    expect(instalmentDraftToAdjustments(initialInstalmentDraft(stored), 2026).adjustments).toEqual(stored);
  });
});

describe('190, 180, 193, 296: the recipients outside the books', () => {
  it("refuses a NIF that is not valid and a key of another model with the summary's words", () => {
    const { errors } = recipientsDraftToAdjustments('190', {
      rows: [recipient('190', { nif: '12345678A', name: 'Ana', key: 'Z', base: '1' })],
      stored: false,
    });
    expect(errors).toEqual({
      'recipients.0.nif': 'El NIF 12345678A no es válido',
      'recipients.0.key': 'La clave Z no es una clave de percepción del modelo 190 (A a L)',
    });
  });

  it('the 193 and 296 keys are their designs’; the 180 has none', () => {
    expect(keyOptions('180').map((o) => o.value)).toEqual(['-']);
    expect(keyOptions('190').map((o) => o.value)).toEqual(expect.arrayContaining(['A', 'G01', 'H04', 'K03']));
    expect(keyOptions('193').map((o) => o.value)).toContain('B03');
    expect(keyOptions('296').map((o) => o.value)).toContain('1901');
    // A stored key the list does not have stays selectable.
    expect(keyOptions('193', 'C05')[0]).toEqual({ value: 'C05', label: 'C05' });
  });

  it('a 296 recipient resident abroad is named by the tax id of its country', () => {
    const result = recipientsDraftToAdjustments('296', {
      rows: [
        recipient('296', {
          nif: 'fr123456789',
          name: 'Dupont SARL',
          country: 'fr',
          base: '1.000',
          withholding: '240',
        }),
      ],
      stored: false,
    });
    expect(result).toEqual({
      adjustments: {
        annualRecipients: [
          {
            nif: 'FR123456789',
            name: 'Dupont SARL',
            country: 'FR',
            key: '2501',
            baseCents: 100_000,
            withholdingCents: 24_000,
          },
        ],
      },
      errors: {},
    });
  });

  it('a recipient without amounts, a province that is not one', () => {
    const { errors } = recipientsDraftToAdjustments('180', {
      rows: [recipient('180', { nif: '12345678Z', name: 'Ana', province: '53' })],
      stored: false,
    });
    expect(errors).toEqual({
      'recipients.0.province': 'La provincia 53 no es un código de provincia (01 a 52)',
      'recipients.0.base': 'El perceptor no tiene importes',
    });
  });

  it('keeps what the editor does not show of a stored recipient (the 180 property)', () => {
    const stored: ModelAdjustments = {
      annualRecipients: [
        {
          nif: '12345678Z',
          name: 'García López, Ana',
          postalCode: '46001',
          key: '-',
          baseCents: 1_200_000,
          withholdingCents: 228_000,
          property: { situation: 1, streetName: 'Colón', municipality: 'Valencia', postalCode: '46004' },
        },
      ],
    };
    const draft = initialAnnualDraft(stored);
    expect(annualDraftToAdjustments('180', draft).adjustments).toEqual(stored);
  });
});

describe("the server's refusal", () => {
  it('is placed on the draft row it names, counting only the rows sent', () => {
    const draft = initialAnnualDraft(undefined);
    draft.recipients.rows = [
      emptyRecipient('190'),
      recipient('190', { nif: '12345678Z', name: 'Ana', base: '1' }),
    ];
    const error = new ApiError({
      code: 'CORE_004',
      message: 'Datos no válidos',
      status: 400,
      details: { issues: [{ field: 'annualRecipients[0].baseCents', message: 'Importe demasiado alto' }] },
    });
    expect(annualRefusalOf(error, '190', draft)).toEqual({
      fields: { 'recipients.1.base': 'Importe demasiado alto' },
      message: null,
    });
  });
});
