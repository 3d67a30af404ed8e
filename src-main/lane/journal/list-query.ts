import type { JournalFilter } from './entry';

/** The SQL and its parameters for `Journal.list`: the newest entries first, narrowed by the filter. */
export function listQuery(filter: JournalFilter): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const narrow = (clause: string, ...values: unknown[]) => {
    where.push(clause);
    params.push(...values);
  };
  if (filter.orderId) narrow('order_id = ?', filter.orderId);
  if (filter.lastFour) narrow("masked_pan LIKE '%' || ?", filter.lastFour);
  if (filter.amountMinor !== undefined) narrow('amount_minor = ?', filter.amountMinor);
  if (filter.retref)
    narrow("(json_extract(outcome, '$.retref') = ? OR original_retref = ?)", filter.retref, filter.retref);
  if (filter.operation) narrow('operation = ?', filter.operation);
  if (filter.tender) narrow("json_extract(detail, '$.tender') = ?", filter.tender);
  if (filter.from !== undefined) narrow('created_at >= ?', filter.from);
  if (filter.to !== undefined) narrow('created_at < ?', filter.to);
  const sql = `SELECT * FROM entries ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
  return { sql, params: [...params, filter.limit ?? 100] };
}
