/**
 * Cross-model checks of a year (issue 14 item 3, "cross-model validation by year"). Pure: the action
 * gives the year's models (stored, else computed from the books).
 *
 * - the year's 303s (four quarters or twelve months) against the 390, box by box where they
 *   correspond (the 390's design rules say which of its boxes hold each rate and kind: e.g. Σ 303 [07]
 *   = 390 [05] + [647], the ordinary and the criterio de caja 21 % bases); with a prorrata the
 *   deductible quotas may differ by the rounding of each box;
 * - the 349s against the 303s of the same quarter: deliveries and services supplied (E + S + T)
 *   against [59], acquisitions of goods and services (A + I) against [10] and against the deductible
 *   bases [36] + [38];
 * - the 347 against the books: its declared total and records against the 347 counterparties of the
 *   year's aggregates above 3.005,06 €.
 */

import { rulesOf390 } from '@shared/fiscal/models/model-390';
import type { ModelDesign } from '@shared/fiscal/models/types';
import type { CrossValidationCheck, ModelPreview } from '@shared/schemas/tax-models';
import type { Party347 } from './threshold347';
import { over347 } from './threshold347';

type Model = Pick<ModelPreview, 'modelType' | 'year' | 'period' | 'boxes' | 'result' | 'records'>;

function check(
  code: string,
  description: string,
  expected: number | null,
  actual: number | null,
  models: string[],
): CrossValidationCheck {
  const available = expected !== null && actual !== null;
  return {
    code,
    description,
    status: !available ? 'NOT_AVAILABLE' : expected === actual ? 'OK' : 'MISMATCH',
    expectedCents: expected,
    actualCents: actual,
    differenceCents: available ? (actual as number) - (expected as number) : null,
    models,
  };
}

const ids = (ms: readonly Model[]) => ms.map((m) => `${m.year}-${m.modelType}-${m.period}`);
const sum303 = (ms: readonly Model[], box: string) => ms.reduce((s, m) => s + (m.boxes[box] ?? 0), 0);

/** The 390 boxes of a rate table's rates, bases ([0]) or quotas ([1]). */
const rateBoxes = (table: Readonly<Record<number, readonly [string, string]>>, i: 0 | 1) =>
  Object.values(table).map((pair) => pair[i]);

/** Σ 303 boxes against Σ 390 boxes. */
interface Pairing {
  code: string;
  label: string;
  from303: readonly string[];
  to390: readonly string[];
}

function pairings(design: ModelDesign): Pairing[] {
  const r = rulesOf390(design);
  const at = (table: keyof typeof r, rate: number, i: 0 | 1) => r[table][rate]?.[i];
  const both = (rate: number, i: 0 | 1) =>
    [at('ordinary', rate, i), at('cashBasis', rate, i)].filter((b): b is string => b !== undefined);
  const out: Pairing[] = [
    { code: 'BASE_21', label: 'Base imponible al 21 %', from303: ['07'], to390: both(2100, 0) },
    { code: 'QUOTA_21', label: 'Cuota al 21 %', from303: ['09'], to390: both(2100, 1) },
    { code: 'BASE_10', label: 'Base imponible al 10 %', from303: ['04'], to390: both(1000, 0) },
    { code: 'QUOTA_10', label: 'Cuota al 10 %', from303: ['06'], to390: both(1000, 1) },
    { code: 'BASE_4', label: 'Base imponible al 4 %', from303: ['01'], to390: both(400, 0) },
    { code: 'QUOTA_4', label: 'Cuota al 4 %', from303: ['03'], to390: both(400, 1) },
    {
      code: 'INTRA_EU_ACQUISITIONS_BASE',
      label: 'Adquisiciones intracomunitarias: base',
      from303: ['10'],
      to390: [...rateBoxes(r.intraEuGoods, 0), ...rateBoxes(r.intraEuServices, 0)],
    },
    {
      code: 'INTRA_EU_ACQUISITIONS_QUOTA',
      label: 'Adquisiciones intracomunitarias: cuota',
      from303: ['11'],
      to390: [...rateBoxes(r.intraEuGoods, 1), ...rateBoxes(r.intraEuServices, 1)],
    },
    { code: 'REVERSE_CHARGE', label: 'Inversión del sujeto pasivo: cuota', from303: ['13'], to390: ['28'] },
    { code: 'MODIFICATIONS', label: 'Modificación de bases y cuotas: cuota', from303: ['15'], to390: ['30'] },
    { code: 'TOTAL_ACCRUED', label: 'Total cuota devengada', from303: ['27'], to390: ['47'] },
    { code: 'DEDUCTIBLE_CURRENT', label: 'Deducible: interiores corrientes', from303: ['29'], to390: ['49'] },
    {
      code: 'DEDUCTIBLE_INVESTMENT',
      label: 'Deducible: bienes de inversión',
      from303: ['31'],
      to390: ['51'],
    },
    {
      code: 'DEDUCTIBLE_IMPORTS',
      label: 'Deducible: importaciones',
      from303: ['33', '35'],
      to390: ['53', '55'],
    },
    {
      code: 'DEDUCTIBLE_INTRA_EU',
      label: 'Deducible: adquisiciones intracomunitarias',
      from303: ['37', '39'],
      to390: ['57', '59', '598'],
    },
    {
      code: 'DEDUCTIBLE_RECTIFICATIONS',
      label: 'Rectificación de deducciones',
      from303: ['41'],
      to390: ['62'],
    },
    { code: 'TOTAL_DEDUCTIBLE', label: 'Total a deducir', from303: ['45'], to390: ['64'] },
    { code: 'RESULT', label: 'Resultado régimen general', from303: ['46'], to390: ['65'] },
    { code: 'INTRA_EU_DELIVERIES', label: 'Entregas intracomunitarias', from303: ['59'], to390: ['103'] },
    { code: 'EXPORTS', label: 'Exportaciones y asimiladas', from303: ['60'], to390: ['104'] },
    {
      code: 'NOT_SUBJECT_LOCATION',
      label: 'No sujetas por reglas de localización',
      from303: ['120'],
      to390: ['110'],
    },
    {
      code: 'REVERSE_CHARGE_ISSUED',
      label: 'Operaciones con inversión del sujeto pasivo',
      from303: ['122'],
      to390: ['125'],
    },
  ];
  return out.filter((p) => p.to390.length > 0);
}

