/**
 * What the simulated AEAT checks in a model file before it accepts a filing (issue 14 item 4; the
 * income-tax returns of issue 15): the file's own format (the "<T" self-assessment envelope of the
 * 303, 390, 130, 131, 202, 111, 115, 123 and 216, the 500-character "BOE" records of the 349, the 347 and
 * the annual withholding summaries 190, 180, 193 and 296 — ../shared/reference/tax-models.md §3; a
 * summary's declarant record must count its recipient records and add up their bases and withholdings,
 * and every recipient must carry a valid NIF), that it declares what the filing says (model, year, period,
 * declarant NIF, a declaration type the model has), and that whoever presents it may: the declarant's
 * own certificate, or a colaborador social acting on its behalf. Pure; the answers are the AEAT's kind
 * of error (a code and a Spanish description). The page lengths are the AEAT designs' own (reference
 * §3.2 and the OCA layouts of ../shared/data/aeat/models), not read from the product's designs.
 */

import { validateTaxId } from '@shared/fiscal/nif';

export interface ModelFilingError {
  codigo: string;
  descripcion: string;
}

/** The error codes the simulator answers with (the AEAT's own are not published for this service). */
export const FILING_ERRORS = {
  noCertificate: '4103',
  format: '1001',
  length: '1002',
  presenter: '1003',
  periodMismatch: '1004',
  duplicate: '1005',
  invalidNif: '1006',
  invalidPeriod: '1007',
  unknownModel: '1008',
  declarationType: '1009',
  records: '1010',
  requestReused: '1011',
} as const;

/** The one sentence the AEAT gives when the period was already filed. */
export const DUPLICATE_FILING_TEXT = 'Ya existe una declaración presentada para este ejercicio y periodo';

export interface FilingHeaders {
  modelo: string;
  ejercicio: string;
  periodo: string;
  nifDeclarante: string;
  /** The colaborador social presenting on the declarant's behalf, when it says so. */
  nifColaborador: string | null;
}

const QUARTER_OR_MONTH = /^([1-4]T|0[1-9]|1[0-2])$/;

/** The models this service takes and the periods each accepts. */
const MODEL_PERIODS: Record<string, RegExp> = {
  '303': QUARTER_OR_MONTH,
  '390': /^0A$/,
  '349': QUARTER_OR_MONTH,
  '347': /^0A$/,
  // Art. 109 RIRPF: the 130 is quarterly; the withholding returns monthly for large companies.
  '130': /^[1-4]T$/,
  '111': QUARTER_OR_MONTH,
  '115': QUARTER_OR_MONTH,
  '123': QUARTER_OR_MONTH,
  '216': QUARTER_OR_MONTH,
  // Art. 110 RIRPF: the 131 is quarterly; art. 40.1 LIS: the 202's three instalments.
  '131': /^[1-4]T$/,
  '202': /^[1-3]P$/,
  // Art. 108.3 RIRPF (and art. 15.2 RIRNR): the annual summaries of the withholdings.
  '190': /^0A$/,
  '180': /^0A$/,
  '193': /^0A$/,
  '296': /^0A$/,
};

/** The self-assessments filed in the "<T" envelope (the others are BOE records). */
const SELF_ASSESSMENTS = new Set(['303', '390', '130', '131', '202', '111', '115', '123', '216']);

/**
 * Page lengths of the "<T" pages the AEAT designs fix, per model and tax year: the 303's (DR303e24v200
 * and DR303e26v101 share them), the 130's page 01 of 600 (DR130e15v12), the 111's of 1.000
 * (dr111e16v17), the 115's of 500 (DR115e15v11), the 123's of 600 (2024), the 216's of 400 (DR216e16)
 * or 600 (2024 onwards), the 131's page 01 of 751 (DR131e2019) and the 202's pages 01 of 700 and 02 of
 * 951 (DR202e25).
 */
function pageLengths(modelo: string, year: number): Record<string, number> | undefined {
  switch (modelo) {
    case '303':
      return { '01000': 1581, '03000': 1017, '04000': 998, DID00: 823 };
    case '130':
      return { '01000': 600 };
    case '131':
      return { '01000': 751 };
    case '202':
      return { '01000': 700, '02000': 951 };
    case '111':
      return { '01000': 1000 };
    case '115':
      return { '01000': 500 };
    case '123':
      return { '01000': 600 };
    case '216':
      return { '01000': year >= 2024 ? 600 : 400 };
    default:
      return undefined;
  }
}

