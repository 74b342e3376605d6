/**
 * Found by the security suite (infra/local/security.int.test.ts, issue #12 items 9 and 12): a
 * refresh token and a cancellation reason with control characters or lone surrogates passed the
 * schema edge.
 */

import { describe, expect, it } from 'vitest';
import { LogoutBody, RefreshBody } from './identity';
import { CancelInvoiceBody } from './invoices';
import { UNSAFE_TEXT_MESSAGE } from './text';

describe('refresh tokens at the edge', () => {
  it('accept the JWT and JWE alphabet', () => {
    expect(RefreshBody.safeParse({ refreshToken: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln-_~+/=' }).success).toBe(true);
    expect(LogoutBody.safeParse({ refreshToken: 'refresh-1' }).success).toBe(true);
  });

  it.each([
    ['a control character', 'abc\u0000def'],
    ['a lone surrogate', 'abc\ud800def'],
    ['a space', 'abc def'],
  ])('refuse %s', (_, refreshToken) => {
    expect(RefreshBody.safeParse({ refreshToken }).error?.issues[0]?.message).toBe(
      'El refresh token no es válido.',
    );
    expect(LogoutBody.safeParse({ refreshToken }).success).toBe(false);
  });
});

describe('the reason of a cancellation', () => {
  it('accepts line breaks', () => {
    expect(CancelInvoiceBody.safeParse({ reason: 'Error en el NIF\ndel cliente' }).success).toBe(true);
  });

  it.each([
    ['an escape sequence', 'Error de emisión\u001b[31m'],
    ['a lone surrogate', 'Error de emisión\ud800'],
  ])('refuses %s', (_, reason) => {
    expect(CancelInvoiceBody.safeParse({ reason }).error?.issues[0]).toMatchObject({
      path: ['reason'],
      message: UNSAFE_TEXT_MESSAGE,
    });
  });
});
