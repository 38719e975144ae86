/**
 * The JSON view's foldable lines (built in slices by use-fold-lines.ts) with the user's folds: the rows shown, the
 * line a search match falls on, and the mapping from a line to its row while folds hide some. A fold never hides
 * the match: folding all keeps the path to it open.
 */
import { useCallback, useMemo, useState } from 'react';
import type { RowSource } from '../components/RowList.js';
import type { ByteSpan } from '../router.js';
import { foldedText, unfoldTo, visibleLines } from './json-fold.js';
import { jsonMatchLine, lastAtOrBefore } from './match-line.js';
import { lineRow } from './pieces.js';
import { JSON_CAP, concat } from './use-body-bytes.js';
import { useFoldLines } from './use-fold-lines.js';

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** `active`: the JSON view is shown, folded, and its bytes up to the cap are in. */
export function useJsonView(active: boolean, chunks: readonly Uint8Array[], highlight: ByteSpan | undefined) {
  const jsonChunks = useMemo(() => (active ? chunks : null), [active, chunks]);
  const build = useFoldLines(jsonChunks, JSON_CAP, highlight ? highlight.offset : null);
  const fold = build?.f ?? null;
  const [folded, setFolded] = useState<Uint8Array | null>(null);
  const flags = folded && fold && folded.length === fold.lines.length ? folded : null;
  const matchLine = useMemo(() => {
    if (!fold || !build || build.charAt === null || !highlight) return null;
    const needle = utf8.decode(concat(chunks).subarray(highlight.offset, highlight.offset + Math.min(highlight.length, 200)));
    return { line: jsonMatchLine(fold, build.charAt, needle), needle };
  }, [fold, build, highlight, chunks]);
  const visible = useMemo(() => (fold ? visibleLines(fold, flags ?? new Uint8Array(fold.lines.length)) : null), [fold, flags]);
  const foldSource = useMemo((): RowSource | null => {
    if (!fold || !visible) return null;
    return {
      length: visible.length,
      at: (k) => {
        const i = visible[k];
        if (i === undefined) return undefined;
        const isFolded = flags !== null && flags[i] === 1 && fold.close[i]! > i;
        return lineRow(isFolded ? foldedText(fold, i) : fold.lines[i]!, fold.cont[i] === 1);
      },
    };
  }, [fold, visible, flags]);
  /** The row showing `line`, or -1 while a fold hides it (every line is its own row without folds). */
  const rowOfLine = useCallback(
    (line: number): number => {
      if (!visible) return line;
      const k = lastAtOrBefore(visible, line);
      return visible[k] === line ? k : -1;
    },
    [visible],
  );
  const setFoldKeepingMatch = (next: Uint8Array): void => {
    if (!fold) return;
    setFolded(matchLine ? unfoldTo(fold, next, matchLine.line) : next);
  };
  return { fold, flags, setFolded, setFoldKeepingMatch, matchLine, visible, foldSource, rowOfLine };
}