/** The declaration types ("tipo de declaración", page 01 position 13) each income-tax return accepts. */
const DECLARATION_TYPES: Record<string, string> = {
  // DR130e15v12: ingreso, domiciliación, cuenta corriente tributaria, negativa, a deducir.
  '130': 'IUGNB',
  '111': 'IUGN',
  '115': 'IUGN',
  '123': 'IUGN',
  '216': 'IUGN',
  // DR131e2019: as the 130 (a deducir in 1T-3T); DR202e25: an instalment is never refunded.
  '131': 'IUGNB',
  '202': 'IUGN',
};

/** Page 01's year and period (1-based): at 103 and 107 in every self-assessment but the 202 (104, 108). */
const YEAR_PERIOD_AT: Record<string, { year: number; period: number }> = {
  '202': { year: 104, period: 108 },
};

/** A BOE informative-return record is 500 characters. */
const BOE_RECORD_LENGTH = 500;
const AUX_LENGTH = 311;

const err = (codigo: string, descripcion: string): ModelFilingError => ({ codigo, descripcion });

/** Checks the request itself: model, period, the declarant's NIF. */
export function checkHeaders(h: FilingHeaders): ModelFilingError[] {
  const periods = MODEL_PERIODS[h.modelo];
  if (!periods)
    return [
      err(FILING_ERRORS.unknownModel, `El modelo ${h.modelo || '(vacío)'} no se admite en este servicio.`),
    ];
  const errors: ModelFilingError[] = [];
  if (!/^\d{4}$/.test(h.ejercicio))
    errors.push(err(FILING_ERRORS.invalidPeriod, `El ejercicio ${h.ejercicio} no es válido.`));
  if (!periods.test(h.periodo))
    errors.push(
      err(
        FILING_ERRORS.invalidPeriod,
        `El periodo ${h.periodo || '(vacío)'} no es válido para el modelo ${h.modelo}.`,
      ),
    );
  if (!validateTaxId(h.nifDeclarante).valid)
    errors.push(
      err(FILING_ERRORS.invalidNif, `El NIF del declarante (${h.nifDeclarante || 'vacío'}) no es válido.`),
    );
  return errors;
}

/**
 * Who may present: the declarant itself (its certificate's NIF), or a colaborador social whose
 * certificate's NIF is the one it declares (the authorization it holds from the declarant is its
 * own record, art. 79-81 RGAT; the AEAT checks the collaborator's identity).
 */
export function checkPresenter(h: FilingHeaders, presenterNif: string): ModelFilingError[] {
  if (presenterNif && presenterNif === h.nifDeclarante) return [];
  if (h.nifColaborador) {
    if (h.nifColaborador === presenterNif) return [];
    return [
      err(
        FILING_ERRORS.presenter,
        `El NIF del colaborador social (${h.nifColaborador}) no coincide con el del certificado de presentación (${presenterNif || 'sin NIF'}).`,
      ),
    ];
  }
  return [
    err(
      FILING_ERRORS.presenter,
      `El NIF del declarante (${h.nifDeclarante}) no coincide con el del certificado de presentación (${presenterNif || 'sin NIF'}) y el presentador no actúa como colaborador social.`,
    ),
  ];
}

