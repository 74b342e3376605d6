/**
 * Taking a raw mail into the smart inbox (issue 17 item 4): the same code for a mail SES (locally the
 * SMTP listener) stored under `inbound/`, one the IMAP poll fetched, one the sweep found, and a
 * reprocess. Steps: parse (mailparser) -> recipients -> the companies of their aliases (unknown: drop,
 * nothing stored) -> record the mail once (Message-ID / content claims) -> judge the MTA's verdicts
 * (model/mail-auth.ts: what fails is IGNORED and no attachment is read) -> each invoice attachment
 * through the documents' intake (origin EMAIL/IMAP, idempotent by an upload id made of the mail and
 * the attachment's position, so a mail read twice never makes two documents).
 */

import type { Logger } from '@functions/platform/logger';
import type { DocumentOrigin } from '@shared/schemas/documents';
import {
  type InboxAttachment,
  type InboxEmail,
  MAX_ATTACHMENTS_PER_MAIL,
  MAX_INBOUND_MAIL_BYTES,
  type MailVerdicts,
} from '@shared/schemas/inbox';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import {
  contentTypeOf,
  decidePart,
  envelopeRecipients,
  mailContentHash,
  recipientAliases,
  safeFileName,
} from '../model/inbox-mail';
import { bareAddress, headerBlock, judgeMail, readVerdicts, senderAllowed } from '../model/mail-auth';
import { companyOfAlias, getOrCreateInboxConfig, type StoredInboxConfig } from './inbox-config';
import type { InboxDeps } from './inbox-deps';
import { markInboundObject, recordInboxEmail, updateInboxEmail } from './inbox-emails';

export interface TakeInInput {
  rawKey: string;
  bytes: Uint8Array;
  origin: 'EMAIL' | 'IMAP';
  /** IMAP: the mailbox is the company's own; the recipients do not choose it. */
  companyId?: string;
  log: Logger;
}

export interface TakeInResult {
  outcome: 'DROPPED' | 'TAKEN';
  /** Per company: the mail's id and whether this call recorded it or found it recorded. */
  emails: { companyId: string; inboxId: string; fresh: boolean; status: InboxEmail['status'] }[];
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) =>
    a.value.flatMap((v) => [v.address ?? '', ...(v.group ?? []).map((g) => g.address ?? '')]),
  );

async function parse(bytes: Uint8Array): Promise<ParsedMail> {
  return simpleParser(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
    skipTextLinks: true,
  });
}

/** Takes a raw mail in; idempotent (the same raw mail twice records one mail, one document per attachment). */
export async function takeInRawMail(deps: InboxDeps, input: TakeInInput): Promise<TakeInResult> {
  if (input.bytes.byteLength > MAX_INBOUND_MAIL_BYTES) {
    input.log.warn('Inbound mail larger than 25 MB dropped', {
      rawKey: input.rawKey,
      bytes: input.bytes.byteLength,
    });
    await markInboundObject(deps, input.rawKey, { result: 'DROPPED', inboxIds: [], companyIds: [] });
    return { outcome: 'DROPPED', emails: [] };
  }
  const headers = headerBlock(input.bytes);
  const parsed = await parse(input.bytes);
  const companyIds = input.companyId ? [input.companyId] : await companiesAddressed(deps, parsed, headers);
  if (companyIds.length === 0) {
    // Not for any of our companies: nothing is stored (the raw mail expires with the bucket's rule).
    input.log.info('Inbound mail for no known inbox dropped', { rawKey: input.rawKey });
    await markInboundObject(deps, input.rawKey, { result: 'DROPPED', inboxIds: [], companyIds: [] });
    return { outcome: 'DROPPED', emails: [] };
  }

  const sha256 = mailContentHash(input.bytes);
  const emails: TakeInResult['emails'] = [];
  for (const companyId of companyIds) {
    const now = deps.now().toISOString();
    const inboxId = deps.newId();
    const sender = bareAddress(parsed.from?.text ?? '') ?? '';
    const recorded = await recordInboxEmail(deps, {
      inboxId,
      id: inboxId,
      companyId,
      origin: input.origin,
      messageId: parsed.messageId?.slice(0, 998) ?? null,
      rawKey: input.rawKey,
      sha256,
      sender,
      subject: (parsed.subject ?? '').slice(0, 500),
      receivedAt: now,
      status: 'RECEIVED',
      ignoredReason: null,
      classification: 'OTHER',
      aiConfidence: null,
      verdicts: stripAuthenticated(verdictsOf(input.origin, input.bytes)),
      attachments: [],
      processedAt: null,
      error: null,
      updatedAt: now,
    });
    let email = recorded.email;
    // A mail recorded earlier is read again only if its reading never finished (a crash midway).
    if (recorded.fresh || email.status === 'RECEIVED' || email.status === 'PROCESSING') {
      email = await processInboxEmail(deps, email, { parsed, bytes: input.bytes });
    } else {
      input.log.info('Inbound mail already in the inbox', { inboxId: email.inboxId, companyId });
    }
    emails.push({ companyId, inboxId: email.inboxId, fresh: recorded.fresh, status: email.status });
  }
  await markInboundObject(deps, input.rawKey, {
    result: 'TAKEN',
    inboxIds: emails.map((e) => e.inboxId),
    companyIds,
  });
  return { outcome: 'TAKEN', emails };
}

