import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SentMail } from '../types';
import { startTestGateway, type TestGateway } from './test-support';

const mail = (over: Partial<SentMail>): SentMail => ({
  id: 'm',
  at: '2026-11-20T10:00:00.000Z',
  from: 'no-responder@cuadra.local',
  to: ['ana@example.com'],
  cc: [],
  subject: 'Asunto',
  ...over,
});

let tg: TestGateway;
let base: string;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  tg = await startTestGateway();
  base = tg.gateway.url;
});
afterAll(async () => {
  await tg.gateway.close();
  vi.restoreAllMocks();
});
beforeEach(() => {
  tg.mails.length = 0;
  tg.ranSchedules.length = 0;
  tg.ranScheduleTimes.length = 0;
});

describe('dev mailbox', () => {
  it('lists mails newest first with date, sender, recipients and subject', async () => {
    tg.mails.push(
      mail({ id: 'old', at: '2026-11-20T08:00:00.000Z', subject: 'Verifica tu correo' }),
      mail({
        id: 'new',
        at: '2026-11-20T09:30:00.000Z',
        subject: 'Restablece tu contraseña',
        to: ['b@x.es', 'c@x.es'],
      }),
    );

    const res = await fetch(`${base}/_dev/mailbox`);
    const html = await res.text();

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('lang="es"');
    expect(html.indexOf('Restablece tu contraseña')).toBeLessThan(html.indexOf('Verifica tu correo'));
    expect(html).toContain('b@x.es, c@x.es');
    expect(html).toContain('20/11/26, 10:30:00'); // 09:30 UTC shown in Madrid time
    expect(html).toContain('href="/_dev/mailbox/new"');
  });

  it('says so when there is no mail', async () => {
    const html = await (await fetch(`${base}/_dev/mailbox`)).text();

    expect(html).toContain('Todavía no se ha enviado ningún correo.');
  });

  it('escapes what the mails contain', async () => {
    tg.mails.push(mail({ id: 'x', subject: '<script>alert(1)</script>' }));

    const html = await (await fetch(`${base}/_dev/mailbox`)).text();

    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('serves the list as JSON, newest first', async () => {
    tg.mails.push(
      mail({ id: 'a', at: '2026-11-20T08:00:00.000Z' }),
      mail({ id: 'b', at: '2026-11-20T09:00:00.000Z' }),
    );

    const res = await fetch(`${base}/_dev/mailbox.json`);

    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(((await res.json()) as SentMail[]).map((m) => m.id)).toEqual(['b', 'a']);
  });

  it('shows one mail: its text, and its HTML in a sandboxed iframe', async () => {
    tg.mails.push(
      mail({
        id: 'id/with spaces',
        subject: 'Bienvenida',
        text: 'Hola Ana,\nconfirma tu cuenta.',
        html: '<p class="x">Hola "Ana" & <b>bienvenida</b></p><script>parent.alert(1)</script>',
      }),
    );

    const res = await fetch(`${base}/_dev/mailbox/${encodeURIComponent('id/with spaces')}`);
    const html = await res.text();

    expect(res.status).toBe(200);
    expect(html).toContain('Hola Ana,\nconfirma tu cuenta.');
    const iframe = /<iframe[^>]*>/.exec(html)?.[0] ?? '';
    expect(iframe).toContain('sandbox=""');
    expect(iframe).toContain(
      'srcdoc="&lt;p class=&quot;x&quot;&gt;Hola &quot;Ana&quot; &amp; &lt;b&gt;bienvenida&lt;/b&gt;&lt;/p&gt;&lt;script&gt;parent.alert(1)&lt;/script&gt;"',
    );
    expect(html).not.toContain('<script>parent.alert(1)</script>');
  });

  it('answers 404 for an unknown mail', async () => {
    const res = await fetch(`${base}/_dev/mailbox/nope`);

    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Correo no encontrado');
  });
});

describe('dev schedules', () => {
  it('lists schedules with a "run now" button', async () => {
    const html = await (await fetch(`${base}/_dev/schedules`)).text();

    expect(html).toContain('outbox-sweep');
    expect(html).toContain('action="/_dev/schedules/outbox-sweep/run"');
    expect(html).toContain('Ejecutar ahora');
    // The optional day, inside the same form as the button.
    const form = /<form[^>]*outbox-sweep[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    expect(form).toContain('Ejecutar como si fuera el día');
    expect(form).toContain('<input type="date" name="dia">');
  });

  it('runs a schedule and redirects back with a notice', async () => {
    const res = await fetch(`${base}/_dev/schedules/outbox-sweep/run`, {
      method: 'POST',
      redirect: 'manual',
    });

    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/_dev/schedules?ejecutada=outbox-sweep');
    expect(tg.ranSchedules).toEqual(['outbox-sweep']);
    const page = await (await fetch(`${base}${res.headers.get('location')}`)).text();
    expect(page).toContain('Se ha ejecutado «outbox-sweep».');
  });

  it('runs without a day as now', async () => {
    await fetch(`${base}/_dev/schedules/outbox-sweep/run`, {
      method: 'POST',
      body: new URLSearchParams({ dia: '' }),
      redirect: 'manual',
    });

    expect(tg.ranSchedules).toEqual(['outbox-sweep']);
    expect(tg.ranScheduleTimes).toEqual([undefined]);
  });

  it('runs as if it were the day of the form: that day at 07:00 Madrid, and says so', async () => {
    const res = await fetch(`${base}/_dev/schedules/outbox-sweep/run`, {
      method: 'POST',
      body: new URLSearchParams({ dia: '2027-04-17' }),
      redirect: 'manual',
    });

    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/_dev/schedules?ejecutada=outbox-sweep&dia=2027-04-17');
    expect(tg.ranSchedules).toEqual(['outbox-sweep']);
    // April: summer time, UTC+2.
    expect(tg.ranScheduleTimes.map((t) => t?.toISOString())).toEqual(['2027-04-17T05:00:00.000Z']);
    const page = await (await fetch(`${base}${res.headers.get('location')}`)).text();
    expect(page).toContain(
      'Se ha ejecutado «outbox-sweep» como si fuera el 17/04/2027 a las 07:00 (hora de Madrid).',
    );
  });

  it('takes the day from the query too, and answers its instant in JSON', async () => {
    const res = await fetch(`${base}/_dev/schedules/outbox-sweep/run?dia=2027-01-20`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
    });

    // January: winter time, UTC+1.
    expect(await res.json()).toEqual({ ok: true, time: '2027-01-20T06:00:00.000Z' });
    expect(tg.ranScheduleTimes.map((t) => t?.toISOString())).toEqual(['2027-01-20T06:00:00.000Z']);
  });

  it('refuses a day that is not a date, without running anything', async () => {
    const html = await fetch(`${base}/_dev/schedules/outbox-sweep/run`, {
      method: 'POST',
      body: new URLSearchParams({ dia: '2027-02-30' }),
    });
    const json = await fetch(`${base}/_dev/schedules/outbox-sweep/run`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: new URLSearchParams({ dia: '<b>mañana</b>' }),
    });

    expect(html.status).toBe(400);
    expect(await html.text()).toContain('El día «2027-02-30» no es una fecha válida (AAAA-MM-DD).');
    expect(json.status).toBe(400);
    expect(((await json.json()) as { error: string }).error).toContain('no es una fecha válida');
    expect(tg.ranSchedules).toEqual([]);
  });

  it('does not show a day the redirect did not carry as a date', async () => {
    const page = await (await fetch(`${base}/_dev/schedules?ejecutada=outbox-sweep&dia=%3Cb%3Ex`)).text();

    expect(page).toContain('Se ha ejecutado «outbox-sweep».');
    expect(page).not.toContain('<b>x');
  });

  it('answers JSON to a client that asks for it', async () => {
    const res = await fetch(`${base}/_dev/schedules/outbox-sweep/run`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
    });

    expect(await res.json()).toEqual({ ok: true });
    expect(tg.ranSchedules).toEqual(['outbox-sweep']);
  });

  it('answers 404 for an unknown schedule without running anything', async () => {
    const res = await fetch(`${base}/_dev/schedules/nope/run`, { method: 'POST' });

    expect(res.status).toBe(404);
    expect(tg.ranSchedules).toEqual([]);
  });

  it('refuses a run posted from another site', async () => {
    const res = await fetch(`${base}/_dev/schedules/outbox-sweep/run`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    });

    expect(res.status).toBe(403);
    expect(tg.ranSchedules).toEqual([]);
  });

  it('shows the error when the schedule fails', async () => {
    vi.spyOn(console, 'error').mockImplementationOnce(() => {});
    const failing = await startTestGateway({
      dev: {
        schedules: () => ['roto'],
        runSchedule: async () => {
          throw new Error('la tabla no existe');
        },
      },
    });
    try {
      const res = await fetch(`${failing.gateway.url}/_dev/schedules/roto/run`, { method: 'POST' });

      expect(res.status).toBe(500);
      expect(await res.text()).toContain('la tabla no existe');
    } finally {
      await failing.gateway.close();
    }
  });
});