/** The "<T" envelope of a self-assessment: header, AUX, pages, footer; the designs' page lengths. */
function checkEnvelope(file: string, h: FilingHeaders): ModelFilingError[] {
  const head = `<T${h.modelo}0${h.ejercicio}${h.periodo}0000>`;
  const foot = `</T${h.modelo}0${h.ejercicio}${h.periodo}0000>`;
  const fileHead = file.slice(0, 17);
  if (!/^<T\d{3}0\d{4}[0-9A-Z]{2}0000>$/.test(fileHead))
    return [
      err(
        FILING_ERRORS.format,
        `El fichero no se ajusta al diseño de registro: la cabecera debe ser ${head}.`,
      ),
    ];
  if (fileHead !== head) {
    return [
      err(
        FILING_ERRORS.periodMismatch,
        `El modelo, el ejercicio o el periodo del fichero (${fileHead.slice(2, 5)} ${fileHead.slice(6, 10)} ${fileHead.slice(10, 12)}) no coinciden con los de la presentación (${h.modelo} ${h.ejercicio} ${h.periodo}).`,
      ),
    ];
  }
  const body = file.replace(/\r?\n$/, '');
  if (!body.endsWith(foot))
    return [
      err(FILING_ERRORS.format, `El fichero no se ajusta al diseño de registro: debe terminar con ${foot}.`),
    ];
  const aux = body.slice(17, 17 + AUX_LENGTH);
  if (!aux.startsWith('<AUX>') || !aux.endsWith('</AUX>'))
    return [
      err(
        FILING_ERRORS.format,
        'El fichero no se ajusta al diseño de registro: falta el bloque <AUX> de 311 caracteres.',
      ),
    ];

  const errors: ModelFilingError[] = [];
  let rest = body.slice(17 + AUX_LENGTH, body.length - foot.length);
  let first: { code: string; text: string } | undefined;
  while (rest.length > 0) {
    const open = new RegExp(`^<T${h.modelo}([0-9A-Z]{5})>`).exec(rest);
    if (!open) {
      errors.push(
        err(
          FILING_ERRORS.format,
          `El fichero no se ajusta al diseño de registro: se esperaba el inicio de una página <T${h.modelo}…>.`,
        ),
      );
      break;
    }
    const code = open[1]!;
    const close = `</T${h.modelo}${code}>`;
    const end = rest.indexOf(close);
    if (end < 0) {
      errors.push(
        err(FILING_ERRORS.format, `La página ${code} del modelo ${h.modelo} no termina con ${close}.`),
      );
      break;
    }
    const page = rest.slice(0, end + close.length);
    const lengths = pageLengths(h.modelo, Number(h.ejercicio));
    const expected = lengths?.[code];
    if (lengths && expected === undefined)
      errors.push(
        err(
          FILING_ERRORS.format,
          `La página ${code} no existe en el diseño de registro del modelo ${h.modelo}.`,
        ),
      );
    if (expected !== undefined && page.length !== expected) {
      errors.push(
        err(
          FILING_ERRORS.length,
          `La página ${code} del modelo ${h.modelo} mide ${page.length} caracteres; el diseño de registro exige ${expected}.`,
        ),
      );
    }
    first ??= { code, text: page };
    rest = rest.slice(page.length);
  }
  if (errors.length > 0) return errors;
  const pageOne = first?.code === '01000' ? first.text : undefined;
  if (pageOne === undefined)
    return [err(FILING_ERRORS.format, `El fichero no contiene la página 01000 del modelo ${h.modelo}.`)];
  return checkFirstPage(pageOne, h);
}

/**
 * Page 01: the declarant's NIF at 14 and, in every self-assessment but the 390, year at 103 and period
 * at 107 (DR303, DR130, DR131, dr111, DR115, the 123 and the 216; DR202e25 at 104 and 108); an income-tax
 * return's declaration type at 13.
 */
function checkFirstPage(page: string, h: FilingHeaders): ModelFilingError[] {
  const nif = page.slice(13, 22).trim();
  if (nif !== h.nifDeclarante) {
    return [
      err(
        FILING_ERRORS.presenter,
        `El NIF del declarante del fichero (${nif || 'vacío'}) no coincide con el de la presentación (${h.nifDeclarante}).`,
      ),
    ];
  }
  const types = DECLARATION_TYPES[h.modelo];
  const type = page.slice(12, 13);
  if (types && (type.trim() === '' || !types.includes(type))) {
    return [
      err(
        FILING_ERRORS.declarationType,
        `El tipo de declaración '${type.trim() || ' '}' no es válido para el modelo ${h.modelo}: admite ${types.split('').join(', ')}.`,
      ),
    ];
  }
  if (h.modelo !== '390') {
    const at = YEAR_PERIOD_AT[h.modelo] ?? { year: 103, period: 107 };
    const year = page.slice(at.year - 1, at.year + 3);
    const period = page.slice(at.period - 1, at.period + 1);
    if (year !== h.ejercicio || period !== h.periodo) {
      return [
        err(
          FILING_ERRORS.periodMismatch,
          `El ejercicio y periodo de la página 01000 (${year} ${period}) no coinciden con los de la presentación (${h.ejercicio} ${h.periodo}).`,
        ),
      ];
    }
  }
  return [];
}

