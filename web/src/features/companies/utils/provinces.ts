/** Moved to web/src/lib/provinces.ts: customers typed on invoices and templates use it too. */
export * from '@web/lib/provinces';
