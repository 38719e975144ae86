/**
 * What a reviewer types in a column's filter box → a ColumnFilter:
 *   text → contains · =v → equals · !=v → not equal · >v >=v <v <=v → compare · ^v → starts with · null / !null
 */
import type { ColumnFilter } from '../../../shared/contract.js';

export function parseFilterInput(column: string, raw: string, numeric: boolean): ColumnFilter | null {
  const s = raw.trim();
  if (s === '') return null;
  if (s === 'null') return { column, op: 'null' };
  if (s === '!null') return { column, op: 'notnull' };
  const val = (v: string): string | number =>
    numeric && /^-?\d+(\.\d+)?$/.test(v.trim()) && Number.isSafeInteger(Math.trunc(Number(v))) ? Number(v) : v.trim();
  const m = /^(>=|<=|!=|=|>|<|\^)(.*)$/.exec(s);
  if (!m) return { column, op: 'contains', value: s };
  const v = m[2]!;
  switch (m[1]) {
    case '=':
      return { column, op: 'eq', value: val(v) };
    case '!=':
      return { column, op: 'neq', value: val(v) };
    case '>':
      return { column, op: 'gt', value: val(v) };
    case '>=':
      return { column, op: 'gte', value: val(v) };
    case '<':
      return { column, op: 'lt', value: val(v) };
    case '<=':
      return { column, op: 'lte', value: val(v) };
    default:
      return { column, op: 'prefix', value: v.trim() };
  }
}

export function filterInputText(f: ColumnFilter): string {
  const v = f.value === undefined ? '' : String(f.value);
  switch (f.op) {
    case 'contains':
      return v;
    case 'eq':
      return `=${v}`;
    case 'neq':
      return `!=${v}`;
    case 'gt':
      return `>${v}`;
    case 'gte':
      return `>=${v}`;
    case 'lt':
      return `<${v}`;
    case 'lte':
      return `<=${v}`;
    case 'prefix':
      return `^${v}`;
    case 'null':
      return 'null';
    case 'notnull':
      return '!null';
  }
}
