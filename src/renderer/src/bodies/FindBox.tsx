/** The body viewer's find box: a query, previous and next (Enter, Shift+Enter), and where the current hit is. */
import { countLabel } from '../components/format.js';

export function FindBox(props: {
  query: string;
  onQuery: (q: string) => void;
  step: (d: number) => void;
  hits: number;
  /** Index of the current hit, -1 without one. */
  current: number;
  /** The whole body is loaded (so no hit means none in it). */
  complete: boolean;
}) {
  const { query, step, hits, current } = props;
  return (
    <div className="body-find" role="search">
      <input
        aria-label="find in body"
        placeholder="find in the whole body"
        value={query}
        onChange={(e) => props.onQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            step(e.shiftKey ? -1 : 1);
          }
        }}
      />
      <button type="button" aria-label="previous match" onClick={() => step(-1)} disabled={hits === 0}>
        ↑
      </button>
      <button type="button" aria-label="next match" onClick={() => step(1)} disabled={hits === 0}>
        ↓
      </button>
      {query && (
        <span className="muted" data-find-hits={hits} data-find-current={current + 1}>
          {hits ? `${current + 1} of ${countLabel(hits)} rows` : props.complete ? 'no match' : 'loading the rest…'}
        </span>
      )}
    </div>
  );
}
