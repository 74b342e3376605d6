/**
 * The checklists of the annual returns Cuadra does not file itself (issue 15 item 4): modelo 100
 * (IRPF), 200 (Impuesto sobre Sociedades), 036 (census), 369 (one-stop shop) and 720 (assets abroad).
 * For each, what Cuadra already knows from the books and the stored returns (the year's income and
 * expenses, the instalments paid through 130/131/202, the withholdings borne) and what the person who
 * files it elsewhere must still gather. Nothing is invented: a figure Cuadra cannot know is an item
 * TO_PROVIDE, never a number. Pure; amounts in céntimos.
 */

import type { CompanyType } from '../db/records';
import type { TaxProfileFacts } from '../schemas/tax-profile';

export const CHECKLIST_MODELS = ['100', '200', '036', '369', '720'] as const;
export type ChecklistModel = (typeof CHECKLIST_MODELS)[number];

export const CHECKLIST_MODEL_NAMES: Record<ChecklistModel, string> = {
  '100': 'Declaración anual del IRPF (Renta)',
  '200': 'Impuesto sobre Sociedades',
  '036': 'Declaración censal',
  '369': 'IVA. Ventanilla única (OSS)',
  '720': 'Bienes y derechos en el extranjero',
};

/** Figures of the year from the running aggregates (null: no books for the year). */
export interface ChecklistFigures {
  /** Income of the activity: bases of the issued invoices (rectificativas included). */
  incomeCents: number;
  /** Expenses: bases of the received invoices of current goods plus the VAT not deductible. */
  expensesCents: number;
  /** Investment goods bought in the year (amortised, not an expense of the year). */
  investmentGoodsCents: number;
  /** IRPF our customers withheld from us in the year (ISSUED `IRPF`). */
  withholdingsBorneCents: number;
  /** Withholdings we applied and paid in through 111/115/123/216 (RECEIVED `IRPF|…`). */
  withholdingsAppliedCents: number;
  issuedCount: number;
  receivedCount: number;
}

export interface ChecklistInstalment {
  modelType: '130' | '131' | '202';
  period: string;
  status: 'NOT_GENERATED' | 'MODEL_GENERATED' | 'SUBMITTED' | 'OBLIGATION_GENERATED';
  /** The result box of the stored return (null when none is stored). */
  resultCents: number | null;
}

/** A version of the tax profile that took effect during the year, with what changed. */
export interface CensusChange {
  effectiveFrom: string;
  changes: string[];
}

export interface ChecklistInput {
  modelType: ChecklistModel;
  year: number;
  companyType: CompanyType;
  /** The facts in force at the end of the year (or today, for the current year). */
  facts: TaxProfileFacts;
  figures: ChecklistFigures | null;
  instalments: ChecklistInstalment[];
  censusChanges: CensusChange[];
  /** Deadline of the return from the fiscal calendar (ISO), when the calendar has one. */
  dueDate?: string | null;
}

export type ChecklistItemStatus = 'KNOWN' | 'TO_PROVIDE' | 'PENDING';

export interface ChecklistItem {
  id: string;
  label: string;
  /** KNOWN: Cuadra has the figure; PENDING: Cuadra will have it when a return of the year is filed; TO_PROVIDE: gather it. */
  status: ChecklistItemStatus;
  amountCents?: number;
  detail?: string;
}

export interface AnnualChecklist {
  modelType: ChecklistModel;
  name: string;
  year: number;
  /** Whether the company owes the return by its profile (false: the checklist is informative). */
  applies: boolean;
  reason: string;
  dueDate: string | null;
  items: ChecklistItem[];
  summary: { known: number; pending: number; toProvide: number };
}

const known = (id: string, label: string, amountCents: number, detail?: string): ChecklistItem => ({
  id,
  label,
  status: 'KNOWN',
  amountCents,
  ...(detail ? { detail } : {}),
});
const toProvide = (id: string, label: string, detail?: string): ChecklistItem => ({
  id,
  label,
  status: 'TO_PROVIDE',
  ...(detail ? { detail } : {}),
});

