/**
 * No one joins a company without consent (issue #12 item 1), on the real local engines: a gestor
 * invites an existing account, the platform administrator and an unknown e-mail and gets the same
 * answer for all three; the existing account is told (bell and e-mail), is no member while the
 * invitation waits or after declining it, and joins only by accepting; the gestor sees of it only
 * what its company shows; the administrator is never attached.
 */

import { randomUUID } from 'node:crypto';
import type { Notification, UnreadSummary } from '@shared/schemas/notifications';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from './testing/api';
import type { SentMail } from './types';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);

const COMPANY = 'demo-navarro-asesores';
const MARTA_COMPANY = 'demo-marta-sanchez';
const MARTA = 'autonomo@cuadra.test';
const ADMIN = 'admin@cuadra.test';

type Envelope = { status: number; body: { success: boolean; data: unknown; error: unknown } };
const dataOf = <T>(res: Envelope) => {
  if (!res.body.success) throw new Error(`${res.status}: ${JSON.stringify(res.body.error)}`);
  return res.body.data as T;
};

interface Profile {
  userId: string;
  defaultCompanyId: string | null;
  companies: { companyId: string }[];
}
interface Invitation {
  invitationId: string;
  companyId: string;
  companyName: string;
  companyRole: string;
}

async function mailsTo(to: string): Promise<SentMail[]> {
  const res = await fetch(new URL('/_dev/mailbox.json', cloud.url));
  return ((await res.json()) as SentMail[]).filter((m) => m.to.includes(to));
}

/**
 * The first mail to `to` whose subject starts with `subject` (other mails, e.g. the demo's fiscal
 * alerts to the same account, may arrive before or after it).
 */
