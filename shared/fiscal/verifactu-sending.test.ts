import { describe, expect, it } from 'vitest';
import { pendingReasonOf, qrApplies, sendingStateOf } from './verifactu-sending';

const NOW = new Date('2026-11-26T12:00:00Z');
const config = { enabled: true, mode: 'VERIFACTU' as const, certificateId: 'c1' };
const valid = { validFrom: '2026-01-01T00:00:00Z', validTo: '2027-12-31T00:00:00Z' };

describe('sendingStateOf: whether a company sends its records now', () => {
  it('sends with an enabled VERI*FACTU configuration and a certificate valid today', () => {
    expect(sendingStateOf({ config, certificate: valid, now: NOW })).toEqual({ ready: true, reason: null });
  });

  it.each([
    ['NOT_CONFIGURED', null, valid, /VeriFacTu no configurado/],
    ['DISABLED', { ...config, enabled: false }, valid, /desactivado/],
    ['NOT_VERIFACTU_MODE', { ...config, mode: 'NO_VERIFACTU' as const }, valid, /NO VERI\*FACTU/],
    ['NO_CERTIFICATE', { ...config, certificateId: null }, valid, /Falta el certificado/],
    ['CERTIFICATE_NOT_FOUND', config, null, /ya no existe/],
    ['CERTIFICATE_EXPIRED', config, { ...valid, validTo: '2026-11-01T10:00:00Z' }, /caducó el 01\/11\/2026/],
    [
      'CERTIFICATE_NOT_YET_VALID',
      config,
      { ...valid, validFrom: '2026-12-02T10:00:00Z' },
      /no es válido hasta el 02\/12\/2026/,
    ],
  ])('%s: does not send, and says why', (code, cfg, certificate, message) => {
    const state = sendingStateOf({ config: cfg, certificate, now: NOW });
    expect(state.ready).toBe(false);
    expect(state.reason?.code).toBe(code);
    expect(state.reason?.message).toMatch(message);
  });
});

describe('pendingReasonOf: only a QUEUED record of a company that cannot send has a reason', () => {
  const blocked = sendingStateOf({ config: null, certificate: null, now: NOW });
  const ready = sendingStateOf({ config, certificate: valid, now: NOW });

  it('gives the block of the company to its queued records', () => {
    expect(pendingReasonOf({ status: 'QUEUED' }, blocked)?.code).toBe('NOT_CONFIGURED');
  });

  it('gives none to a record already sent, nor to a company that sends', () => {
    expect(pendingReasonOf({ status: 'VERIFIED' }, blocked)).toBeNull();
    expect(pendingReasonOf({ status: 'QUEUED' }, ready)).toBeNull();
  });
});

describe('qrApplies: the QR and legend only on records really sent in VERI*FACTU mode', () => {
  const ready = sendingStateOf({ config, certificate: valid, now: NOW });
  const notConfigured = sendingStateOf({ config: null, certificate: null, now: NOW });
  const expired = sendingStateOf({
    config,
    certificate: { ...valid, validTo: '2026-01-02T00:00:00Z' },
    now: NOW,
  });
  const verifactu = { mode: 'VERIFACTU' as const };

  it('a queued record of a company without VeriFacTu configured has no QR', () => {
    expect(qrApplies({ record: verifactu, submission: { status: 'QUEUED' }, sending: notConfigured })).toBe(
      false,
    );
  });

  it('a queued record of a company whose certificate expired has no QR', () => {
    expect(qrApplies({ record: verifactu, submission: { status: 'QUEUED' }, sending: expired })).toBe(false);
  });

  it('a queued record of a company that sends now has the QR (it leaves within seconds)', () => {
    expect(qrApplies({ record: verifactu, submission: { status: 'QUEUED' }, sending: ready })).toBe(true);
  });

  it.each(['SENT', 'VERIFIED', 'ACCEPTED_WITH_ERRORS', 'ERROR'] as const)(
    'a record that went to the AEAT (%s) keeps its QR whatever the configuration now',
    (status) => {
      expect(qrApplies({ record: verifactu, submission: { status }, sending: notConfigured })).toBe(true);
    },
  );

  it('a record in NO VERI*FACTU mode, or without submission, has no QR', () => {
    expect(
      qrApplies({ record: { mode: 'NO_VERIFACTU' }, submission: { status: 'VERIFIED' }, sending: ready }),
    ).toBe(false);
    expect(qrApplies({ record: verifactu, submission: null, sending: ready })).toBe(false);
  });
});