async function companiesAddressed(
  deps: InboxDeps,
  parsed: ParsedMail,
  headers: ReturnType<typeof headerBlock>,
) {
  const addresses = [...addressesOf(parsed.to), ...addressesOf(parsed.cc), ...envelopeRecipients(headers)];
  const aliases = recipientAliases(addresses, deps.mailDomain).slice(0, 10);
  const companies = new Set<string>();
  for (const alias of aliases) {
    const companyId = await companyOfAlias(deps, alias);
    if (companyId) companies.add(companyId);
  }
  return [...companies];
}

/**
 * Reads a recorded mail: the verdicts and the company's rules first, then its attachments. Called on
 * arrival and by reprocess (with the raw mail read again); idempotent through the intake's upload ids.
 */
export async function processInboxEmail(
  deps: InboxDeps,
  email: InboxEmail,
  source: { bytes: Uint8Array; parsed?: ParsedMail },
  opts: { config?: StoredInboxConfig } = {},
): Promise<InboxEmail> {
  const config = opts.config ?? (await getOrCreateInboxConfig(deps, email.companyId));
  const parsed = source.parsed ?? (await parse(source.bytes));
  const verdicts = verdictsOf(email.origin, source.bytes);
  const parts = parsed.attachments;
  const listed = (reason: string): InboxAttachment[] =>
    parts.map((p, i) => ({
      fileName: decidePart(partOf(p), i).fileName,
      contentType: p.contentType,
      size: p.size,
      documentId: null,
      skippedReason: reason,
    }));

  const refusal = judge(config, verdicts, email.sender, email.origin);
  if (refusal) {
    return updateInboxEmail(deps, email.companyId, email.inboxId, {
      status: 'IGNORED',
      ignoredReason: refusal,
      classification: verdicts.spam === 'FAIL' ? 'SPAM' : email.classification,
      verdicts: stripAuthenticated(verdicts),
      attachments: listed('No se ha leído: correo ignorado.'),
      processedAt: deps.now().toISOString(),
    });
  }

  await updateInboxEmail(deps, email.companyId, email.inboxId, {
    status: 'PROCESSING',
    verdicts: stripAuthenticated(verdicts),
    ignoredReason: null,
  });
  const attachments: InboxAttachment[] = [];
  let readable = 0;
  let failed = 0;
  for (const [i, part] of parts.entries()) {
    const decision = decidePart(partOf(part), i);
    const row: InboxAttachment = {
      fileName: decision.fileName,
      contentType: part.contentType,
      size: part.size,
      documentId: null,
      skippedReason: null,
    };
    attachments.push(row);
    if (!decision.read) {
      row.skippedReason = decision.reason;
      continue;
    }
    if (readable >= MAX_ATTACHMENTS_PER_MAIL) {
      row.skippedReason = `Solo se leen los ${MAX_ATTACHMENTS_PER_MAIL} primeros adjuntos de un correo.`;
      continue;
    }
    readable += 1;
    try {
      const fileName = safeFileName(decision.fileName);
      const doc = await deps.intake({
        companyId: email.companyId,
        fileName,
        bytes: new Uint8Array(part.content.buffer, part.content.byteOffset, part.content.byteLength),
        declaredContentType: contentTypeOf(fileName, part.contentType),
        documentType: 'INVOICE',
        autoOcr: config.autoProcess,
        origin: email.origin satisfies DocumentOrigin,
        uploadedBy: null,
        // One document per attachment whatever happens: the intake is idempotent by upload id.
        uploadId: `${email.inboxId}-${i}`,
        inboxEmailId: email.inboxId,
        description: email.subject ? `Correo de ${email.sender}: ${email.subject}`.slice(0, 1000) : undefined,
        purpose: 'READ',
      });
      row.documentId = doc.documentId;
    } catch (e) {
      failed += 1;
      row.skippedReason = 'No se ha podido guardar el adjunto; vuelve a procesar el correo.';
      if (e instanceof Error) row.skippedReason += ` (${e.name})`;
    }
  }
  const allFailed = readable > 0 && failed === readable;
  return updateInboxEmail(deps, email.companyId, email.inboxId, {
    status: allFailed ? 'FAILED' : 'PROCESSED',
    classification: readable > 0 ? 'INVOICE' : 'OTHER',
    attachments,
    error: allFailed ? 'No se ha podido guardar ningún adjunto.' : null,
    processedAt: deps.now().toISOString(),
  });
}

