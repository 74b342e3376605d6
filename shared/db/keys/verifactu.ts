/**
 * Key builders of VeriFacTu (issue 5), spread into `keys` by `shared/db/keys.ts`. Every item lives
 * in the company's partition `COMPANY#<companyId>`; `seq` is zero-padded so the sort key orders
 * the chain.
 */

import type { Key } from '../keys';
import { enc } from './encoding';

const pk = (companyId: string) => `COMPANY#${enc(companyId)}`;
/** Chain positions sort as strings: 10 digits hold any company's lifetime of records. */
export const seqKey = (seq: number): string => String(seq).padStart(10, '0');

export const verifactuKeys = {
  /** The issuer's chain head: seq, huella and IDFactura of the last record (optimistic lock on seq). */
  verifactuChainHead: (companyId: string): Key => ({ pk: pk(companyId), sk: 'VF#HEAD' }),
  /** One registration record (immutable). */
  verifactuRecord: (companyId: string, seq: number): Key => ({
    pk: pk(companyId),
    sk: `VF#REC#${seqKey(seq)}`,
  }),
  verifactuRecordPrefix: (companyId: string) => ({ pk: pk(companyId), skPrefix: 'VF#REC#' }),
  /** gsi1 on a record: the records of one invoice, in chain order. */
  verifactuRecordByInvoice: (companyId: string, invoiceId: string, seq: number) => ({
    gsi1pk: `${pk(companyId)}#VFINV#${enc(invoiceId)}`,
    gsi1sk: seqKey(seq),
  }),
  verifactuRecordByInvoicePartition: (companyId: string, invoiceId: string) => ({
    gsi1pk: `${pk(companyId)}#VFINV#${enc(invoiceId)}`,
  }),
  /** The submission state of one record (moved by conditional writes). */
  verifactuSubmission: (companyId: string, seq: number): Key => ({
    pk: pk(companyId),
    sk: `VF#SUB#${seqKey(seq)}`,
  }),
  verifactuSubmissionPrefix: (companyId: string) => ({ pk: pk(companyId), skPrefix: 'VF#SUB#' }),
  /**
   * gsi1 on a submission (sparse, only while QUEUED or SENT): the company's records still to send or
   * to resolve, in chain order (the sender reads them oldest first).
   */
  verifactuPending: (companyId: string, seq: number) => ({
    gsi1pk: `${pk(companyId)}#VFPENDING`,
    gsi1sk: seqKey(seq),
  }),
  verifactuPendingPartition: (companyId: string) => ({ gsi1pk: `${pk(companyId)}#VFPENDING` }),
  /**
   * gsi2 on a submission (sparse, only while QUEUED or SENT): every company's pending records, for the
   * sweep that re-triggers senders whose trigger was lost.
   */
  verifactuPendingGlobal: (companyId: string, seq: number) => ({
    gsi2pk: 'VERIFACTU#PENDING',
    gsi2sk: `${enc(companyId)}#${seqKey(seq)}`,
  }),
  verifactuPendingGlobalPartition: () => ({ gsi2pk: 'VERIFACTU#PENDING' }),
  /**
   * Counters of a company: records per status (`status_<STATUS>`) and records generated per month
   * (`usage_<yyyy-mm>`), ADDed in the transactions that move them.
   */
  verifactuStats: (companyId: string): Key => ({ pk: pk(companyId), sk: 'VF#STATS' }),
  /** Sender flow control: when the AEAT allows the next message (TiempoEsperaEnvio), last send. */
  verifactuSender: (companyId: string): Key => ({ pk: pk(companyId), sk: 'VF#SENDER' }),
  /** The company's VeriFacTu configuration. */
  verifactuConfig: (companyId: string): Key => ({ pk: pk(companyId), sk: 'VF#CONFIG' }),
  /** An uploaded certificate (encrypted .p12 and its public facts). */
  verifactuCertificate: (companyId: string, certificateId: string): Key => ({
    pk: pk(companyId),
    sk: `VF#CERT#${enc(certificateId)}`,
  }),
  verifactuCertificatePrefix: (companyId: string) => ({ pk: pk(companyId), skPrefix: 'VF#CERT#' }),
  /** One use of a certificate (test connection, submission, query), newest last. */
  verifactuCertificateUse: (companyId: string, certificateId: string, at: string, id: string): Key => ({
    pk: pk(companyId),
    sk: `VF#CERTUSE#${enc(certificateId)}#${at}#${enc(id)}`,
  }),
  verifactuCertificateUsePrefix: (companyId: string, certificateId: string) => ({
    pk: pk(companyId),
    skPrefix: `VF#CERTUSE#${enc(certificateId)}#`,
  }),
};
