/**
 * Tax identifiers printed on an invoice: Spanish NIF/NIE/CIF (check characters validated with
 * @shared/fiscal/nif) and EU VAT numbers with their country prefix. OCR confusions (O/0, I/l/1, S/5,
 * B/8) are repaired only when the repaired id then validates.
 */

import { validateTaxId } from '@shared/fiscal/nif';

export interface FoundTaxId {
  /** Normalised: upper case, no spaces/dots/dashes, no ES prefix; EU VAT ids keep their prefix. */
  id: string;
  valid: boolean;
  /** Characters were changed to make it validate (an OCR repair). */
  repaired: boolean;
  foreign: boolean;
  /** A label (NIF, CIF, VAT...) printed before it. */
  labelled: boolean;
  start: number;
  end: number;
}

/** EU VAT number shapes per country (VIES), plus GB/XI and CH: a code that merely starts "FR" is not one. */
const FOREIGN_VAT =
  /^(?:ATU\d{8}|BE[01]\d{9}|BG\d{9,10}|CY\d{8}[A-Z]|CZ\d{8,10}|DE\d{9}|DK\d{8}|EE\d{9}|EL\d{9}|FI\d{8}|FR[0-9A-Z]{2}\d{9}|HR\d{11}|HU\d{8}|IE\d{7}[A-Z]{1,2}|IE\d[A-Z+*]\d{5}[A-Z]|IT\d{11}|LT(?:\d{9}|\d{12})|LU\d{8}|LV\d{11}|MT\d{8}|NL\d{9}B\d{2}|PL\d{10}|PT\d{9}|RO\d{2,10}|SE\d{12}|SI\d{8}|SK\d{10}|(?:GB|XI)(?:\d{9}|\d{12})|CHE\d{9}(?:MWST|TVA|IVA)?)$/;
/** "I" of the labels as OCR reads it: "N.LF.", "C.1.F.", "N.l.F.". */
const I = '[I1lL|]';
const TAX_LABEL_SOURCE = `(?:N\\.?\\s?${I}\\.?\\s?F\\.?|C\\.?\\s?${I}\\.?\\s?F\\.?|D\\.?N\\.?${I}\\.?|N\\.?${I}\\.?E\\.?|VAT(?:\\s?(?:No\\.?|Nº|number|ID|Reg\\.?))?|NIF-IVA|Tax\\s?ID|CIF\\/NIF|NIF\\/CIF)`;
const TAX_LABEL = new RegExp(`(?<![A-Za-z])${TAX_LABEL_SOURCE}\\s*[:.]?\\s*`, 'gi');
/** A tax-id label ending a text (what precedes the id on its line), with what separates it from the id. */
export const TAX_LABEL_AT_END = new RegExp(
  `(?<![A-Za-z])${TAX_LABEL_SOURCE}[^:]{0,12}:?[\\s\\-.,;:|~_»*]*$`,
  'i',
);

const TO_DIGIT: Readonly<Record<string, string>> = {
  O: '0',
  Q: '0',
  D: '0',
  I: '1',
  L: '1',
  '|': '1',
  S: '5',
  B: '8',
  Z: '2',
  G: '6',
  T: '7',
};
const TO_LETTER: Readonly<Record<string, string>> = {
  '0': 'O',
  '8': 'B',
  '5': 'S',
  '1': 'I',
  '2': 'Z',
  '6': 'G',
  '7': 'T',
};

export function normaliseTaxId(raw: string): string {
  let v = raw.toUpperCase().replace(/[\s.\-_/]/g, '');
  if (v.startsWith('ES') && v.length === 11) v = v.slice(2);
  return v;
}

/** Repairs an id of 9 characters so its check character validates, trying OCR confusions per position. */
export function repairSpanishId(id: string): string | null {
  if (id.length !== 9) return null;
  const options = [...id].map((ch, i) => {
    const alts = new Set([ch]);
    if (i === 0) {
      if (TO_LETTER[ch]) alts.add(TO_LETTER[ch]!);
      if (TO_DIGIT[ch]) alts.add(TO_DIGIT[ch]!);
    } else if (i < 8) {
      if (TO_DIGIT[ch]) alts.add(TO_DIGIT[ch]!);
    } else {
      if (TO_LETTER[ch]) alts.add(TO_LETTER[ch]!);
      if (TO_DIGIT[ch]) alts.add(TO_DIGIT[ch]!);
    }
    return [...alts];
  });
  let combos: string[] = [''];
  for (const alts of options) {
    combos = combos.flatMap((c) => alts.map((a) => c + a));
    if (combos.length > 4096) return null;
  }
  const valid = combos.filter((c) => c !== id && validateTaxId(c).valid);
  return valid.length === 1 ? valid[0]! : null;
}

/** The only valid Spanish id that an id of 10 characters (12 with `ES`) gives without one character. */
export function dropOneCharacter(id: string): string | null {
  const body = id.startsWith('ES') && id.length === 12 ? id.slice(2) : id.length === 10 ? id : null;
  if (!body) return null;
  const found = new Set<string>();
  for (let i = 0; i < body.length; i++) {
    const candidate = body.slice(0, i) + body.slice(i + 1);
    if (validateTaxId(candidate).valid) found.add(candidate);
  }
  return found.size === 1 ? [...found][0]! : null;
}