async function waitForMail(to: string, subject: string, timeoutMs = 30_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await mailsTo(to)).find((m) => m.subject.startsWith(subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no new mail to ${to} within ${timeoutMs} ms`);
}

describe('invitations ask for consent', () => {
  let gestor2: string;
  let marta: string;
  let admin: string;
  let martaId: string;
  const unknown = `nadie-${randomUUID().slice(0, 8)}@cuadra.test`;

  const invite = (email: string) =>
    api.request('POST', `/api/v1/companies/${COMPANY}/users/invite`, {
      token: gestor2,
      body: { email, firstName: 'Invitada', companyRole: 'CLIENTE', permissions: ['VIEW_INVOICES'] },
    });
  const profileOf = async (token: string) =>
    dataOf<Profile>(await api.request('GET', '/api/v1/users/profile', { token }));
  const invitationsOf = async (token: string) =>
    dataOf<Invitation[]>(await api.request('GET', '/api/v1/users/invitations', { token })).filter(
      (i) => i.companyId === COMPANY,
    );
  const membersOfCompany = async () =>
    dataOf<{ content: { userId: string | null; email: string; status: string }[] }>(
      await api.request('GET', `/api/v1/companies/${COMPANY}/users`, {
        token: gestor2,
        query: { size: '100' },
      }),
    ).content;

  beforeAll(async () => {
    [gestor2, marta, admin] = await Promise.all([
      api.login('gestor2@cuadra.test'),
      api.login(MARTA),
      api.login(ADMIN),
    ]);
    martaId = (await profileOf(marta)).userId;
  });

  // Leave the demo as it was: Marta out of the company, no invitation waiting for the demo accounts.
  afterAll(async () => {
    for (const token of [marta, admin])
      for (const i of await invitationsOf(token))
        await api.request('POST', `/api/v1/users/invitations/${i.invitationId}/decline`, { token });
    if ((await membersOfCompany()).some((m) => m.userId === martaId))
      await api.request('DELETE', `/api/v1/companies/${COMPANY}/users/${martaId}`, { token: gestor2 });
  });

  it('answers a known, an administrator and an unknown e-mail alike, in comparable time', async () => {
    await invite(`calentamiento-${randomUUID().slice(0, 8)}@cuadra.test`);
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await invite(email);
      return { res, ms: performance.now() - started };
    };
    const known = await timed(MARTA);
    const administrator = await timed(ADMIN);
    const stranger = await timed(unknown);

    for (const { res } of [known, administrator, stranger]) {
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(Object.keys(dataOf<object>(res)).sort()).toEqual(['email', 'expiresAt', 'status']);
      expect(dataOf<{ status: string }>(res).status).toBe('INVITED');
    }
    expect(JSON.stringify(known.res.body)).not.toContain(martaId);
    // Not grossly different: the known path adds a read or two, never a different order of time.
    expect(known.ms).toBeLessThan(stranger.ms * 4 + 250);
  });

  it('a pending invitation changes nobody: no company, no default, no access, no profile for the gestor', async () => {
    const profile = await profileOf(marta);
    expect(profile.companies.map((c) => c.companyId)).toEqual([MARTA_COMPANY]);
    expect(profile.defaultCompanyId).toBe(MARTA_COMPANY);
    const company = await api.request('GET', `/api/v1/companies/${COMPANY}`, { token: marta });
    expect(company.status).toBe(403);
    const peek = await api.request('GET', `/api/v1/users/${martaId}`, { token: gestor2 });
    expect(peek.status).toBe(404);
    const listed = (await membersOfCompany()).find((m) => m.email === MARTA);
    expect(listed).toMatchObject({ userId: null, status: 'INVITED' });
  });

  it('the invited account is told in the app and by e-mail, and the admin cannot be attached', async () => {
    const [pending] = await invitationsOf(marta);
    expect(pending).toMatchObject({ companyName: 'Navarro Asesores SL', companyRole: 'CLIENTE' });

    const bell = dataOf<UnreadSummary>(
      await api.request('GET', '/api/v1/notifications/unread', { token: marta, companyId: MARTA_COMPANY }),
    );
    expect(bell.latest.find((n) => n.type === 'company_invitation')).toMatchObject({
      link: '/app/profile#invitaciones',
    });
    const mail = await waitForMail(MARTA, 'Te han invitado');
    expect(mail.subject).toBe('Te han invitado a Navarro Asesores SL en Cuadra');
    expect(mail.text).toContain('/app/profile#invitaciones');

    const [adminInvitation] = await invitationsOf(admin);
    const refused = await api.request(
      'POST',
      `/api/v1/users/invitations/${adminInvitation!.invitationId}/accept`,
      {
        token: admin,
      },
    );
    expect(refused.status).toBe(403);
    expect((await membersOfCompany()).find((m) => m.email === ADMIN)).toMatchObject({ status: 'INVITED' });
  });

  it('declining leaves no membership; a new invitation accepted makes the account a member', async () => {
    const [first] = await invitationsOf(marta);
    const declined = await api.request('POST', `/api/v1/users/invitations/${first!.invitationId}/decline`, {
      token: marta,
    });
    expect(dataOf(declined)).toMatchObject({ status: 'DECLINED', companyId: COMPANY });
    expect(await invitationsOf(marta)).toEqual([]);
    expect((await profileOf(marta)).companies.map((c) => c.companyId)).toEqual([MARTA_COMPANY]);
    expect((await membersOfCompany()).some((m) => m.email === MARTA)).toBe(false);

    const invitationMails = async () =>
      (await mailsTo(MARTA)).filter((m) => m.subject.startsWith('Te han invitado')).length;
    const before = await invitationMails();
    expect((await invite(MARTA)).status).toBe(201);
    const deadline = Date.now() + 30_000;
    while ((await invitationMails()) === before && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
    expect(await invitationMails()).toBe(before + 1);
    const [second] = await invitationsOf(marta);
    const accepted = await api.request('POST', `/api/v1/users/invitations/${second!.invitationId}/accept`, {
      token: marta,
    });
    expect(dataOf(accepted)).toMatchObject({ status: 'ACCEPTED', companyId: COMPANY });
    const again = await api.request('POST', `/api/v1/users/invitations/${second!.invitationId}/accept`, {
      token: marta,
    });
    expect(again.status).toBe(404);

    const profile = await profileOf(marta);
    expect(profile.companies.map((c) => c.companyId).sort()).toEqual([MARTA_COMPANY, COMPANY]);
    // Marta had a default company: it stays.
    expect(profile.defaultCompanyId).toBe(MARTA_COMPANY);
    expect((await api.request('GET', `/api/v1/companies/${COMPANY}`, { token: marta })).status).toBe(200);

    // The gestor now sees what its user list shows of her, nothing more.
    const seen = dataOf<Record<string, unknown>>(
      await api.request('GET', `/api/v1/users/${martaId}`, { token: gestor2 }),
    );
    expect(seen).toEqual({
      userId: martaId,
      email: MARTA,
      firstName: 'Marta',
      lastName: 'Sánchez López',
      companies: [{ companyId: COMPANY, companyRole: 'CLIENTE', isActive: true }],
    });

    const inviterBell = dataOf<{ content: Notification[] }>(
      await api.request('GET', '/api/v1/notifications', {
        token: gestor2,
        companyId: COMPANY,
        query: { size: '5' },
      }),
    );
    expect(inviterBell.content.find((n) => n.type === 'company_invitation_accepted')?.message).toContain(
      'ha aceptado la invitación a Navarro Asesores SL',
    );
  });
});