const booksItems = (f: ChecklistFigures | null, year: number): ChecklistItem[] => {
  if (!f) {
    return [
      toProvide(
        'books',
        'Ingresos y gastos de la actividad',
        `Cuadra no tiene facturas de ${year} de esta empresa: aporte los libros de ingresos y gastos.`,
      ),
    ];
  }
  return [
    known(
      'income',
      'Ingresos de la actividad (bases de las facturas emitidas)',
      f.incomeCents,
      f.issuedCount === 1 ? '1 factura' : `${f.issuedCount} facturas`,
    ),
    known(
      'expenses',
      'Gastos de la actividad (bases de las facturas recibidas e IVA no deducible)',
      f.expensesCents,
      f.receivedCount === 1 ? '1 factura recibida' : `${f.receivedCount} facturas recibidas`,
    ),
    known('net', 'Diferencia entre ingresos y gastos', f.incomeCents - f.expensesCents),
    ...(f.investmentGoodsCents !== 0
      ? [
          known(
            'investment',
            'Bienes de inversión adquiridos (se amortizan, no son gasto del año)',
            f.investmentGoodsCents,
          ),
        ]
      : []),
  ];
};

function instalmentItems(list: ChecklistInstalment[], modelType: '130' | '131' | '202'): ChecklistItem[] {
  const own = list.filter((i) => i.modelType === modelType);
  const items: ChecklistItem[] = own.map((i) =>
    i.resultCents === null || i.status === 'NOT_GENERATED'
      ? {
          id: `instalment-${modelType}-${i.period}`,
          label: `Pago fraccionado ${modelType} ${i.period}`,
          status: 'PENDING',
          detail: 'Aún no generado en Cuadra',
        }
      : known(
          `instalment-${modelType}-${i.period}`,
          `Pago fraccionado ${modelType} ${i.period}`,
          Math.max(0, i.resultCents),
          i.status === 'SUBMITTED' ? 'Presentado' : 'Generado, pendiente de presentar',
        ),
  );
  const paid = own.reduce(
    (s, i) => s + (i.status === 'SUBMITTED' && i.resultCents ? Math.max(0, i.resultCents) : 0),
    0,
  );
  items.push(known(`instalments-${modelType}`, `Total de pagos fraccionados ${modelType} presentados`, paid));
  return items;
}

function items100(input: ChecklistInput): ChecklistItem[] {
  const f = input.figures;
  const method = input.facts.irpfMethod === 'MODULOS' ? '131' : '130';
  return [
    ...booksItems(f, input.year),
    ...(f
      ? [
          known(
            'withholdings-borne',
            'Retenciones soportadas en las facturas emitidas',
            f.withholdingsBorneCents,
          ),
        ]
      : []),
    ...instalmentItems(input.instalments, method),
    toProvide('reta', 'Cuotas de autónomo (RETA) pagadas en el año, si no se registraron como gasto'),
    toProvide('amortisation', 'Amortizaciones de los bienes de inversión'),
    toProvide(
      'other-income',
      'Otras rentas: trabajo, capital mobiliario e inmobiliario, ganancias patrimoniales',
    ),
    toProvide('personal', 'Situación personal y familiar (descendientes, ascendientes, discapacidad)'),
    toProvide(
      'deductions',
      'Deducciones: vivienda habitual, planes de pensiones, donativos, deducciones autonómicas',
    ),
  ];
}

function items200(input: ChecklistInput): ChecklistItem[] {
  const f = input.figures;
  return [
    ...booksItems(f, input.year),
    ...(f
      ? [
          known(
            'withholdings-borne',
            'Retenciones soportadas en las facturas emitidas',
            f.withholdingsBorneCents,
          ),
        ]
      : []),
    ...instalmentItems(input.instalments, '202'),
    toProvide(
      'accounting-result',
      'Resultado contable del ejercicio (cuenta de pérdidas y ganancias)',
      'Cuadra todavía no lleva la contabilidad: aporte el resultado del cierre.',
    ),
    toProvide(
      'adjustments',
      'Ajustes extracontables (gastos no deducibles, amortizaciones fiscales, reservas)',
    ),
    toProvide('losses', 'Bases imponibles negativas de ejercicios anteriores pendientes de compensar'),
    toProvide('annual-accounts', 'Cuentas anuales aprobadas y depositadas en el Registro Mercantil'),
  ];
}

