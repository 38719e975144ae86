/** Jump by event_id, call_id, trace_id, turn_id, domain or tool name; or search inside every (verified) body. */
import { useRef, useState } from 'react';
import { useListKeys } from '../components/use-list-keys.js';
import type { SearchKind } from '../../../shared/contract.js';
import { SEARCH_KINDS } from '../../../shared/contract.js';
import { useCall } from '../api/use-call.js';
import { isWalOnly, useWalOnlyFrom } from '../api/use-wal-only.js';
import { WalOnlyMark } from '../components/WalOnlyMark.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { navigate } from '../router.js';
import { visibleText } from '../components/visible-text.js';
import { BodySearch } from './search/BodySearch.js';
import { RowLink } from '../links/RowLink.js';
import { PaneLayout } from '../pane/PaneLayout.js';
import { IdLinks } from './id-links.js';
import { AllHits } from './search/AllHits.js';

export function SearchView(props: { ev: string; q: string }) {
  const { ev, q } = props;
  const [kinds, setKinds] = useState<readonly SearchKind[]>(SEARCH_KINDS);
  const hits = useRef<HTMLUListElement>(null);
  useListKeys(hits, 'li');
  const walOnlyFrom = useWalOnlyFrom(ev);
  const res = useCall('search', q ? { evidenceId: ev, query: q, kinds, limit: 200 } : undefined);
  return (
    <PaneLayout ev={ev}>
      <div className="search-view">
        <form
          className="toolbar"
          onSubmit={(e) => {
            e.preventDefault();
            const v = new FormData(e.currentTarget).get('q');
            navigate({ view: 'search', ev, q: typeof v === 'string' ? v.trim() : '' });
          }}
        >
          <input
            name="q"
            className="search-big"
            defaultValue={q}
            key={q}
            placeholder="event_id, call_id, trace_id, turn_id, domain or tool name"
            aria-label="search query"
          />
          <button type="submit" className="primary">
            Search
          </button>
        </form>
        <div className="kinds">
          {SEARCH_KINDS.map((k) => (
            <label key={k}>
              <input
                type="checkbox"
                checked={kinds.includes(k)}
                onChange={(e) => setKinds((ks) => (e.target.checked ? [...ks, k] : ks.filter((x) => x !== k)))}
              />{' '}
              {k}
            </label>
          ))}
        </div>
        {/* A pasted id opens its item directly (id.resolve), above the rows that mention it. */}
        {q && <IdLinks key={q} ev={ev} id={q} quiet />}
        {res.error && <ErrorNote error={res.error} />}
        {/* More hits than a page: all of them, streamed and paged in a grid whose scrollbar spans them. */}
        {q && res.value?.truncated && <AllHits ev={ev} q={q} kinds={kinds} />}
        {q && res.value && !res.value.truncated && (
          <>
            <p className="muted">
              {res.value.hits.length} hit{res.value.hits.length === 1 ? '' : 's'}
              {res.value.truncated ? ' (more exist; narrow the search)' : ''}
            </p>
            <ul className="hits" aria-label="search results" ref={hits} data-wal-known={walOnlyFrom ? 'true' : 'false'}>
              {res.value.hits.map((h) => (
                <li key={`${h.table}/${h.rowid}/${h.kind}`} data-hit={`${h.table}/${h.rowid}`}>
                  <RowLink ev={ev} table={h.table} rowid={h.rowid}>
                    <span className="kind">{h.kind}</span>
                    <span className="tbl">
                      {h.table} #{h.rowid}
                    </span>
                    <span className="val mono">{visibleText(h.value)}</span>
                    <span className="sum">{visibleText(h.summary)}</span>
                    {isWalOnly(walOnlyFrom, h.table, h.rowid) && <WalOnlyMark />}
                  </RowLink>
                </li>
              ))}
            </ul>
          </>
        )}
        <BodySearch ev={ev} q={q} />
      </div>
    </PaneLayout>
  );
}