/** An amount of a BOE record: its first position, its length, and whether it carries a sign (' ' or 'N'). */
interface AmountField {
  at: number;
  length: number;
  signed: boolean;
}

/**
 * The annual summaries' totals (type-1 record) and the amounts of each recipient record (type 2) they add
 * up, from the AEAT designs (DR190, DR180, DR193, DR296): the base (190: the perceptions in money and in
 * kind) and the withholdings (190: those on money and the payments on account on kind).
 */
const SUMMARY_AMOUNTS: Record<
  string,
  { base: AmountField; withheld: AmountField; recordBase: AmountField[]; recordWithheld: AmountField[] }
> = {
  '190': {
    base: { at: 145, length: 16, signed: true },
    withheld: { at: 161, length: 15, signed: false },
    recordBase: [
      { at: 81, length: 14, signed: true },
      { at: 108, length: 14, signed: true },
    ],
    recordWithheld: [
      { at: 95, length: 13, signed: false },
      { at: 122, length: 13, signed: false },
    ],
  },
  '180': {
    base: { at: 145, length: 16, signed: true },
    withheld: { at: 161, length: 15, signed: false },
    recordBase: [{ at: 79, length: 14, signed: true }],
    recordWithheld: [{ at: 97, length: 13, signed: false }],
  },
  '193': {
    base: { at: 145, length: 15, signed: false },
    withheld: { at: 160, length: 15, signed: false },
    recordBase: [{ at: 152, length: 13, signed: false }],
    recordWithheld: [{ at: 169, length: 13, signed: false }],
  },
  '296': {
    base: { at: 145, length: 15, signed: true },
    withheld: { at: 160, length: 15, signed: false },
    recordBase: [{ at: 104, length: 13, signed: true }],
    recordWithheld: [{ at: 121, length: 13, signed: false }],
  },
};

/** The céntimos an amount field holds (NaN when it is not digits, after its sign). */
function amountAt(record: string, f: AmountField): number {
  const raw = record.slice(f.at - 1, f.at - 1 + f.length);
  const sign = f.signed ? raw[0] : '';
  const digits = f.signed ? raw.slice(1) : raw;
  if (!/^\d+$/.test(digits) || (f.signed && sign !== ' ' && sign !== 'N')) return Number.NaN;
  return sign === 'N' ? -Number(digits) : Number(digits);
}

const sumAt = (record: string, fields: readonly AmountField[]) =>
  fields.reduce((s, f) => s + amountAt(record, f), 0);

