/**
 * Text fields as they enter the API: refused at the schema edge when they hold characters no
 * document we produce may carry. The AEAT's XML (VeriFacTu, SII) is XML 1.0, whose Char production
 * (§2.2) admits only #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]: a C0
 * control or a lone surrogate would make the whole record unparseable, long after the request that
 * brought it was answered. C1 controls (#x7F-#x9F) are legal XML but invisible and a known vector in
 * CSV/terminal output, so they are refused too.
 *
 * Two kinds of field:
 * - `safeText()`: a single line (names, addresses lines, NIFs, references, file names, searches):
 *   no control character at all, tab and line breaks included.
 * - `safeMultiline()`: free text that may span lines (notes, footers, comments, line descriptions,
 *   reasons): tab, LF and CR allowed; every other control refused.
 */

import * as z from 'zod';

export const UNSAFE_TEXT_MESSAGE = 'El texto contiene caracteres no permitidos.';

// \p{Cc}: C0, DEL and C1 controls. \p{Cs} with the `u` flag: only unpaired surrogates (a pair is
// one code point). U+FFFE and U+FFFF are not XML Chars either.
const UNSAFE_SINGLE_LINE = /[\p{Cc}\p{Cs}\uFFFE\uFFFF]/u;
// The same but tab, LF and CR: "a control that is not one of those three".
const UNSAFE_MULTILINE = /[^\P{Cc}\t\n\r]|[\p{Cs}\uFFFE\uFFFF]/u;

/** The string may be stored in a single-line text field. */
export const isSafeText = (value: string): boolean => !UNSAFE_SINGLE_LINE.test(value);

/** The string may be stored in a multi-line text field (tab, LF and CR allowed). */
export const isSafeMultiline = (value: string): boolean => !UNSAFE_MULTILINE.test(value);

/**
 * A single-line text field: chain `.min().max()` on it as on `z.string()`. Surrounding whitespace is
 * trimmed first, so a line break pasted at the end of a name is dropped rather than refused.
 */
export const safeText = () =>
  z.string().trim().refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE, abort: true });

/** A multi-line text field (notes, descriptions, comments): tab and line breaks allowed. */
export const safeMultiline = () =>
  z.string().refine(isSafeMultiline, { message: UNSAFE_TEXT_MESSAGE, abort: true });
