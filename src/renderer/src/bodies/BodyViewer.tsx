/**
 * One body in one of five inert views (text, pretty JSON, SSE reassembled, MessagePack, hex). Bytes arrive in
 * windows; text and hex show the first window at once and fetch more while scrolling; the structured views decode
 * up to STRUCTURED_CAP and say so when the body is larger.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { BodyMeta } from '../../../shared/contract.js';
import { RowList } from '../components/RowList.js';
import type { BodyMode, ByteSpan } from '../router.js';
import { hitRows } from './hit-rows.js';
import { HEX_WIDTH, hexRow } from './hex.js';
import { prettyJson } from './json-pretty.js';
import { msgpackLines } from './msgpack-lines.js';
import type { Row } from './pieces.js';
import { markString, piecesText } from './pieces.js';
import { expandJsonStrings, findRows } from './json-strings.js';
import { sseLines } from './sse.js';
import { TextRows } from './text-decoder.js';
import { STRUCTURED_CAP, WINDOW, concat, useBodyBytes } from './use-body-bytes.js';
import { countLabel } from '../components/format.js';

const utf8 = new TextDecoder('utf-8', { fatal: false });

function linesToRows(lines: readonly string[]): Row[] {
  return lines.map((l) => ({ offset: null, pieces: markString(l), cont: false }));
}

/** The first non-blank byte opens an object or array: worth offering the JSON view (the content type did not say). */
function looksJson(first: Uint8Array | undefined): boolean {
  if (!first) return false;
  for (const b of first.subarray(0, 256)) {
    if (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d) continue;
    return b === 0x7b || b === 0x5b;
  }
  return false;
}

/**
 * `highlight`: a search match, fetched, scrolled to and marked. `onMode`: switch the view (the caller owns the URL); offered when a text body sniffs as JSON. Find searches every
 * row of the view, loading the whole body first; in the JSON view a string holding JSON opens as JSON on request.
 */
