/**
 * Fetches a transcript a page at a time, as the list scrolls to it: the first page says how many lines there
 * are (so the scroll height is known), later pages come when their lines are about to be drawn. The whole session's
 * first page may come before its lines are counted (`counting`: its total covers the first traces only); the count
 * follows as a second answer to the same page. At most one
 * request per page is ever in flight; pages far from the screen are kept (they are small) so scrolling back
 * draws at once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TranscriptLine, TranscriptPage } from '../../../../shared/contract/transcript.js';
import { client } from '../../api/client.js';

/** Small pages: a screen shows ten to twenty lines, and each page's texts can be long. */
export const PAGE_LINES = 40;

export interface TranscriptPages {
  readonly head: TranscriptPage | null;
  readonly error: { code: string; message: string } | null;
  line(seq: number): TranscriptLine | null;
  /** Ask for the pages holding lines [from, to]. */
  want(from: number, to: number): void;
  /** Bumped whenever a page arrives (for memoised children). */
  readonly version: number;
}

/**
 * `bodiesKey` names the last finished verification of the ledger: when one finishes, every page is asked for again
 * (each drawn page is kept until its new answer arrives), so a failed body is marked without a reload.
 */
export function useTranscriptPages(ev: string, trace: string | null, bodiesKey: string): TranscriptPages {
  const pages = useRef(new Map<number, readonly TranscriptLine[]>());
  const asked = useRef(new Set<number>());
  const [head, setHead] = useState<TranscriptPage | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [version, setVersion] = useState(0);
  const fetchPage = useCallback(
    (index: number) => {
      if (asked.current.has(index)) return;
      asked.current.add(index);
      const arg = { evidenceId: ev, offset: index * PAGE_LINES, limit: PAGE_LINES, ...(trace ? { traceId: trace } : {}) };
      void client.call('transcript.page', arg).then((r) => {
        if (!r.ok) {
          asked.current.delete(index);
          return setError(r.error);
        }
        pages.current.set(index, r.value.lines);
        if (index === 0) setHead(r.value);
        setVersion((v) => v + 1);
        // The whole session's first page comes while its lines are still counted: ask once more for the count.
        if (index === 0 && r.value.counting) {
          void client.call('transcript.page', { ...arg, untilCounted: true }).then((c) => {
            if (!c.ok) return setError(c.error);
            setHead(c.value);
            setVersion((v) => v + 1);
          });
        }
      });
    },
    // bodiesKey: a new verification makes new pages (asked again below).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new verification (bodiesKey) makes new pages
    [ev, trace, bodiesKey],
  );
  useEffect(() => {
    asked.current.clear();
    fetchPage(0);
  }, [fetchPage]);
  const want = useCallback(
    (from: number, to: number) => {
      for (let p = Math.floor(Math.max(0, from) / PAGE_LINES); p <= Math.floor(Math.max(0, to) / PAGE_LINES); p++) fetchPage(p);
    },
    [fetchPage],
  );
  const line = useCallback((seq: number) => pages.current.get(Math.floor(seq / PAGE_LINES))?.[seq % PAGE_LINES] ?? null, []);
  return { head, error, line, want, version };
}