const box = (list: readonly string[]) => list.map((b) => `[${b}]`).join(' + ');

/**
 * The year's 303s against its 390. `stored303` are the 303s generated or filed: the 390's payments
 * ([95]) sum what those returns paid, not what the books would give for a period not yet generated.
 */
export function checks303vs390(
  m303: readonly Model[],
  m390: Model | undefined,
  design390: ModelDesign | undefined,
  stored303: readonly Model[] = m303,
) {
  if (!m390 || !design390) {
    return [check('303_390', 'Modelos 303 del año frente al 390', null, null, ids(m303))];
  }
  const models = [...ids(m303), ...ids([m390])];
  const out = pairings(design390).map((p) =>
    check(
      `303_390_${p.code}`,
      `${p.label}: Σ 303 ${box(p.from303)} = 390 ${box(p.to390)}`,
      p.from303.reduce((s, b) => s + sum303(m303, b), 0),
      p.to390.reduce((s, b) => s + (m390.boxes[b] ?? 0), 0),
      models,
    ),
  );
  const paid = stored303
    .filter((m) => ['I', 'U', 'G'].includes(m.result.type))
    .reduce((s, m) => s + m.result.amountCents, 0);
  out.push(
    check(
      '303_390_PAYMENTS',
      'Ingresos de los 303 generados o presentados del año = 390 [95]',
      paid,
      m390.boxes['95'] ?? 0,
      [...ids(stored303), ...ids([m390])],
    ),
  );
  return out;
}

const quarterOf = (period: string): number =>
  /T$/.test(period) ? Number(period[0]) : Math.ceil(Number(period) / 3);

/** The 349s against the 303s, quarter by quarter. */
export function checks349vs303(m349: readonly Model[], m303: readonly Model[]): CrossValidationCheck[] {
  const out: CrossValidationCheck[] = [];
  for (const q of [1, 2, 3, 4]) {
    const a = m349.filter((m) => quarterOf(m.period) === q);
    const b = m303.filter((m) => quarterOf(m.period) === q);
    if (a.length === 0 && b.every((m) => !(m.boxes['59'] || m.boxes['10']))) continue;
    const models = [...ids(a), ...ids(b)];
    const ops = a.flatMap((m) => m.records.filter((r) => r.kind === 'OPERATOR'));
    const total = (keys: string[]) =>
      ops.filter((r) => keys.includes(r.key)).reduce((s, r) => s + r.amountCents, 0);
    const has349 = a.length > 0;
    out.push(
      check(
        `349_303_DELIVERIES_${q}T`,
        `${q}T: 349 claves E + S + T = 303 [59]`,
        b.length > 0 ? sum303(b, '59') : null,
        has349 ? total(['E', 'S', 'T']) : null,
        models,
      ),
      check(
        `349_303_ACQUISITIONS_${q}T`,
        `${q}T: 349 claves A + I = 303 [10]`,
        b.length > 0 ? sum303(b, '10') : null,
        has349 ? total(['A', 'I']) : null,
        models,
      ),
      check(
        `349_303_DEDUCTIBLE_${q}T`,
        `${q}T: 349 claves A + I = 303 [36] + [38]`,
        b.length > 0 ? sum303(b, '36') + sum303(b, '38') : null,
        has349 ? total(['A', 'I']) : null,
        models,
      ),
    );
  }
  return out;
}

/** The 347 against the 347 counterparties of the books above the threshold. */
export function checks347vsBooks(
  m347: Model | undefined,
  parties: readonly Party347[],
): CrossValidationCheck[] {
  const over = parties.filter(over347);
  const models = m347 ? ids([m347]) : [];
  const declared = m347?.records.filter((r) => r.kind === 'OPERATOR' && r.amountCents !== 0) ?? [];
  return [
    check(
      '347_BOOKS_TOTAL',
      '347: importe total declarado = Σ terceros de los libros por encima de 3.005,06 €',
      over.reduce((s, p) => s + p.amountCents, 0),
      m347 ? declared.reduce((s, r) => s + r.amountCents, 0) : null,
      models,
    ),
    check(
      '347_BOOKS_PARTIES',
      '347: declarados con importe = terceros de los libros por encima de 3.005,06 €',
      over.length,
      m347 ? declared.length : null,
      models,
    ),
  ];
}