/**
 * A mail fetched over IMAP never went through our receiving MTA: any verdict header it carries was
 * written by a server we do not trust, or by the sender (RFC 8601 §5: ignored), so its verdicts are
 * UNKNOWN (issue 17 item 4: "computed or marked unknown"). The company chose that mailbox itself, so
 * `requireAuthentication` (which asks for our MTA's checks) does not apply to it; the allowed
 * senders do, and every attachment is still checked by its bytes on arrival.
 */
const UNVERIFIED: ReturnType<typeof readVerdicts> = {
  spf: 'UNKNOWN',
  dkim: 'UNKNOWN',
  dmarc: 'UNKNOWN',
  spam: 'UNKNOWN',
  virus: 'UNKNOWN',
  authenticated: false,
};

const verdictsOf = (origin: InboxEmail['origin'], bytes: Uint8Array) =>
  origin === 'IMAP' ? UNVERIFIED : readVerdicts(headerBlock(bytes));

function judge(
  config: StoredInboxConfig,
  verdicts: ReturnType<typeof readVerdicts>,
  sender: string,
  origin: InboxEmail['origin'],
): InboxEmail['ignoredReason'] {
  const judgement = judgeMail(verdicts, {
    requireAuthentication: config.requireAuthentication && origin === 'EMAIL',
  });
  if (!judgement.read) return { code: judgement.code, message: judgement.message };
  if (!config.enabled) return { code: 'INBOX_DISABLED', message: 'El buzón inteligente está desactivado.' };
  if (!senderAllowed(sender, config.allowedSenders))
    return {
      code: 'SENDER_NOT_ALLOWED',
      message: 'El remitente no está en la lista de remitentes permitidos.',
    };
  return null;
}

const stripAuthenticated = (v: ReturnType<typeof readVerdicts>): MailVerdicts => ({
  spf: v.spf,
  dkim: v.dkim,
  dmarc: v.dmarc,
  spam: v.spam,
  virus: v.virus,
});

const partOf = (p: ParsedMail['attachments'][number]) => ({
  fileName: p.filename ?? null,
  contentType: p.contentType,
  size: p.size,
  inline: p.contentDisposition === 'inline' || Boolean(p.related),
});

/** Reads the raw mail of a recorded one again (reprocess). */
export async function reprocessRecorded(deps: InboxDeps, email: InboxEmail): Promise<InboxEmail> {
  const bytes = await deps.raw.get(email.rawKey);
  if (!bytes) {
    return updateInboxEmail(deps, email.companyId, email.inboxId, {
      status: 'FAILED',
      error: 'El correo original ya no está disponible.',
    });
  }
  return processInboxEmail(deps, email, { bytes });
}
