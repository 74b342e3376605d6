/**
 * pain.008.001.02, SEPA direct debit initiation ("remesa de recibos", AEB Cuaderno 19-14 / 19-44 ISO
 * 20022 implementation guides; reference/banking-accounting.md A2). Payment information blocks are
 * grouped by requested collection date + sequence type + scheme (CORE / B2B): each block carries one
 * LclInstrm, one SeqTp and one ReqdColltnDt, so receipts differing in any of them cannot share a block.
 * The creditor identifier goes in CdtrSchmeId (PrvtId/Othr with scheme name SEPA). Validated against
 * the ISO schema in the tests (./xsd/).
 */

import { sepaText } from './charset';
import { agent, isoDateTime, sumCents } from './pain001';
import { amountText, el, renderDocument } from './xml';

export type SepaScheme = 'CORE' | 'B2B';
export type SequenceType = 'FRST' | 'RCUR' | 'OOFF' | 'FNAL';

export interface DebitTransaction {
  endToEndId: string;
  amountCents: number;
  collectionDate: string;
  scheme: SepaScheme;
  sequenceType: SequenceType;
  mandateId: string;
  mandateSignatureDate: string;
  debtorName: string;
  debtorIban: string;
  debtorBic: string | null;
  remittance: string;
}

export interface DebitMessage {
  msgId: string;
  createdAt: Date;
  initiatingParty: { name: string; id: string };
  creditor: { name: string; iban: string; bic: string | null; creditorId: string };
  transactions: DebitTransaction[];
}

export interface PaymentInfoBlock {
  pmtInfId: string;
  collectionDate: string;
  scheme: SepaScheme;
  sequenceType: SequenceType;
  count: number;
  totalCents: number;
}

export const PAIN_008_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.008.001.02';

/** The transactions grouped as the blocks will be, in a stable order (date, scheme, sequence). */
export function groupDebits(txs: DebitTransaction[]): DebitTransaction[][] {
  const groups = new Map<string, DebitTransaction[]>();
  for (const t of txs) {
    const key = `${t.collectionDate}|${t.scheme}|${t.sequenceType}`;
    const group = groups.get(key);
    if (group) group.push(t);
    else groups.set(key, [t]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, g]) => g);
}

export function buildPain008(m: DebitMessage): { xml: string; blocks: PaymentInfoBlock[] } {
  if (m.transactions.length === 0) throw new Error('A direct debit message needs at least one transaction');
  const groups = groupDebits(m.transactions);
  const blocks: PaymentInfoBlock[] = groups.map((g, i) => ({
    pmtInfId: `${m.msgId}-${i + 1}`,
    collectionDate: g[0]!.collectionDate,
    scheme: g[0]!.scheme,
    sequenceType: g[0]!.sequenceType,
    count: g.length,
    totalCents: sumCents(g),
  }));
  const tx = (t: DebitTransaction) =>
    el(
      'DrctDbtTxInf',
      el('PmtId', el('EndToEndId', t.endToEndId)),
      el('InstdAmt', { Ccy: 'EUR' }, amountText(t.amountCents)),
      el(
        'DrctDbtTx',
        el(
          'MndtRltdInf',
          el('MndtId', t.mandateId),
          el('DtOfSgntr', t.mandateSignatureDate),
          el('AmdmntInd', 'false'),
        ),
      ),
      el('DbtrAgt', agent(t.debtorBic)),
      el('Dbtr', el('Nm', sepaText(t.debtorName, 70))),
      el('DbtrAcct', el('Id', el('IBAN', t.debtorIban))),
      sepaText(t.remittance) && el('RmtInf', el('Ustrd', sepaText(t.remittance, 140))),
    );
  const block = (b: PaymentInfoBlock, g: DebitTransaction[]) =>
    el(
      'PmtInf',
      el('PmtInfId', b.pmtInfId),
      el('PmtMtd', 'DD'),
      el('BtchBookg', 'true'),
      el('NbOfTxs', String(b.count)),
      el('CtrlSum', amountText(b.totalCents)),
      el(
        'PmtTpInf',
        el('SvcLvl', el('Cd', 'SEPA')),
        el('LclInstrm', el('Cd', b.scheme)),
        el('SeqTp', b.sequenceType),
      ),
      el('ReqdColltnDt', b.collectionDate),
      el('Cdtr', el('Nm', sepaText(m.creditor.name, 70))),
      el('CdtrAcct', el('Id', el('IBAN', m.creditor.iban)), el('Ccy', 'EUR')),
      el('CdtrAgt', agent(m.creditor.bic)),
      el('ChrgBr', 'SLEV'),
      el(
        'CdtrSchmeId',
        el(
          'Id',
          el('PrvtId', el('Othr', el('Id', m.creditor.creditorId), el('SchmeNm', el('Prtry', 'SEPA')))),
        ),
      ),
      ...g.map(tx),
    );
  const doc = el(
    'Document',
    { xmlns: PAIN_008_NAMESPACE, 'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance' },
    el(
      'CstmrDrctDbtInitn',
      el(
        'GrpHdr',
        el('MsgId', m.msgId),
        el('CreDtTm', isoDateTime(m.createdAt)),
        el('NbOfTxs', String(m.transactions.length)),
        el('CtrlSum', amountText(sumCents(m.transactions))),
        el(
          'InitgPty',
          el('Nm', sepaText(m.initiatingParty.name, 70)),
          el('Id', el('OrgId', el('Othr', el('Id', m.initiatingParty.id)))),
        ),
      ),
      ...blocks.map((b, i) => block(b, groups[i]!)),
    ),
  );
  return { xml: renderDocument(doc), blocks };
}
