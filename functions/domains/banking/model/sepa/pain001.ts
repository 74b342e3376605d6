/**
 * pain.001.001.03, SEPA credit transfer initiation ("transferencias", AEB Cuaderno 34-14 ISO 20022
 * implementation guide; reference/banking-accounting.md A2): one group header and one payment
 * information block per debtor account and execution date (an order has one of each), one
 * CdtTrfTxInf per supplier payment. Free text is reduced to the SEPA character set; the caller gives
 * valid IBANs and identifiers. Validated against the ISO schema in the tests (./xsd/).
 */

import { sepaText } from './charset';
import { amountText, el, renderDocument, type XmlElement } from './xml';

export interface TransferTransaction {
  endToEndId: string;
  amountCents: number;
  creditorName: string;
  creditorIban: string;
  creditorBic: string | null;
  /** Unstructured remittance (invoice numbers…), ≤ 140 characters after sanitising. */
  remittance: string;
}

export interface TransferMessage {
  /** Unique per message and initiating party (≤ 35). */
  msgId: string;
  /** When the file was created (instant). */
  createdAt: Date;
  /** The company ordering the payments: its name and identification (NIF + suffix in Spain). */
  initiatingParty: { name: string; id: string };
  debtor: { name: string; iban: string; bic: string | null };
  executionDate: string;
  /** ISO 20022 ExternalCategoryPurpose1Code: SUPP (supplier payment), SALA (salaries)... */
  categoryPurpose: string;
  transactions: TransferTransaction[];
}

export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';

/** `YYYY-MM-DDThh:mm:ss` (ISODateTime without fractions, as the AEB guides show it). */
export const isoDateTime = (d: Date): string => d.toISOString().slice(0, 19);

/** A financial institution: by BIC when known, else the EPC's `NOTPROVIDED`. */
export const agent = (bic: string | null): XmlElement =>
  el('FinInstnId', bic ? el('BIC', bic) : el('Othr', el('Id', 'NOTPROVIDED')));

export const sumCents = (txs: { amountCents: number }[]): number =>
  txs.reduce((s, t) => s + t.amountCents, 0);

export function buildPain001(m: TransferMessage): string {
  if (m.transactions.length === 0) throw new Error('A transfer message needs at least one transaction');
  const total = sumCents(m.transactions);
  const count = String(m.transactions.length);
  const tx = (t: TransferTransaction) =>
    el(
      'CdtTrfTxInf',
      el('PmtId', el('EndToEndId', t.endToEndId)),
      el('Amt', el('InstdAmt', { Ccy: 'EUR' }, amountText(t.amountCents))),
      t.creditorBic && el('CdtrAgt', agent(t.creditorBic)),
      el('Cdtr', el('Nm', sepaText(t.creditorName, 70))),
      el('CdtrAcct', el('Id', el('IBAN', t.creditorIban))),
      sepaText(t.remittance) && el('RmtInf', el('Ustrd', sepaText(t.remittance, 140))),
    );
  const doc = el(
    'Document',
    { xmlns: PAIN_001_NAMESPACE, 'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance' },
    el(
      'CstmrCdtTrfInitn',
      el(
        'GrpHdr',
        el('MsgId', m.msgId),
        el('CreDtTm', isoDateTime(m.createdAt)),
        el('NbOfTxs', count),
        el('CtrlSum', amountText(total)),
        el(
          'InitgPty',
          el('Nm', sepaText(m.initiatingParty.name, 70)),
          el('Id', el('OrgId', el('Othr', el('Id', m.initiatingParty.id)))),
        ),
      ),
      el(
        'PmtInf',
        el('PmtInfId', `${m.msgId}-1`),
        el('PmtMtd', 'TRF'),
        el('BtchBookg', 'true'),
        el('NbOfTxs', count),
        el('CtrlSum', amountText(total)),
        el('PmtTpInf', el('SvcLvl', el('Cd', 'SEPA')), el('CtgyPurp', el('Cd', m.categoryPurpose))),
        el('ReqdExctnDt', m.executionDate),
        el('Dbtr', el('Nm', sepaText(m.debtor.name, 70))),
        el('DbtrAcct', el('Id', el('IBAN', m.debtor.iban)), el('Ccy', 'EUR')),
        el('DbtrAgt', agent(m.debtor.bic)),
        el('ChrgBr', 'SLEV'),
        ...m.transactions.map(tx),
      ),
    ),
  );
  return renderDocument(doc);
}
