/**
 * The sandbox bank's consent page: what the bank shows in a real PSD2 flow after the provider's
 * link (the account holder sees who asks, for which accounts, what and for how long, and
 * authorises or cancels). Plain HTML forms, no script; every text escaped.
 */

import type { SandboxAccount, SandboxInstitution } from './data';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const groupIban = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();

const SCOPES: Record<string, string> = {
  balances: 'saldos',
  details: 'datos de la cuenta (IBAN, titular)',
  transactions: 'movimientos',
};

const shell = (title: string, body: string) => `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;padding:32px;color:#0f172a}
main{max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 1px 3px #0002}
h1{font-size:20px;margin:0 0 4px}.muted{color:#475569;font-size:14px}
ul{padding-left:18px}li{margin:6px 0}.iban{font-family:ui-monospace,monospace}
.actions{display:flex;gap:12px;margin-top:24px}button{font-size:15px;padding:10px 18px;border-radius:8px;border:1px solid #1d4ed8;cursor:pointer}
.ok{background:#1d4ed8;color:#fff}.cancel{background:#fff;color:#1d4ed8}.banner{background:#fef3c7;padding:8px 12px;border-radius:8px;font-size:13px;margin-bottom:16px}
</style></head><body><main>${body}</main></body></html>`;

export function consentPage(p: {
  requisitionId: string;
  institution: SandboxInstitution;
  accounts: SandboxAccount[];
  agreement: { access_valid_for_days: number; max_historical_days: number; access_scope: string[] };
  status: string;
}): string {
  const base = `/psd2/start/${encodeURIComponent(p.requisitionId)}`;
  const pending = p.status === 'CR';
  return shell(
    `${p.institution.name} · Autorizar acceso`,
    `<div class="banner">Banco de pruebas (sandbox) de Cuadra: datos ficticios.</div>
<h1>${esc(p.institution.name)}</h1>
<p class="muted">BIC ${esc(p.institution.bic)}</p>
<p>Cuadra solicita acceso de consulta (PSD2, servicio de información sobre cuentas) a:</p>
<ul>${p.accounts
      .map(
        (a) =>
          `<li><strong>${esc(a.name)}</strong><br><span class="iban">${esc(groupIban(a.iban))}</span> · ${esc(a.ownerName)}</li>`,
      )
      .join('')}</ul>
<p>Datos: ${p.agreement.access_scope.map((s) => esc(SCOPES[s] ?? s)).join(', ')}.<br>
Histórico: hasta ${p.agreement.max_historical_days} días. Validez del consentimiento: ${p.agreement.access_valid_for_days} días.</p>
${
  pending
    ? `<div class="actions">
<form method="post" action="${base}/authorize"><button class="ok" type="submit">Autorizar</button></form>
<form method="post" action="${base}/cancel"><button class="cancel" type="submit">Cancelar</button></form>
</div>`
    : `<p class="muted">Esta solicitud ya se resolvió (estado ${esc(p.status)}).</p>
<form method="post" action="${base}/authorize"><button class="ok" type="submit">Volver a Cuadra</button></form>`
}`,
  );
}

export function resultPage(title: string, text: string): string {
  return shell(title, `<h1>${esc(title)}</h1><p>${esc(text)}</p>`);
}
