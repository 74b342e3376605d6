import { describe, expect, it } from 'vitest';
import { ADVISOR_HOURS, type AdvisorCandidate, advisorInfo, selectAdvisor } from './client-advisor';

const m = (
  userId: string,
  companyRole: AdvisorCandidate['companyRole'],
  createdAt = '2026-01-01T00:00:00.000Z',
  isActive = true,
): AdvisorCandidate => ({
  userId,
  companyRole,
  isActive,
  createdAt,
  email: `${userId}@cuadra.test`,
  firstName: userId,
  lastName: 'Test',
});
const NOW = new Date('2026-11-27T12:00:00.000Z');
const nowS = NOW.getTime() / 1000;

describe('selectAdvisor', () => {
  it('the GESTOR member first (the oldest of several)', () => {
    const members = [
      m('owner', 'OWNER'),
      m('g2', 'GESTOR', '2026-05-01T00:00:00.000Z'),
      m('g1', 'GESTOR', '2026-02-01T00:00:00.000Z'),
      m('me', 'CLIENTE'),
    ];
    expect(selectAdvisor(members, 'me')?.userId).toBe('g1');
  });
  it('else an OWNER who is not the caller', () => {
    expect(selectAdvisor([m('owner', 'OWNER'), m('me', 'CLIENTE')], 'me')?.userId).toBe('owner');
    expect(selectAdvisor([m('me', 'OWNER'), m('other', 'MEMBER')], 'me')).toBeUndefined();
  });
  it('never the caller itself (a GESTOR calling gets the OWNER)', () => {
    expect(selectAdvisor([m('g1', 'GESTOR'), m('owner', 'OWNER')], 'g1')?.userId).toBe('owner');
  });
  it('inactive members never advise', () => {
    expect(selectAdvisor([m('g', 'GESTOR', undefined, false), m('o', 'OWNER')], 'me')?.userId).toBe('o');
  });
});

describe('advisorInfo', () => {
  const client = {
    isAdmin: false,
    membership: { companyRole: 'CLIENTE' as const, permissions: ['UPLOAD_DOCUMENTS' as const] },
  };

  it('no advisor: autonomous, every action off', () => {
    const info = advisorInfo({ advisor: undefined, profile: undefined, connections: [] }, client, NOW);
    expect(info).toMatchObject({
      userId: null,
      isAutonomous: true,
      isOnline: false,
      availableActions: { uploadDocument: false, quickQuery: false, scheduleMeeting: false },
      hours: ADVISOR_HOURS,
    });
  });

  it('with an advisor: contact from the profile, online with a live socket, actions by permission', () => {
    const facts = {
      advisor: m('g1', 'GESTOR'),
      profile: {
        firstName: 'Laura',
        lastName: 'Martínez',
        email: 'laura@cuadra.test',
        phone: '+34 600 000 000',
      },
      connections: [
        { connectedAt: '2026-11-27T11:00:00.000Z', ttl: nowS + 3600 },
        { connectedAt: '2026-11-27T08:00:00.000Z', ttl: nowS - 10 },
      ],
    };
    const info = advisorInfo(facts, client, NOW);
    expect(info).toMatchObject({
      userId: 'g1',
      name: 'Laura Martínez',
      email: 'laura@cuadra.test',
      phone: '+34 600 000 000',
      isOnline: true,
      lastSeen: '2026-11-27T11:00:00.000Z',
      isAutonomous: false,
      message: null,
      availableActions: { uploadDocument: true, quickQuery: false, scheduleMeeting: true },
    });
    const noUpload = { isAdmin: false, membership: { companyRole: 'CLIENTE' as const, permissions: [] } };
    expect(advisorInfo(facts, noUpload, NOW).availableActions.uploadDocument).toBe(false);
  });

  it('only expired sockets: offline, last seen at the latest connection', () => {
    const info = advisorInfo(
      {
        advisor: m('g1', 'GESTOR'),
        profile: undefined,
        connections: [{ connectedAt: '2026-11-26T08:00:00.000Z', ttl: nowS - 1 }],
      },
      client,
      NOW,
    );
    expect(info).toMatchObject({
      isOnline: false,
      lastSeen: '2026-11-26T08:00:00.000Z',
      name: 'g1 Test',
      email: 'g1@cuadra.test',
    });
  });
});
