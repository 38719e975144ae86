/** Per-column filters → a SQL condition with bound parameters. Column names are checked against the schema. */
import type { ColumnFilter } from '../../../shared/contract.js';
import { InspectorError } from '../../../shared/errors.js';
import type { TableSchema } from '../queries/schema.js';
import { quoteIdent } from '../evidence/sql-values.js';

export interface SqlPart {
  readonly sql: string;
  readonly params: readonly unknown[];
}

export function filterSql(table: TableSchema, filters: readonly ColumnFilter[] | undefined): SqlPart {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const f of filters ?? []) {
    if (!table.columns.some((c) => c.name === f.column))
      throw new InspectorError('BAD_REQUEST', `table ${table.name} has no column ${f.column} to filter on`);
    const col = quoteIdent(f.column);
    const needsValue = f.op !== 'null' && f.op !== 'notnull';
    if (needsValue && f.value === undefined) throw new InspectorError('BAD_REQUEST', `the ${f.op} filter on ${f.column} needs a value`);
    switch (f.op) {
      case 'eq':
        parts.push(`${col} = ?`);
        break;
      case 'neq':
        parts.push(`${col} IS NOT ?`);
        break;
      case 'contains':
        // instr, not LIKE: the user's % and _ are text, not wildcards. Case-insensitive for ASCII.
        parts.push(`instr(lower(${col}), lower(?)) > 0`);
        break;
      case 'prefix':
        parts.push(`substr(${col}, 1, length(?)) = ?`);
        params.push(f.value); // bound twice: once for the length, once for the comparison
        break;
      case 'gt':
        parts.push(`${col} > ?`);
        break;
      case 'gte':
        parts.push(`${col} >= ?`);
        break;
      case 'lt':
        parts.push(`${col} < ?`);
        break;
      case 'lte':
        parts.push(`${col} <= ?`);
        break;
      case 'null':
        parts.push(`${col} IS NULL`);
        break;
      case 'notnull':
        parts.push(`${col} IS NOT NULL`);
        break;
      default: {
        const never: never = f.op;
        throw new InspectorError('BAD_REQUEST', `unknown filter ${String(never)}`);
      }
    }
    if (needsValue) params.push(f.value);
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', params };
}
