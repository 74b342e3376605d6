/**
 * The needs a function is granted: the union of its triggers' (mergeNeeds), and a domain's API
 * function gets those of the invokables it serves as well (manifest `invokables`).
 */

import type { Needs } from '@infra/manifest';
import { describe, expect, it } from 'vitest';
import { cuadraManifest } from './cuadra-manifest';
import { apiFunctionNeeds, mergeNeeds, servedInvokables } from './needs';

const m = cuadraManifest;

describe('mergeNeeds', () => {
  it('keeps the wider table access, every queue once, and merges two accesses to a bucket to readwrite', () => {
    const a: Needs = { table: 'read', queues: ['mail'], buckets: [{ bucket: 'documents', access: 'read' }] };
    const b: Needs = {
      table: 'readwrite',
      queues: ['mail', 'sii'],
      buckets: [
        { bucket: 'documents', access: 'put' },
        { bucket: 'inbound', access: 'read' },
      ],
      invokes: ['pdf-render'],
    };
    expect(mergeNeeds(a, b)).toEqual({
      table: 'readwrite',
      queues: ['mail', 'sii'],
      buckets: [
        { bucket: 'documents', access: 'readwrite' },
        { bucket: 'inbound', access: 'read' },
      ],
      invokes: ['pdf-render'],
    });
  });
});

describe("a domain's API function serving invokables", () => {
  it("every invokable's domain has an API function to serve it", () => {
    for (const [name, def] of Object.entries(m.invokables))
      expect(m.domains[def.domain].api, name).toBeDefined();
  });

  it('pdf-render and statement-pdf are served by the pdf domain only, received-invoice-draft and settle-received-invoice by the expenses domain only, settle-invoice by the invoices domain only', () => {
    expect(servedInvokables(m, 'pdf').map((inv) => inv.name)).toEqual(['statement-pdf', 'pdf-render']);
    expect(servedInvokables(m, 'expenses').map((inv) => inv.name)).toEqual([
      'received-invoice-draft',
      'settle-received-invoice',
    ]);
    expect(servedInvokables(m, 'invoices').map((inv) => inv.name)).toEqual(['settle-invoice']);
    const serving = ['pdf', 'expenses', 'invoices'];
    for (const domain of Object.keys(m.domains) as (keyof typeof m.domains)[])
      if (!serving.includes(domain)) expect(servedInvokables(m, domain), domain).toEqual([]);
  });

  it("gets the union of its domain's needs and the invokables' (and only its own domain's otherwise)", () => {
    const variant = {
      domains: {
        ...m.domains,
        pdf: {
          ...m.domains.pdf,
          needs: { table: 'read', buckets: [{ bucket: 'documents', access: 'read' }] },
        },
      },
      invokables: {
        ...m.invokables,
        'pdf-render': {
          ...m.invokables['pdf-render'],
          needs: {
            table: 'readwrite',
            queues: ['mail'],
            buckets: [{ bucket: 'documents', access: 'put' }],
          },
        },
      },
    } satisfies Pick<typeof m, 'domains' | 'invokables'>;
    expect(apiFunctionNeeds(variant, 'pdf')).toEqual({
      table: 'readwrite',
      queues: ['mail'],
      buckets: [{ bucket: 'documents', access: 'readwrite' }],
    });
    expect(apiFunctionNeeds(variant, 'invoices')).toEqual(m.domains.invoices.needs);
  });

  it('the real pdf function may read and write the table and the documents bucket (PDFs, log entry, outbox)', () => {
    expect(apiFunctionNeeds(m, 'pdf')).toEqual({
      table: 'readwrite',
      buckets: [{ bucket: 'documents', access: 'readwrite' }],
    });
  });
});
