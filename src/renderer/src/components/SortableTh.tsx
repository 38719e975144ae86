/**
 * A column header that sorts its table: a button that says the column's order (▲ ascending, ▼ descending, ↕ not
 * sorted by it) and tells assistive technology through aria-sort. For the small tables a view sorts itself
 * (destinations, traces); the data grid has its own.
 */
import './sortable-th.css';

export interface SortState<By extends string> {
  readonly by: By;
  readonly dir: 'asc' | 'desc';
}

export function SortableTh<By extends string>(props: { by: By; label: string; num?: boolean; sort: SortState<By>; onSort(by: By): void }) {
  const here = props.sort.by === props.by;
  return (
    <th className={props.num ? 'num' : undefined} aria-sort={here ? (props.sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="th-sort" data-sort={props.by} onClick={() => props.onSort(props.by)}>
        {props.label} {here ? (props.sort.dir === 'asc' ? '▲' : '▼') : '↕'}
      </button>
    </th>
  );
}
