/**
 * The MIS-builder expressions of the statement models (layouts-data.ts, from OCA l10n_es_mis_report):
 * a sum of signed terms, each either a reference to another line (`es11100`) or an account function
 * over code prefixes (`bale[20%,280%]`):
 *
 * - `bale[...]`: ending balance (debit − credit) of the accounts with those prefixes at the date;
 * - `balp[...]`: balance over the period (the P&L);
 * - `nbale[...]` / `pbale[...]`: only the accounts whose ending balance is negative / positive
 *   (an account such as 551 goes to assets when it is a debit and to liabilities when a credit);
 * - `balu[...]`: unallocated earnings (P&L of earlier years not closed). Our books send those to
 *   A-1.V (design: "unclosed earlier years' results go to A-1.V"), so reports evaluate it on the
 *   balances the caller gives as `unallocated` (none in our statements: see statements.ts).
 *
 * A leading `-` flips the sign (credit balances shown positive). Prefixes may end in one or more `%`.
 * Pure.
 */

export type AccountFunction = 'bale' | 'balp' | 'nbale' | 'pbale' | 'balu';

export type Term =
  | { sign: 1 | -1; kind: 'line'; kpi: string }
  | { sign: 1 | -1; kind: 'accounts'; fn: AccountFunction; prefixes: string[] };

const TOKEN = /\s*([+-])?\s*(?:(bale|balp|nbale|pbale|balu)\[([^\]]*)\]|([a-z]+\d+))\s*/y;

/** Parses an expression; '' is an empty sum (a line the model prints with no accounts). */
export function parseExpression(expression: string): Term[] {
  const terms: Term[] = [];
  const text = expression.trim();
  let pos = 0;
  while (pos < text.length) {
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(text);
    if (!m || TOKEN.lastIndex === pos) throw new Error(`cannot read expression at "${text.slice(pos)}"`);
    pos = TOKEN.lastIndex;
    const sign = m[1] === '-' ? -1 : 1;
    if (m[2]) {
      const prefixes = m[3]!
        .split(',')
        .map((p) => p.trim().replace(/%+$/, ''))
        .filter((p) => p !== '');
      if (prefixes.some((p) => !/^\d+$/.test(p))) throw new Error(`bad account prefix in "${m[0]}"`);
      terms.push({ sign, kind: 'accounts', fn: m[2] as AccountFunction, prefixes });
    } else terms.push({ sign, kind: 'line', kpi: m[4]! });
  }
  return terms;
}

/** One account's balance (debit − credit, céntimos), matched by `matchCode` (its PGC account). */
export interface AccountAmount {
  accountCode: string;
  /** The code the prefixes are matched against: the PGC account for a sub-account, else the code. */
  matchCode: string;
  balanceCents: number;
}

export interface EvalBalances {
  /** `bale`, `nbale`, `pbale`. */
  ending: readonly AccountAmount[];
  /** `balp`. */
  period: readonly AccountAmount[];
  /** `balu`. */
  unallocated: readonly AccountAmount[];
}

/** What one account gave to one line (signed as the line shows it). */
export interface Contribution {
  accountCode: string;
  amountCents: number;
}

export const matchesAny = (code: string, prefixes: readonly string[]): boolean =>
  prefixes.some((p) => code.startsWith(p));

/** The accounts one account function takes, each once, with the amount it adds (before the term's sign). */
export function applyFunction(
  fn: AccountFunction,
  prefixes: readonly string[],
  balances: EvalBalances,
): Contribution[] {
  const source = fn === 'balp' ? balances.period : fn === 'balu' ? balances.unallocated : balances.ending;
  const out: Contribution[] = [];
  for (const a of source) {
    if (!matchesAny(a.matchCode, prefixes)) continue;
    if (fn === 'nbale' && a.balanceCents >= 0) continue;
    if (fn === 'pbale' && a.balanceCents <= 0) continue;
    out.push({ accountCode: a.accountCode, amountCents: a.balanceCents });
  }
  return out;
}

export interface LayoutLineInput {
  kpi: string;
  expression: string;
}

export interface EvaluatedLine {
  kpi: string;
  amountCents: number;
  /** The accounts the line's own functions took (not those of the lines it references). */
  contributions: Contribution[];
  /** The line has account functions (a leaf of the model, not only a sum of lines). */
  hasAccounts: boolean;
  references: string[];
}

/**
 * Evaluates every line of a model. `extra` adds contributions to a line's own ones (before the lines
 * referencing it sum it): accounts no line takes, results of earlier years. References to unknown
 * lines and cycles throw (a data error).
 */
export function evaluateLayout(
  lines: readonly LayoutLineInput[],
  balances: EvalBalances,
  extra: Readonly<Record<string, readonly Contribution[]>> = {},
): Map<string, EvaluatedLine> {
  const parsed = new Map(lines.map((l) => [l.kpi, parseExpression(l.expression)]));
  const done = new Map<string, EvaluatedLine>();
  const visiting = new Set<string>();
  const visit = (kpi: string): EvaluatedLine => {
    const known = done.get(kpi);
    if (known) return known;
    const terms = parsed.get(kpi);
    if (!terms) throw new Error(`unknown statement line ${kpi}`);
    if (visiting.has(kpi)) throw new Error(`statement line ${kpi} refers to itself`);
    visiting.add(kpi);
    const contributions: Contribution[] = [...(extra[kpi] ?? [])];
    let amount = contributions.reduce((sum, c) => sum + c.amountCents, 0);
    const references: string[] = [];
    for (const t of terms) {
      if (t.kind === 'line') {
        references.push(t.kpi);
        amount += t.sign * visit(t.kpi).amountCents;
      } else {
        for (const c of applyFunction(t.fn, t.prefixes, balances)) {
          const signed = t.sign * c.amountCents;
          amount += signed;
          contributions.push({ accountCode: c.accountCode, amountCents: signed });
        }
      }
    }
    visiting.delete(kpi);
    const line: EvaluatedLine = {
      kpi,
      amountCents: amount,
      contributions,
      hasAccounts: terms.some((t) => t.kind === 'accounts'),
      references,
    };
    done.set(kpi, line);
    return line;
  };
  for (const l of lines) visit(l.kpi);
  return done;
}
