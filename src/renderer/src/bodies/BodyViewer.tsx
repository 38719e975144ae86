/**
 * One body in one of five inert views (text, pretty JSON, SSE reassembled, MessagePack, hex). Bytes arrive in
 * windows; text and hex show the first window at once and fetch more while scrolling; the structured views decode
 * up to STRUCTURED_CAP and say so when the body is larger.
 */
import { useMemo, useRef } from 'react';
import type { BodyMeta } from '../../../shared/contract.js';
import { RowList } from '../components/RowList.js';
import type { BodyMode, ByteSpan } from '../router.js';
import { hitRows } from './hit-rows.js';
import { HEX_WIDTH, hexRow } from './hex.js';
import { prettyJson } from './json-pretty.js';
import { msgpackLines } from './msgpack-lines.js';
import type { Row } from './pieces.js';
import { markString } from './pieces.js';
import { sseLines } from './sse.js';
import { TextRows } from './text-decoder.js';
import { STRUCTURED_CAP, WINDOW, concat, useBodyBytes } from './use-body-bytes.js';
import { countLabel } from '../components/format.js';

const utf8 = new TextDecoder('utf-8', { fatal: false });

function linesToRows(lines: readonly string[]): Row[] {
  return lines.map((l) => ({ offset: null, pieces: markString(l), cont: false }));
}

export function BodyViewer(props: { evidenceId: string; body: BodyMeta; mode: BodyMode; highlight?: ByteSpan }) {
  const { evidenceId, body, mode, highlight } = props;
  const structured = mode === 'json' || mode === 'sse' || mode === 'msgpack';
  const key = { eventId: body.eventId, sourceTable: body.sourceTable, direction: body.direction };
  // A highlighted span (a search match) is fetched at once, however deep in the body it lies.
  const bytes = useBodyBytes(evidenceId, key, structured ? STRUCTURED_CAP : Math.max(WINDOW, highlight ? highlight.offset + highlight.length : 0));
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
    for (let o = 0; o < all.length; o += HEX_WIDTH) rows.push({ offset: null, pieces: [{ t: 'text', s: hexRow(all.subarray(o, o + HEX_WIDTH), o) }], cont: false });
    return rows;
  }, [mode, bytes.chunks]);

  const structuredResult = useMemo((): { rows: Row[]; problem: string | null } => {
    if (!structured || !structuredReady) return { rows: [], problem: null };
    const all = concat(bytes.chunks).subarray(0, STRUCTURED_CAP);
    switch (mode) {
      case 'json': {
        const r = prettyJson(utf8.decode(all));
        return { rows: linesToRows(r.lines), problem: r.problem };
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
  }, [structured, structuredReady, bytes.chunks, mode]);

  if (bytes.error) {
    return (
      <div className="body-error" role="alert" data-event={body.eventId} data-mode={mode}>
        <strong>{bytes.error.code}</strong> {bytes.error.message}
      </div>
    );
  }
  const rows = mode === 'text' ? textRows : mode === 'hex' ? hexRows : structuredResult.rows;
  const hits = highlight && !structured ? hitRows(rows, highlight, mode === 'hex' ? HEX_WIDTH : null) : null;
  const marked = highlight && hits ? utf8.decode(concat(bytes.chunks).subarray(highlight.offset, highlight.offset + Math.min(highlight.length, 200))) : null;
  const cut = structured && bytes.total !== null && bytes.total > STRUCTURED_CAP;
  return (
    <div className="body-view" data-mode={mode} data-event={body.eventId} data-body={`${body.sourceTable}/${body.direction}`} data-loaded={bytes.loaded} data-total={bytes.total ?? ''}>
      <div className="body-status">
        {bytes.total !== null && <span className="verified" title="read back through its segment and body hashes before any byte was sent">✓ verified · </span>}
        {bytes.total === null ? 'reading and verifying…' : `${countLabel(bytes.loaded)} of ${countLabel(bytes.total)} bytes loaded`}
        {bytes.truncated && bytes.originalBytes !== null && <span className="warn"> · truncated by the recorder: {countLabel(bytes.originalBytes)} bytes originally</span>}
        {cut && <span className="warn"> · this view decodes the first {STRUCTURED_CAP / 1048576} MiB only</span>}
        {structuredResult.problem && <span className="warn"> · {structuredResult.problem}</span>}
      </div>
      {highlight && (
        <div className="body-status hit-note" data-hit-offset={highlight.offset}>
          match at byte {highlight.offset} ({highlight.length} bytes){hits && hits.first < 0 ? ' · not yet loaded' : ''}
        </div>
      )}
      <RowList
        rows={rows}
        label={`body ${mode} view`}
        showOffsets={mode === 'text'}
        onNearEnd={!structured && !complete ? bytes.more : undefined}
        {...(hits && hits.first >= 0 ? { hits: { first: hits.first, last: hits.last, text: mode === 'text' ? marked : null } } : {})}
      />
    </div>
  );
}