function classify(raw: string, labelled: boolean): Omit<FoundTaxId, 'start' | 'end' | 'labelled'> | null {
  const id = normaliseTaxId(raw);
  if (FOREIGN_VAT.test(id)) return { id, valid: true, repaired: false, foreign: true };
  const foreign = id.slice(0, 2) + id.slice(2).replace(/[OQD]/g, '0').replace(/[IL|]/g, '1');
  if (labelled && FOREIGN_VAT.test(foreign))
    return { id: foreign, valid: true, repaired: true, foreign: true };
  // OCR doubling a 0 after the country prefix ("DEO0772…" for "DE0772…").
  const undoubled = foreign.slice(0, 2) + foreign.slice(3);
  if (labelled && /^[A-Z]{2}[OQD]/.test(id) && FOREIGN_VAT.test(undoubled))
    return { id: undoubled, valid: true, repaired: true, foreign: true };
  if (validateTaxId(id).valid) return { id, valid: true, repaired: false, foreign: false };
  const repaired = repairSpanishId(id);
  if (repaired) return { id: repaired, valid: true, repaired: true, foreign: false };
  // OCR doubling a character ("ESBO02317311" for "ESB02317311": the B read twice, as B and O): a
  // labelled id one character too long that validates, exactly one way, without one of them.
  const undoubledId = labelled ? dropOneCharacter(id) : null;
  if (undoubledId) return { id: undoubledId, valid: true, repaired: true, foreign: false };
  // A labelled id that validates nowhere is still what the invoice says (kept, low confidence).
  if (labelled && /^[A-Z0-9]{8,12}$/.test(id) && /\d{6}/.test(id)) {
    return { id, valid: false, repaired: false, foreign: false };
  }
  return null;
}

/** What may stand between a label and its id: OCR dashes, bars and stray punctuation ("NIF/CIF:  — B389…"). */
const JUNK_BEFORE_ID = /^[\s\-.,;:|~_»«"'*]+/;
/**
 * Shapes of a printed id after its label, most specific first: a code without spaces ("B-63.041.859",
 * "IE3924065WH"), a Spanish id with spaces or dots between its parts ("B 63041859", "12 345 678 Z"),
 * a foreign VAT id with a space after its country ("IE 3668997OH").
 */
const ID_SHAPES = [
  /^(?:ES[\s-]?)?[A-Z0-9][A-Z0-9.-]{5,14}(?:[\s-][A-Z0-9])?/i,
  /^(?:ES[\s.-]{0,2})?(?:[A-Z][\s.-]{0,2})?\d(?:[\s.-]?\d){6,7}(?:[\s.-]{0,2}[A-Z0-9])?(?![A-Z0-9])/i,
  /^[A-Z]{2,3}\s[A-Z0-9][A-Z0-9.]{6,13}(?![A-Z0-9])/i,
];

/** The id printed right after a label, if one of the shapes classifies. */
function labelledId(
  tail: string,
): { c: NonNullable<ReturnType<typeof classify>>; skip: number; len: number } | null {
  const skip = JUNK_BEFORE_ID.exec(tail)?.[0].length ?? 0;
  const rest = tail.slice(skip);
  // A shape that validates beats one kept as printed ("b58818501 en…" is not "B58818501E").
  let kept: { c: NonNullable<ReturnType<typeof classify>>; skip: number; len: number } | null = null;
  for (const shape of ID_SHAPES) {
    const tok = shape.exec(rest)?.[0];
    if (!tok) continue;
    const short = tok.replace(/[\s-][A-Z0-9]$/i, '');
    for (const t of short === tok ? [tok] : [tok, short]) {
      const c = classify(t, true);
      if (c?.valid) return { c, skip, len: t.length };
      if (c && !kept) kept = { c, skip, len: t.length };
    }
  }
  return kept;
}

/** Tax ids in a line: after a label first, then bare tokens that validate. */
export function findTaxIds(text: string): FoundTaxId[] {
  const found: FoundTaxId[] = [];
  const taken: [number, number][] = [];
  TAX_LABEL.lastIndex = 0;
  for (let m = TAX_LABEL.exec(text); m; m = TAX_LABEL.exec(text)) {
    const after = m.index + m[0].length;
    const id = labelledId(text.slice(after));
    if (!id) continue;
    const start = after + id.skip;
    found.push({ ...id.c, labelled: true, start, end: start + id.len });
    taken.push([m.index, start + id.len]);
  }
  // Bare ids, also lower case or with a space after the letter ("b63041859", "B 63041859") when valid.
  const bare =
    /\b(?:ES[\s-]?)?(?:[A-Z0-9][A-Z0-9.-]{6,14}[A-Z0-9]|[A-Z][\s-]\d{7}[0-9A-J]|\d{8}[\s-][A-Z])\b/gi;
  for (let m = bare.exec(text); m; m = bare.exec(text)) {
    const s = m.index;
    if (taken.some(([a, b]) => s < b && s + m![0].length > a)) continue;
    if (!/\d{5}/.test(m[0].replace(/[\s.-]/g, ''))) continue;
    const c = classify(m[0], false);
    // Unlabelled, only an id that validates as printed: a repaired bare token is too often a code.
    if (!c?.valid || c.repaired) continue;
    found.push({ ...c, labelled: false, start: s, end: s + m[0].length });
  }
  return found.sort((a, b) => a.start - b.start);
}
