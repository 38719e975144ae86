/**
 * One body in one of six inert views (text, JSON, SSE reassembled, MessagePack, hex, picture). With no view
 * chosen, the body's first window picks one (sniff.ts): a picture only by magic bytes, JSON by type or first
 * character, hex for anything not text. Bytes arrive in windows; text and hex fetch more while scrolling, the
 * structured views decode up to a cap and say so when the body is larger. Rows are virtualized in every view;
 * the JSON view folds. A search match (`highlight`) is scrolled to and marked in every view.
 */
import type { ReactNode } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BodyMeta } from '../../../shared/contract.js';
import type { RowSource } from '../components/RowList.js';
import { RowList } from '../components/RowList.js';
import type { BodyMode, ByteSpan } from '../router.js';
import { BODY_MODES } from '../router.js';
import { hitRows } from './hit-rows.js';
import { HEX_WIDTH, hexSourceOf } from './hex.js';
import { countLabel } from '../components/format.js';
import { BodyStatus } from './BodyStatus.js';
import { BodyTools } from './BodyTools.js';
import { ImagePane } from './ImagePane.js';
import { foldAll, unfoldTo } from './json-fold.js';
import { lineRow, piecesText } from './pieces.js';
import { findRows } from './json-strings.js';
import { chooseMode, imageKind } from './sniff.js';
import type { StructuredLines } from './structured-lines.js';
import { structuredLines } from './structured-lines.js';
import { TextRows } from './text-decoder.js';
import { useJsonView } from './use-json-view.js';
import { IMAGE_CAP, JSON_CAP, STRUCTURED_CAP, WINDOW, concat, useBodyBytes } from './use-body-bytes.js';
import { useWrapPref } from './wrap-pref.js';
import { FindBox } from './FindBox.js';
import { FoldToggle } from './FoldToggle.js';

const utf8 = new TextDecoder('utf-8', { fatal: false });

const linesSource = (lines: readonly string[]): RowSource => ({
  length: lines.length,
  at: (i) => (i < lines.length ? lineRow(lines[i]!) : undefined),
});

/** How many bytes a view needs before it can show anything (text and hex: the windows in view). */
function wantFor(mode: BodyMode | null, highlightEnd: number): number {
  switch (mode) {
    case 'json':
      return JSON_CAP;
    case 'sse':
    case 'msgpack':
      return STRUCTURED_CAP;
    case 'image':
      return IMAGE_CAP;
    default:
      return Math.max(WINDOW, highlightEnd);
  }
}

/**
 * `mode`: the view chosen, or null to let the body pick. `highlight`: a search match, fetched, scrolled to and
 * marked. `modeTab`: the caller's link to a view (it owns the URL), drawn for each view this body offers. Find
 * searches every line of the view, loading the whole body first; in the JSON view a string holding JSON opens as
 * JSON on request.
 */