function items036(input: ChecklistInput): ChecklistItem[] {
  const changes: ChecklistItem[] = input.censusChanges.map((c) => ({
    id: `change-${c.effectiveFrom}`,
    label: `Cambio en vigor desde el ${c.effectiveFrom.split('-').reverse().join('/')}`,
    status: 'KNOWN',
    detail: c.changes.join('; '),
  }));
  return [
    ...(changes.length > 0
      ? changes
      : [
          {
            id: 'no-changes',
            label: `Sin cambios censales registrados en ${input.year}`,
            status: 'KNOWN' as const,
          },
        ]),
    toProvide(
      'declared',
      'Comprobar que cada cambio se comunicó a la AEAT en el plazo de un mes (art. 10.3 RGAT)',
    ),
    toProvide('options', 'Opciones y renuncias para el año siguiente (se comunican en diciembre)'),
  ];
}

function items369(): ChecklistItem[] {
  return [
    toProvide(
      'oss-sales',
      'Ventas a distancia y servicios a consumidores de otros Estados miembros, por Estado y tipo de IVA',
      'Cuadra calcula cada 369 trimestral con las facturas emitidas a clientes de ventanilla única (OSS); aporte las ventas que no estén en los libros (las entregas de bienes desde otro Estado miembro, por ejemplo).',
    ),
    toProvide('oss-corrections', 'Correcciones de declaraciones de periodos anteriores'),
    toProvide('oss-payments', 'Justificantes de pago de cada trimestre'),
  ];
}

function items720(): ChecklistItem[] {
  return [
    toProvide(
      'accounts',
      'Cuentas en entidades financieras en el extranjero: saldo a 31 de diciembre y saldo medio del último trimestre',
    ),
    toProvide('securities', 'Valores, derechos, seguros y rentas depositados o gestionados en el extranjero'),
    toProvide(
      'property',
      'Inmuebles y derechos sobre inmuebles situados en el extranjero: valor de adquisición',
    ),
    toProvide(
      'previous',
      'Declaración 720 anterior: solo se vuelve a declarar si algún bloque aumentó más de 20.000 €',
    ),
  ];
}

const CORPORATE: readonly CompanyType[] = ['SL', 'SA'];

function applies(input: ChecklistInput): { applies: boolean; reason: string } {
  switch (input.modelType) {
    case '100':
      return input.companyType === 'AUTONOMO'
        ? { applies: true, reason: 'Autónomo: declaración anual del IRPF (art. 96 LIRPF)' }
        : {
            applies: false,
            reason: 'Solo la presentan las personas físicas (y los socios de CB/SC por su parte)',
          };
    case '200':
      return CORPORATE.includes(input.companyType)
        ? { applies: true, reason: 'Sociedad sujeta al Impuesto sobre Sociedades (art. 124 LIS)' }
        : { applies: false, reason: 'Solo la presentan las sociedades sujetas al Impuesto sobre Sociedades' };
    case '036':
      return {
        applies: input.censusChanges.length > 0,
        reason:
          input.censusChanges.length > 0
            ? 'Hubo cambios censales en el año'
            : 'Solo se presenta cuando hay un alta, una modificación o una baja',
      };
    case '369':
      return input.facts.ossRegistered
        ? { applies: true, reason: 'Inscrito en la ventanilla única del IVA (OSS)' }
        : { applies: false, reason: 'No consta la inscripción en la ventanilla única (OSS)' };
    case '720':
      return input.facts.assetsAbroad
        ? { applies: true, reason: 'Bienes o derechos en el extranjero de más de 50.000 €' }
        : { applies: false, reason: 'No constan bienes o derechos en el extranjero de más de 50.000 €' };
  }
}

/** The checklist of one annual return for one company and year. */
export function buildAnnualChecklist(input: ChecklistInput): AnnualChecklist {
  const items =
    input.modelType === '100'
      ? items100(input)
      : input.modelType === '200'
        ? items200(input)
        : input.modelType === '036'
          ? items036(input)
          : input.modelType === '369'
            ? items369()
            : items720();
  const count = (s: ChecklistItemStatus) => items.filter((i) => i.status === s).length;
  return {
    modelType: input.modelType,
    name: CHECKLIST_MODEL_NAMES[input.modelType],
    year: input.year,
    ...applies(input),
    dueDate: input.dueDate ?? null,
    items,
    summary: { known: count('KNOWN'), pending: count('PENDING'), toProvide: count('TO_PROVIDE') },
  };
}