/** Céntimos as the AEAT's messages write euros: '13.500,00 €'. */
function euros(cents: number): string {
  if (!Number.isFinite(cents)) return 'ilegible';
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${cents < 0 ? '-' : ''}${whole},${String(abs % 100).padStart(2, '0')} €`;
}

/**
 * An annual summary's recipient records: each of the declarant's year and NIF (positions 5 and 9), with
 * a valid recipient NIF at 18 (the 296 may leave it blank for a recipient named by a foreign tax id),
 * and the declarant's totals equal to their sums.
 */
function checkSummaryRecords(
  declarant: string,
  others: readonly string[],
  h: FilingHeaders,
): ModelFilingError[] {
  const amounts = SUMMARY_AMOUNTS[h.modelo];
  if (!amounts) return [];
  const errors: ModelFilingError[] = [];
  others.forEach((r, i) => {
    if (r.slice(4, 8) !== h.ejercicio || r.slice(8, 17).trim() !== h.nifDeclarante) {
      errors.push(
        err(
          FILING_ERRORS.records,
          `El registro de perceptor ${i + 1} no es del ejercicio ${h.ejercicio} y del declarante ${h.nifDeclarante}.`,
        ),
      );
    }
    const nif = r.slice(17, 26).trim();
    if (!(h.modelo === '296' && nif === '') && !validateTaxId(nif).valid) {
      errors.push(
        err(
          FILING_ERRORS.invalidNif,
          `El NIF del perceptor del registro ${i + 1} (${nif || 'vacío'}) no es válido.`,
        ),
      );
    }
  });
  for (const [what, total, parts] of [
    ['las bases', amounts.base, amounts.recordBase],
    ['las retenciones', amounts.withheld, amounts.recordWithheld],
  ] as const) {
    const declared = amountAt(declarant, total);
    const found = others.reduce((s, r) => s + sumAt(r, parts), 0);
    if (!Number.isFinite(declared) || declared !== found) {
      errors.push(
        err(
          FILING_ERRORS.records,
          `La suma de ${what} de los registros de perceptores (${euros(found)}) no coincide con el total del registro de declarante (${euros(declared)}).`,
        ),
      );
    }
  }
  return errors;
}

/**
 * The "BOE" records of an informative return (349, 347, 190, 180, 193, 296): 500 characters each, type 1
 * then type 2.
 */
function checkBoeRecords(file: string, h: FilingHeaders): ModelFilingError[] {
  const lines = file.split(/\r?\n/).filter((l) => l.length > 0);
  if (lines.length === 0) return [err(FILING_ERRORS.format, 'El fichero está vacío.')];
  const wrong = lines.findIndex((l) => l.length !== BOE_RECORD_LENGTH);
  if (wrong >= 0) {
    return [
      err(
        FILING_ERRORS.length,
        `El registro ${wrong + 1} mide ${lines[wrong]!.length} caracteres; el diseño de registro exige ${BOE_RECORD_LENGTH}.`,
      ),
    ];
  }
  const declarant = lines[0]!;
  if (declarant[0] !== '1' || declarant.slice(1, 4) !== h.modelo)
    return [
      err(
        FILING_ERRORS.format,
        `El primer registro debe ser el de tipo 1 (declarante) del modelo ${h.modelo}.`,
      ),
    ];
  const errors: ModelFilingError[] = [];
  if (declarant.slice(4, 8) !== h.ejercicio)
    errors.push(
      err(
        FILING_ERRORS.periodMismatch,
        `El ejercicio del registro de declarante (${declarant.slice(4, 8)}) no coincide con el de la presentación (${h.ejercicio}).`,
      ),
    );
  if (declarant.slice(8, 17).trim() !== h.nifDeclarante)
    errors.push(
      err(
        FILING_ERRORS.presenter,
        `El NIF del registro de declarante (${declarant.slice(8, 17).trim()}) no coincide con el de la presentación (${h.nifDeclarante}).`,
      ),
    );
  // 349: the period at 136 (2).
  if (h.modelo === '349' && declarant.slice(135, 137) !== h.periodo)
    errors.push(
      err(
        FILING_ERRORS.periodMismatch,
        `El periodo del registro de declarante (${declarant.slice(135, 137)}) no coincide con el de la presentación (${h.periodo}).`,
      ),
    );
  const others = lines.slice(1);
  if (others.some((l) => l[0] !== '2' || l.slice(1, 4) !== h.modelo))
    errors.push(
      err(FILING_ERRORS.records, 'Tras el registro de declarante solo puede haber registros de tipo 2.'),
    );
  // 347: the number of declared parties at 136 (9) counts the type 2 records of kind D (pos 76);
  // 349: operators at 138 (9) plus rectifications at 162 (9) count every type 2 record; an annual
  // summary's recipients (190: perceptions) at 136 (9) too.
  const count = (at: number) => Number(declarant.slice(at - 1, at + 8));
  const [declared, found] =
    h.modelo === '347'
      ? [count(136), others.filter((l) => l[75] === 'D').length]
      : h.modelo === '349'
        ? [count(138) + count(162), others.length]
        : [count(136), others.length];
  if (!Number.isFinite(declared) || declared !== found) {
    errors.push(
      err(
        FILING_ERRORS.records,
        `El número de registros de declarados (${found}) no coincide con el que indica el registro de declarante (${Number.isFinite(declared) ? declared : 'ilegible'}).`,
      ),
    );
  }
  errors.push(...checkSummaryRecords(declarant, others, h));
  return errors;
}

/** Every check of the file against the filing's headers (presenter aside). */
export function checkModelFile(file: string, h: FilingHeaders): ModelFilingError[] {
  return SELF_ASSESSMENTS.has(h.modelo) ? checkEnvelope(file, h) : checkBoeRecords(file, h);
}
