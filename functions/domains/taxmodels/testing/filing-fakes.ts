/**
 * Test helpers for filing (issue 14 item 4): certificates made with node-forge (a small test CA, a
 * client .p12 whose subject carries a NIF as the FNMT's do, a server identity for 127.0.0.1), a
 * stand-in submission gateway whose answers a test decides, an in-memory documents bucket behind the
 * deps' `s3`, and the VeriFacTu certificate item a company's filing reads (sealed with the local
 * secret box, as the VeriFacTu upload seals it).
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as s3sdk from '@aws-sdk/client-s3';
import { seal } from '@functions/lib/secret-box';
import { useEnv } from '@functions/platform/testing/env';
import { envNames } from '@shared/config/env-names';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import forge from 'node-forge';
import type { CertificateFacts } from '../model/filing-certificate';
import type { TaxModelsDeps } from '../store/deps';
import type {
  FilingStatus,
  FilingTarget,
  SubmissionGateway,
  SubmissionOutcome,
  SubmissionRequest,
} from '../store/gateway';

// --- certificates -------------------------------------------------------------------------------------

let keyPair: forge.pki.rsa.KeyPair | undefined;
/** One RSA key for every test certificate (generating keys in pure JS is slow). */
const testKeys = () => {
  keyPair ??= forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  return keyPair;
};

let serial = 0;
const nextSerial = () => `01${Date.now().toString(16)}${(++serial).toString(16).padStart(4, '0')}`;

let ca: forge.pki.Certificate | undefined;
function testCa(): forge.pki.Certificate {
  if (ca) return ca;
  const cert = forge.pki.createCertificate();
  cert.publicKey = testKeys().publicKey;
  cert.serialNumber = nextSerial();
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 5 * 365 * 24 * 3600 * 1000);
  const name = [
    { name: 'countryName', value: 'ES' },
    { name: 'commonName', value: 'AC Pruebas Presentaciones' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  cert.sign(testKeys().privateKey, forge.md.sha256.create());
  ca = cert;
  return cert;
}

export const testCaPem = (): string => forge.pki.certificateToPem(testCa());

/**
 * A client .p12 (key + certificate) for `nif`, subject serialNumber `IDCES-<nif>`, CN `<name> - <nif>`,
 * with the test CA inside unless `withCa` is false (Node trusts the CAs a .p12 carries).
 */
export function makeClientP12(opts: {
  nif: string;
  name: string;
  password: string;
  validTo?: Date;
  withCa?: boolean;
}): Buffer {
  const cert = forge.pki.createCertificate();
  cert.publicKey = testKeys().publicKey;
  cert.serialNumber = nextSerial();
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = opts.validTo ?? new Date(Date.now() + 365 * 24 * 3600 * 1000);
  cert.setSubject([
    { name: 'countryName', value: 'ES' },
    { type: '2.5.4.5', value: `IDCES-${opts.nif}` },
    { name: 'commonName', value: `${opts.name} - ${opts.nif}` },
  ] as forge.pki.CertificateField[]);
  cert.setIssuer(testCa().subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', clientAuth: true },
  ]);
  cert.sign(testKeys().privateKey, forge.md.sha256.create());
  const chain = opts.withCa === false ? [cert] : [cert, testCa()];
  const asn1 = forge.pkcs12.toPkcs12Asn1(testKeys().privateKey, chain, opts.password, {
    algorithm: '3des',
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** A TLS server identity for 127.0.0.1 / localhost signed by the test CA (trust it with `testCaPem()`). */
export function makeServerIdentity(): { certPem: string; keyPem: string; caPem: string } {
  const cert = forge.pki.createCertificate();
  cert.publicKey = testKeys().publicKey;
  cert.serialNumber = nextSerial();
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  cert.setSubject([{ name: 'commonName', value: 'localhost' }]);
  cert.setIssuer(testCa().subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
      ],
    },
  ]);
  cert.sign(testKeys().privateKey, forge.md.sha256.create());
  return {
    certPem: forge.pki.certificateToPem(cert),
    keyPem: forge.pki.privateKeyToPem(testKeys().privateKey),
    caPem: testCaPem(),
  };
}

