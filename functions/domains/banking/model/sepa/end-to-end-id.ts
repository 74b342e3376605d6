/**
 * The end-to-end ids of the payments we order: `CUADRA-<orderId>-<nnn>` (nnn = 001…999, the item's
 * position in the order). The id travels unchanged to the debtor's and creditor's banks and comes back
 * on the statement (N43 references, PSD2 remittance) and on returns (devoluciones, N43 concepto 14), so
 * reconciliation finds the order item, hence the document, from it (design issue 19, "Returns").
 * The whole id stays within the 35 characters of Max35Text.
 */

const PREFIX = 'CUADRA';
/** Order ids are upper-case alphanumerics (no dash: the dash separates the parts). */
export const ORDER_ID = /^[A-Z0-9]{1,24}$/;
export const MAX_ORDER_ITEMS = 999;

export function endToEndId(orderId: string, index: number): string {
  if (!ORDER_ID.test(orderId)) throw new Error(`Invalid order id: ${orderId}`);
  if (!Number.isInteger(index) || index < 1 || index > MAX_ORDER_ITEMS)
    throw new Error(`Invalid order item index: ${index}`);
  return `${PREFIX}-${orderId}-${String(index).padStart(3, '0')}`;
}

/**
 * The order and item of one of our end-to-end ids, or null when it is not one. Tolerant of case and of
 * the surrounding whitespace a bank statement may add.
 */
export function parseEndToEndId(id: string): { orderId: string; index: number } | null {
  const m = /^CUADRA-([A-Z0-9]{1,24})-(\d{3})$/.exec(id.trim().toUpperCase());
  if (!m) return null;
  const index = Number(m[2]);
  if (index < 1) return null;
  return { orderId: m[1]!, index };
}
