/**
 * The arithmetic identities a model's boxes must keep (the AEAT's own validation rules of each form,
 * ../shared/reference/tax-models.md §2), checked on a stored model: a model whose boxes were adjusted
 * by hand or computed by an older rule shows where it no longer adds up. Pure.
 *
 * 303 (DR303e24v200 / DR303e26v101): [27] total output VAT, [45] total deductible, [46] = [27] − [45],
 * [64] = [46] + [58] + [76], [66] = [64] × [65] / 100 %, [87] = [110] − [78],
 * [69] = [66] + [77] − [78] + [68] + [108], [71] = [69] − [70] + [109] (+ [112] from 2026).
 * 349 and 347: the declarant's totals equal the sums of their records.
 * 369: each member state's VAT is the sum of its lines, its total the VAT plus its corrections, and the
 * quarter's total the sum of the states' totals.
 */

import { OSS_MEMBER_STATES } from '@shared/fiscal/eu-vat-rates';
import { OSS_TOTAL_BOX, ossBox } from '@shared/fiscal/models/model-369';
import { roundHalfUp } from '@shared/fiscal/money';
import type { BoxIdentity, TaxModelView } from '@shared/schemas/tax-models';

type Boxes = Record<string, number>;

const sum = (boxes: Boxes, list: readonly string[]) => list.reduce((s, b) => s + (boxes[b] ?? 0), 0);

const OUTPUT_303 = [
  '152',
  '167',
  '03',
  '155',
  '06',
  '09',
  '11',
  '13',
  '15',
  '158',
  '170',
  '18',
  '21',
  '24',
  '26',
];
const DEDUCTIBLE_303 = ['29', '31', '33', '35', '37', '39', '41', '42', '43', '44'];

function identity(rule: string, expectedCents: number, actualCents: number): BoxIdentity {
  return { rule, expectedCents, actualCents, ok: expectedCents === actualCents };
}

function identities303(b: Boxes): BoxIdentity[] {
  const v = (k: string) => b[k] ?? 0;
  const out = [
    identity(`[27] = ${OUTPUT_303.map((x) => `[${x}]`).join(' + ')}`, sum(b, OUTPUT_303), v('27')),
    identity(`[45] = ${DEDUCTIBLE_303.map((x) => `[${x}]`).join(' + ')}`, sum(b, DEDUCTIBLE_303), v('45')),
    identity('[46] = [27] − [45]', v('27') - v('45'), v('46')),
    identity('[64] = [46] + [58] + [76]', v('46') + v('58') + v('76'), v('64')),
  ];
  // [65] is the share attributable to the State in basis points (100 % = 10000).
  if (b['65'] !== undefined) {
    out.push(identity('[66] = [64] × [65] / 100 %', roundHalfUp(v('64') * v('65'), 10_000), v('66')));
  }
  out.push(
    identity('[87] = [110] − [78]', v('110') - v('78'), v('87')),
    identity(
      '[69] = [66] + [77] − [78] + [68] + [108]',
      v('66') + v('77') - v('78') + v('68') + v('108'),
      v('69'),
    ),
  );
  const with112 = b['112'] !== undefined;
  out.push(
    identity(
      with112 ? '[71] = [69] − [70] + [109] + [112]' : '[71] = [69] − [70] + [109]',
      v('69') - v('70') + v('109') + v('112'),
      v('71'),
    ),
  );
  return out;
}

function identitiesInformative(m: Pick<TaxModelView, 'boxes' | 'records' | 'modelType'>): BoxIdentity[] {
  const v = (k: string) => m.boxes[k] ?? 0;
  const operators = m.records.filter((r) => r.kind === 'OPERATOR');
  const rectifications = m.records.filter((r) => r.kind === 'RECTIFICATION');
  const properties = m.records.filter((r) => r.kind === 'PROPERTY');
  const total = (rs: typeof m.records) => rs.reduce((s, r) => s + r.amountCents, 0);
  if (m.modelType === '349') {
    return [
      identity('[01] = número de registros de operador', operators.length, v('01')),
      identity('[02] = Σ bases de los operadores', total(operators), v('02')),
      identity('[03] = número de registros de rectificación', rectifications.length, v('03')),
      identity('[04] = Σ bases rectificadas', total(rectifications), v('04')),
    ];
  }
  return [
    identity('[01] = número de registros de declarados', operators.length, v('01')),
    identity('[02] = Σ importes anuales de los declarados', total(operators), v('02')),
    identity('[03] = número de inmuebles', properties.length, v('03')),
    identity('[04] = Σ importes de los arrendamientos', total(properties), v('04')),
  ];
}

function identities369(m: Pick<TaxModelView, 'boxes' | 'records'>): BoxIdentity[] {
  const v = (k: string) => m.boxes[k] ?? 0;
  const out: BoxIdentity[] = [];
  for (const cc of OSS_MEMBER_STATES) {
    const lines = m.records.filter((r) => r.kind === 'OPERATOR' && r.country === cc);
    const corrections = m.records.filter((r) => r.kind === 'RECTIFICATION' && r.country === cc);
    if (lines.length + corrections.length === 0 && v(ossBox.total(cc)) === 0) continue;
    const sumOf = (rs: typeof lines) => rs.reduce((s, r) => s + r.amountCents, 0);
    out.push(
      identity(`[${ossBox.vat(cc)}] = Σ cuotas de sus líneas`, sumOf(lines), v(ossBox.vat(cc))),
      identity(
        `[${ossBox.corrections(cc)}] = Σ sus correcciones`,
        sumOf(corrections),
        v(ossBox.corrections(cc)),
      ),
      identity(
        `[${ossBox.total(cc)}] = [${ossBox.vat(cc)}] + [${ossBox.corrections(cc)}]`,
        v(ossBox.vat(cc)) + v(ossBox.corrections(cc)),
        v(ossBox.total(cc)),
      ),
    );
  }
  out.push(
    identity(
      `[${OSS_TOTAL_BOX}] = Σ totales por Estado miembro`,
      sum(m.boxes, OSS_MEMBER_STATES.map(ossBox.total)),
      v(OSS_TOTAL_BOX),
    ),
  );
  return out;
}

/** The identities of a model's boxes (the 390's are those of the 303 it sums: none checked here). */
export function boxIdentities(m: Pick<TaxModelView, 'boxes' | 'records' | 'modelType'>): BoxIdentity[] {
  if (m.modelType === '303') return identities303(m.boxes);
  if (m.modelType === '369') return identities369(m);
  if (m.modelType === '349' || m.modelType === '347') return identitiesInformative(m);
  return [];
}
