/**
 * A local SESv2 for outbound mail: answers SendEmail (POST /v2/email/outbound-emails) like SES,
 * stores every accepted mail as JSON in <dataDir>/mailbox/, and serves them as the `Mailbox` the
 * gateway's dev mailbox page reads. Handlers reach it through AWS_ENDPOINT_URL_SESV2.
 */

import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Mailbox, SentMail } from '../types';
import { freePort } from '../util/ports';
import { type SendEmailBody, SesRequestError, toSentMail } from './ses-mail';

export interface RunningSes {
  endpoint: string;
  port: number;
  mailbox: Mailbox;
  stop(): Promise<void>;
}

export function fileMailbox(dir: string): Mailbox & { save(mail: SentMail): Promise<void> } {
  const read = async (file: string) =>
    JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as SentMail;
  return {
    async save(mail) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, `${mail.id}.json`), JSON.stringify(mail, null, 2));
    },
    async list() {
      const files = await fs.readdir(dir).catch(() => [] as string[]);
      const mails = await Promise.all(files.filter((f) => f.endsWith('.json')).map(read));
      return mails.sort((a, b) => b.at.localeCompare(a.at));
    },
    async get(id) {
      // Ids come from URLs: never let one name a file outside the mailbox.
      if (!/^[\w-]+$/.test(id)) return undefined;
      return read(`${id}.json`).catch(() => undefined);
    },
  };
}

function reply(res: http.ServerResponse, status: number, body: unknown, errorType?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  // restJson1 clients read the error name from this header.
  if (errorType) headers['x-amzn-errortype'] = errorType;
  res.writeHead(status, headers).end(JSON.stringify(body));
}

export async function startSesEmulator(opts: {
  mailboxDir: string;
  host?: string;
  port?: number;
}): Promise<RunningSes> {
  const host = opts.host ?? '127.0.0.1';
  const port = opts.port || (await freePort(host));
  const mailbox = fileMailbox(opts.mailboxDir);
  await fs.mkdir(opts.mailboxDir, { recursive: true });

  const server = http.createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v2/email/outbound-emails') {
      return reply(
        res,
        404,
        { message: `The local SES emulator only implements SendEmail` },
        'NotFoundException',
      );
    }
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as SendEmailBody;
      const mail = await toSentMail(body);
      await mailbox.save(mail);
      reply(res, 200, { MessageId: mail.id });
    } catch (e) {
      if (e instanceof SesRequestError) return reply(res, 400, { message: e.message }, e.type);
      if (e instanceof SyntaxError)
        return reply(res, 400, { message: 'Malformed JSON' }, 'BadRequestException');
      reply(res, 500, { message: (e as Error).message }, 'InternalFailure');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    endpoint: `http://${host}:${port}`,
    port,
    mailbox: { list: () => mailbox.list(), get: (id) => mailbox.get(id) },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