/** Points the secret box at a fresh local key file for the test file (call at its top). */
export function useLocalSecretBox(): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxmodels-keys-'));
  useEnv({ [envNames.certificatesLocalKeyFile]: path.join(dir, 'certificates.key') });
}

/** The VeriFacTu certificate item of a company, its .p12 sealed as the VeriFacTu upload seals it. */
export async function certificateItem(
  facts: Omit<CertificateFacts, 'issuer' | 'serialNumber' | 'fileName'> & Partial<CertificateFacts>,
  secret: { p12: Buffer; password: string },
) {
  const sealed = await seal(
    Buffer.from(JSON.stringify({ p12Base64: secret.p12.toString('base64'), password: secret.password })),
    { purpose: 'verifactu-certificate', companyId: facts.companyId, certificateId: facts.certificateId },
  );
  return {
    ...keys.verifactuCertificate(facts.companyId, facts.certificateId),
    entity: 'VerifactuCertificate',
    v: SCHEMA_VERSION,
    fileName: 'empresa.p12',
    issuer: 'CN=AC Pruebas Presentaciones',
    serialNumber: '01',
    qualifiedCa: null,
    digitalSignature: true,
    uploadedAt: '2025-01-01T00:00:00.000Z',
    uploadedBy: 'u-owner',
    ...facts,
    sealed,
  };
}

// --- the gateway ------------------------------------------------------------------------------------------

export type GatewayScript =
  | SubmissionOutcome
  | { throws: 'timeout' | 'connection-lost' | 'tls-error' | 'http'; requestSent: boolean };

/** A submission gateway whose answers the test queues; it keeps what it was asked. */
export function fakeGateway() {
  const submits: SubmissionRequest[] = [];
  const statuses: FilingTarget[] = [];
  const script: GatewayScript[] = [];
  let filed: FilingStatus = { filed: false };
  const gateway: SubmissionGateway & {
    submits: SubmissionRequest[];
    statuses: FilingTarget[];
    answer(...next: GatewayScript[]): void;
    setFiled(status: FilingStatus): void;
  } = {
    available: true,
    submits,
    statuses,
    answer: (...next) => script.push(...next),
    setFiled: (s) => {
      filed = s;
    },
    async submit(request) {
      submits.push(request);
      const next = script.shift() ?? {
        outcome: 'ACCEPTED',
        csv: 'ABCDEFGHJK000001',
        receiptNumber: '3030000000001',
        presentedAt: '2025-07-10T11:00:00+02:00',
      };
      if ('throws' in next) {
        const { GatewayTechnicalError } = await import('../store/gateway');
        throw new GatewayTechnicalError(next.throws, `simulated ${next.throws}`, next.requestSent);
      }
      return next;
    },
    async status(target) {
      statuses.push(target);
      return filed;
    },
  };
  return gateway;
}

// --- the documents bucket -------------------------------------------------------------------------------

/** An in-memory bucket behind `deps.s3` (PutObject and GetObject). */
export function fakeBucket() {
  const objects = new Map<string, { body: Buffer; contentType: string | undefined }>();
  const client = {
    async send(command: unknown) {
      if (command instanceof s3sdk.PutObjectCommand) {
        const body = command.input.Body as Uint8Array;
        objects.set(command.input.Key!, { body: Buffer.from(body), contentType: command.input.ContentType });
        return {};
      }
      if (command instanceof s3sdk.GetObjectCommand) {
        const found = objects.get(command.input.Key!);
        if (!found) throw Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey' });
        return { Body: { transformToByteArray: async () => new Uint8Array(found.body) } };
      }
      throw new Error(`fake bucket: ${(command as { constructor: { name: string } }).constructor.name}`);
    },
  };
  const s3 = (() => Promise.resolve({ sdk: s3sdk, client })) as unknown as TaxModelsDeps['s3'];
  return { objects, s3 };
}
