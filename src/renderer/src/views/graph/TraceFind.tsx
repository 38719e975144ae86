/**
 * Find within the whole trace (graph.find: every turn, not only the pages drawn), then walk the matches with next and
 * previous (Enter, Shift+Enter, or the arrows). Each step hands the match to the view, which lays its turn out and
 * selects its node.
 */
import { useState } from 'react';
import type { TraceFind as Found, TraceMatch } from '../../../../shared/contract/graph.js';
import { client } from '../../api/client.js';
import { visibleText } from '../../components/visible-text.js';

export function TraceFind(props: { ev: string; traceId: string; onGo(m: TraceMatch): void; onFound(f: Found | null): void }) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ text: string; f: Found } | null>(null);
  const [at, setAt] = useState(-1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = (f: Found, i: number): void => {
    if (f.matches.length === 0) return;
    const k = (i + f.matches.length) % f.matches.length;
    setAt(k);
    props.onGo(f.matches[k]!);
  };
  const step = (dir: 1 | -1): void => {
    const q = text.trim();
    if (!q) return;
    if (found && found.text === q) return go(found.f, at + dir);
    setBusy(true);
    setError(null);
    void client.call('graph.find', { evidenceId: props.ev, traceId: props.traceId, text: q }).then((r) => {
      setBusy(false);
      if (!r.ok) return setError(r.error.message);
      setFound({ text: q, f: r.value });
      props.onFound(r.value);
      go(r.value, dir === 1 ? 0 : r.value.matches.length - 1);
    });
  };
  const f = found?.text === text.trim() ? found.f : null;
  const m = f && at >= 0 ? f.matches[at] : undefined;
  return (
    <span className="trace-find" data-find-at={f ? at + 1 : 0} data-find-total={f?.matches.length ?? 0}>
      <input
        aria-label="find in trace"
        placeholder="find in the whole trace"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          step(e.shiftKey ? -1 : 1);
        }}
      />
      <button
        type="button"
        aria-label="previous match in the trace"
        title="previous match in the trace (Shift+Enter)"
        onClick={() => step(-1)}
        disabled={busy}
      >
        ↑
      </button>
      <button
        type="button"
        aria-label="next match in the trace"
        title="next match in the trace (Enter)"
        onClick={() => step(1)}
        disabled={busy}
      >
        ↓
      </button>
      <span className="muted find-count" aria-live="polite">
        {busy
          ? 'finding…'
          : error
            ? visibleText(error)
            : f
              ? f.matches.length === 0
                ? 'no match'
                : `${at + 1} of ${f.matches.length}${f.truncated ? '+' : ''}`
              : ''}
      </span>
      {m && (
        <span className="find-excerpt mono" title={visibleText(m.excerpt)}>
          {visibleText(m.field)}: {visibleText(m.excerpt.slice(0, 60))}
        </span>
      )}
    </span>
  );
}