export function BodyViewer(props: {
  evidenceId: string;
  body: BodyMeta;
  mode: BodyMode;
  highlight?: ByteSpan;
  onMode?: (m: BodyMode) => void;
}) {
  const { evidenceId, body, mode, highlight } = props;
  const [query, setQuery] = useState('');
  const [hitAt, setHitAt] = useState(0);
  const [openStrings, setOpenStrings] = useState(false);
  const structured = mode === 'json' || mode === 'sse' || mode === 'msgpack';
  const key = { eventId: body.eventId, sourceTable: body.sourceTable, direction: body.direction };
  // A highlighted span (a search match) is fetched at once, however deep in the body it lies.
  const bytes = useBodyBytes(
    evidenceId,
    key,
    structured ? STRUCTURED_CAP : Math.max(WINDOW, highlight ? highlight.offset + highlight.length : 0),
  );
  const complete = bytes.total !== null && bytes.loaded >= bytes.total;
  const structuredReady = bytes.total !== null && bytes.loaded >= Math.min(bytes.total, STRUCTURED_CAP);

  // Text: one incremental decoder per body, fed each new window once.
  const textState = useRef<{ key: string; dec: TextRows; fed: number; final: boolean } | null>(null);
  const textRows = useMemo(() => {
    if (mode !== 'text') return [];
    const k = `${evidenceId}/${body.eventId}/${body.sourceTable}/${body.direction}`;
    if (!textState.current || textState.current.key !== k) textState.current = { key: k, dec: new TextRows(), fed: 0, final: false };
    const s = textState.current;
    for (; s.fed < bytes.chunks.length; s.fed++) s.dec.push(bytes.chunks[s.fed]!, complete && s.fed === bytes.chunks.length - 1);
    if (complete && !s.final && bytes.chunks.length === 0) s.dec.push(new Uint8Array(0), true);
    s.final = complete;
    return [...s.dec.rows];
  }, [mode, bytes.chunks, complete, evidenceId, body.eventId, body.sourceTable, body.direction]);

  const hexRows = useMemo(() => {
    if (mode !== 'hex') return [];
    const all = concat(bytes.chunks);
    const rows: Row[] = [];
    for (let o = 0; o < all.length; o += HEX_WIDTH)
      rows.push({ offset: null, pieces: [{ t: 'text', s: hexRow(all.subarray(o, o + HEX_WIDTH), o) }], cont: false });
    return rows;
  }, [mode, bytes.chunks]);

  const structuredResult = useMemo((): { rows: Row[]; problem: string | null } => {
    if (!structured || !structuredReady) return { rows: [], problem: null };
    const all = concat(bytes.chunks).subarray(0, STRUCTURED_CAP);
    switch (mode) {
      case 'json': {
        const r = prettyJson(utf8.decode(all));
        return { rows: linesToRows(openStrings ? expandJsonStrings(r.lines).lines : r.lines), problem: r.problem };
      }
      case 'sse':
        return { rows: linesToRows(sseLines(utf8.decode(all))), problem: null };
      case 'msgpack': {
        const r = msgpackLines(all);
        return { rows: linesToRows(r.lines), problem: r.problem };
      }
      default:
        return { rows: [], problem: null };
    }
  }, [structured, structuredReady, bytes.chunks, mode, openStrings]);

  const rowsShown = mode === 'text' ? textRows : mode === 'hex' ? hexRows : structuredResult.rows;
  // Find looks at the whole body: a query loads what is not loaded yet (text and hex load by window).
  const { all } = bytes;
  useEffect(() => {
    if (query && !complete) all();
  }, [query, complete, all]);
  const texts = useMemo(() => (query ? rowsShown.map((r) => piecesText(r.pieces)) : []), [query, rowsShown]);
  const hits = useMemo(() => findRows(texts, query), [texts, query]);
  const hitSet = useMemo(() => new Set(hits), [hits]);
  const current = hits.length ? Math.min(hitAt, hits.length - 1) : -1;
  const step = (d: number): void => {
    if (hits.length) setHitAt((h) => (Math.min(h, hits.length - 1) + d + hits.length) % hits.length);
  };

  if (bytes.error) {
    return (
      <div className="body-error" role="alert" data-event={body.eventId} data-mode={mode}>
        <strong>{bytes.error.code}</strong> {bytes.error.message}
      </div>
    );
  }
  const rows = rowsShown;
  const match = highlight && !structured ? hitRows(rows, highlight, mode === 'hex' ? HEX_WIDTH : null) : null;
  const marked =
    highlight && match
      ? utf8.decode(concat(bytes.chunks).subarray(highlight.offset, highlight.offset + Math.min(highlight.length, 200)))
      : null;
  const cut = structured && bytes.total !== null && bytes.total > STRUCTURED_CAP;
  return (
    <div
      className="body-view"
      data-mode={mode}
      data-event={body.eventId}
      data-body={`${body.sourceTable}/${body.direction}`}
      data-loaded={bytes.loaded}
      data-total={bytes.total ?? ''}
    >
      <div className="body-status">
        {bytes.total !== null && (
          <span className="verified" title="read back through its segment and body hashes before any byte was sent">
            ✓ verified ·{' '}
          </span>
        )}
        {bytes.total === null ? 'reading and verifying…' : `${countLabel(bytes.loaded)} of ${countLabel(bytes.total)} bytes loaded`}
        {bytes.truncated && bytes.originalBytes !== null && (
          <span className="warn"> · truncated by the recorder: {countLabel(bytes.originalBytes)} bytes originally</span>
        )}
        {cut && <span className="warn"> · this view decodes the first {STRUCTURED_CAP / 1048576} MiB only</span>}
        {structuredResult.problem && <span className="warn"> · {structuredResult.problem}</span>}
        {mode === 'text' && props.onMode && looksJson(bytes.chunks[0]) && (
          <button type="button" className="link-button" data-sniffed="json" onClick={() => props.onMode?.('json')}>
            looks like JSON: show it pretty
          </button>
        )}
        {mode === 'json' && (
          <label className="open-strings">
            <input type="checkbox" checked={openStrings} onChange={(e) => setOpenStrings(e.target.checked)} /> open JSON held in strings
          </label>
        )}
      </div>
      {highlight && (
        <div className="body-status hit-note" data-hit-offset={highlight.offset}>
          match at byte {countLabel(highlight.offset)} ({countLabel(highlight.length)} bytes)
          {match && match.first < 0 ? ' · not yet loaded' : ''}
        </div>
      )}
      <div className="body-find" role="search">
        <input
          aria-label="find in body"
          placeholder="find in the whole body"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setHitAt(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              step(e.shiftKey ? -1 : 1);
            }
          }}
        />
        <button type="button" aria-label="previous match" onClick={() => step(-1)} disabled={hits.length === 0}>
          ↑
        </button>
        <button type="button" aria-label="next match" onClick={() => step(1)} disabled={hits.length === 0}>
          ↓
        </button>
        {query && (
          <span className="muted" data-find-hits={hits.length} data-find-current={current + 1}>
            {hits.length ? `${current + 1} of ${countLabel(hits.length)} rows` : complete ? 'no match' : 'loading the rest…'}
          </span>
        )}
      </div>
      <RowList
        rows={rows}
        label={`body ${mode} view`}
        showOffsets={mode === 'text'}
        onNearEnd={!structured && !complete ? bytes.more : undefined}
        hits={hitSet}
        focusRow={current >= 0 ? hits[current]! : null}
        {...(match && match.first >= 0 ? { match: { first: match.first, last: match.last, text: mode === 'text' ? marked : null } } : {})}
      />
    </div>
  );
}
