/** Test helper: sends one message over SMTP with the bare protocol (no mail library needed). */

import net from 'node:net';

/** A minimal SMTP client: one command, wait for the final reply line, next. */
export async function sendMail(port: number, from: string, to: string, message: string): Promise<string[]> {
  const socket = net.connect(port, '127.0.0.1');
  const replies: string[] = [];
  let buffer = '';
  let waiting: ((line: string) => void) | undefined;
  socket.on('data', (d) => {
    buffer += d.toString();
    let nl = buffer.indexOf('\r\n');
    while (nl !== -1) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 2);
      // "250-..." continues, "250 ..." ends a reply.
      if (/^\d{3} /.test(line)) waiting?.(line);
      nl = buffer.indexOf('\r\n');
    }
  });
  const reply = () => new Promise<string>((r) => (waiting = r));
  const cmd = async (line: string) => {
    const p = reply();
    socket.write(`${line}\r\n`);
    replies.push(await p);
  };
  replies.push(await reply());
  await cmd('EHLO test.local');
  await cmd(`MAIL FROM:<${from}>`);
  await cmd(`RCPT TO:<${to}>`);
  await cmd('DATA');
  await cmd(`${message.replace(/\n/g, '\r\n')}\r\n.`);
  await cmd('QUIT');
  socket.end();
  return replies;
}