export function BodyViewer(props: {
  evidenceId: string;
  body: BodyMeta;
  mode: BodyMode | null;
  highlight?: ByteSpan;
  modeTab?: (m: BodyMode, active: boolean) => ReactNode;
}) {
  const { evidenceId, body, highlight } = props;
  const [query, setQuery] = useState('');
  const [hitAt, setHitAt] = useState(0);
  const [openStrings, setOpenStrings] = useState(false);
  const [wrap, setWrap] = useWrapPref();
  const key = { eventId: body.eventId, sourceTable: body.sourceTable, direction: body.direction };
  const highlightEnd = highlight ? highlight.offset + highlight.length : 0;
  const [firstChunk, setFirstChunk] = useState<Uint8Array | null>(null);
  // A view the body picked that cannot show a search match gives way: a picture to hex, SSE to text (a match in
  // a line that is no field of any event).
  const [fallback, setFallback] = useState<BodyMode | null>(null);
  const picked = firstChunk ? chooseMode(body.contentType, firstChunk) : null;
  const mode: BodyMode | null = props.mode ?? fallback ?? (picked === 'image' && highlight ? 'hex' : picked);
  const bytes = useBodyBytes(evidenceId, key, wantFor(mode, highlightEnd));
  if (firstChunk === null && bytes.chunks[0]) setFirstChunk(bytes.chunks[0]);
  // An empty body has nothing to sniff: it shows as (empty) text.
  const emptyBody = bytes.total === 0;
  const shown: BodyMode | null = mode ?? (emptyBody ? 'text' : null);
  const image = firstChunk ? imageKind(firstChunk) : null;
  const complete = bytes.total !== null && bytes.loaded >= bytes.total;
  const capOf = shown === 'json' ? JSON_CAP : shown === 'image' ? IMAGE_CAP : STRUCTURED_CAP;
  const capReady = bytes.total !== null && bytes.loaded >= Math.min(bytes.total, capOf);
  const structured = shown === 'json' || shown === 'sse' || shown === 'msgpack';

  // Text: one incremental decoder per body, fed each new window once.
  const textState = useRef<{ dec: TextRows; fed: number; final: boolean } | null>(null);
  const textRows = useMemo(() => {
    if (shown !== 'text') return [];
    if (!textState.current) textState.current = { dec: new TextRows(), fed: 0, final: false };
    const s = textState.current;
    for (; s.fed < bytes.chunks.length; s.fed++) s.dec.push(bytes.chunks[s.fed]!, complete && s.fed === bytes.chunks.length - 1);
    if (complete && !s.final && bytes.chunks.length === 0) s.dec.push(new Uint8Array(0), true);
    s.final = complete;
    return [...s.dec.rows];
  }, [shown, bytes.chunks, complete]);

  // Hex and picture read the loaded bytes as one array.
  const flat = useMemo(() => (shown === 'hex' || shown === 'image' ? concat(bytes.chunks) : null), [shown, bytes.chunks]);
  const hexSource = useMemo(
    () => (shown === 'hex' && flat ? hexSourceOf(flat, bytes.total ?? flat.length) : null),
    [shown, flat, bytes.total],
  );
  const { upTo } = bytes;
  const onHexRange = useCallback((_first: number, last: number) => upTo((last + 41) * HEX_WIDTH), [upTo]);

  // JSON: foldable lines built in slices (unless strings holding JSON are opened: then a plain, unfoldable list).
  const { fold, flags, setFolded, setFoldKeepingMatch, matchLine, visible, foldSource, rowOfLine } = useJsonView(
    shown === 'json' && capReady && !openStrings,
    bytes.chunks,
    highlight,
  );

  // SSE, MessagePack and JSON with strings opened: lines built at once (capped at STRUCTURED_CAP).
  const plain = useMemo((): StructuredLines | null => {
    if (!capReady || !(shown === 'sse' || shown === 'msgpack' || (shown === 'json' && openStrings))) return null;
    return structuredLines(shown, concat(bytes.chunks), highlight);
  }, [capReady, shown, openStrings, bytes.chunks, highlight]);

  const sseMiss = props.mode === null && highlight !== undefined && shown === 'sse' && plain !== null && plain.matchLine === null;
  useEffect(() => {
    if (sseMiss) setFallback('text');
  }, [sseMiss]);

  const source = useMemo(
    (): RowSource =>
      shown === 'text'
        ? textRows
        : shown === 'hex'
          ? (hexSource ?? [])
          : shown === 'json' && !openStrings
            ? (foldSource ?? [])
            : plain
              ? linesSource(plain.lines)
              : [],
    [shown, textRows, hexSource, openStrings, foldSource, plain],
  );
  // Find looks at every line of the body: a query loads what is not loaded yet (text and hex load by window).
  const { all } = bytes;
  useEffect(() => {
    if (query && !complete) all();
  }, [query, complete, all]);
  const findTexts = useMemo((): readonly string[] => {
    if (!query) return [];
    if (shown === 'json' && fold && !openStrings) return fold.lines;
    if (plain) return plain.lines;
    const out: string[] = [];
    for (let i = 0; i < source.length; i++) out.push(piecesText(source.at(i)!.pieces));
    return out;
  }, [query, shown, fold, openStrings, plain, source]);
  const hits = useMemo(() => findRows(findTexts, query), [findTexts, query]);
  const current = hits.length ? Math.min(hitAt, hits.length - 1) : -1;
  const foldFind = shown === 'json' && fold !== null && !openStrings;
  // A find hit inside a folded object unfolds the path to it.
  const currentLine = current >= 0 ? hits[current]! : null;
  useEffect(() => {
    if (!foldFind || currentLine === null || !fold || !flags || rowOfLine(currentLine) >= 0) return;
    setFolded(unfoldTo(fold, flags, currentLine));
  }, [foldFind, currentLine, fold, flags, rowOfLine, setFolded]);
  const hitSet = useMemo(() => new Set(foldFind ? hits.map(rowOfLine).filter((k) => k >= 0) : hits), [foldFind, hits, rowOfLine]);
  const focusRow = currentLine === null ? null : foldFind ? rowOfLine(currentLine) : currentLine;
  const step = (d: number): void => {
    if (hits.length) setHitAt((h) => (Math.min(h, hits.length - 1) + d + hits.length) % hits.length);
  };

  if (bytes.error) {
    return (
      <div className="body-error" role="alert" data-event={body.eventId} data-mode={shown ?? ''}>
        <strong>{bytes.error.code}</strong> {bytes.error.message}
      </div>
    );
  }
  // The rows holding the search match, in whichever view is shown.
  let match: { first: number; last: number; text: string | null } | null = null;
  if (highlight && shown === 'text') {
    const m = hitRows(textRows, highlight, null);
    if (m.first >= 0)
      match = {
        ...m,
        text: utf8.decode(concat(bytes.chunks).subarray(highlight.offset, highlight.offset + Math.min(highlight.length, 200))),
      };
  } else if (highlight && shown === 'hex' && flat && highlight.offset < flat.length) {
    const first = Math.floor(highlight.offset / HEX_WIDTH);
    match = { first, last: Math.floor((highlightEnd - 1) / HEX_WIDTH), text: null };
  } else if (highlight && shown === 'json' && !openStrings && matchLine) {
    const k = rowOfLine(matchLine.line);
    if (k >= 0) match = { first: k, last: k, text: matchLine.needle };
  } else if (highlight && plain && plain.matchLine !== null) {
    match = { first: plain.matchLine, last: plain.matchLine, text: plain.needle };
  }
  const matchPending = highlight && !match && !(shown === 'image');
  const problem = shown === 'json' && !openStrings ? (fold?.problem ?? null) : (plain?.problem ?? null);
  const cut = structured && bytes.total !== null && bytes.total > (shown === 'json' ? JSON_CAP : STRUCTURED_CAP);
  const building = structured && !problem && source.length === 0 && bytes.total !== 0;
  const offered = BODY_MODES.filter((m) => m !== 'image' || image !== null);
  return (
    <div
      className="body-view"
      data-mode={shown ?? ''}
      data-event={body.eventId}
      data-body={`${body.sourceTable}/${body.direction}`}
      data-loaded={bytes.loaded}
      data-total={bytes.total ?? ''}
      data-rows={source.length}
      // Ready once this body's size is known too: a switch of mode keeps the last layout until the new bytes say.
      data-ready={shown !== null && !building && bytes.total !== null ? 'true' : 'false'}
    >
      {props.modeTab && shown && (
        <div className="modes" role="tablist" aria-label="body view">
          {offered.map((m) => props.modeTab!(m, m === shown))}
        </div>
      )}
      <BodyStatus
        bytes={bytes}
        shown={shown}
        cutAt={cut ? (shown === 'json' ? JSON_CAP : STRUCTURED_CAP) : null}
        problem={problem}
        layingOut={building && capReady}
        chosenByBody={props.mode === null}
      />
      {shown !== 'image' && (
        <BodyTools
          json={shown === 'json'}
          wrap={wrap}
          onWrap={setWrap}
          openStrings={openStrings}
          onOpenStrings={setOpenStrings}
          folds={
            fold
              ? { collapseAll: () => setFoldKeepingMatch(foldAll(fold)), expandAll: () => setFolded(new Uint8Array(fold.lines.length)) }
              : null
          }
        />
      )}
      {highlight && (
        <div className="body-status hit-note" data-hit-offset={highlight.offset} data-hit-row={match ? match.first : ''}>
          match at byte {countLabel(highlight.offset)} ({countLabel(highlight.length)} bytes)
          {matchPending ? (capReady || shown === 'text' ? ' · not in this view' : ' · not yet loaded') : ''}
        </div>
      )}
      {shown === 'image' ? (
        <ImagePane flat={flat} kind={image} sniffed={firstChunk !== null} complete={complete} total={bytes.total} />
      ) : (
        <>
          <FindBox
            query={query}
            onQuery={(q) => {
              setQuery(q);
              setHitAt(0);
            }}
            step={step}
            hits={hits.length}
            current={current}
            complete={complete}
          />
          <RowList
            rows={source}
            wrap={wrap}
            label={`body ${shown ?? ''} view`}
            showOffsets={shown === 'text'}
            onNearEnd={shown === 'text' && !complete ? bytes.more : undefined}
            {...(shown === 'hex' && !complete ? { onRange: onHexRange } : {})}
            hits={hitSet}
            focusRow={focusRow !== null && focusRow >= 0 ? focusRow : null}
            {...(match ? { match } : {})}
            {...(shown === 'json' && fold && visible && !openStrings
              ? {
                  gutter: (k: number) => <FoldToggle fold={fold} line={visible[k]!} flags={flags} onFold={setFolded} />,
                }
              : {})}
          />
        </>
      )}
    </div>
  );
}
