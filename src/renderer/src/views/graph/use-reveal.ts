/**
 * A selection the graph has not laid out (a link from the transcript, a find match, a reload deep in a long trace) is
 * laid out first: its turn is unfolded and, unless its model call is on a page drawn now, the trace is drawn from that
 * turn (or from the model call itself, when the turn is longer than a page). graph.locate says where a row is drawn;
 * each selection is located once, so a row that has no node (an event row) does not ask again.
 */
import { useEffect, useRef } from 'react';
import type { Dispatch, SetStateAction } from 'react';
import { client } from '../../api/client.js';
import type { Selection } from '../../pane/selection.js';
import type { TracePages } from './use-trace-pages.js';
import { PAGE_MODEL_CALLS } from './use-trace-pages.js';

export interface RevealInput {
  readonly ev: string;
  readonly traceId: string;
  readonly pages: TracePages;
  readonly folded: ReadonlySet<string>;
  setFolded: Dispatch<SetStateAction<ReadonlySet<string>>>;
  /** Turn node ids laid out now. */
  readonly drawnTurns: ReadonlySet<string>;
  /** The selection's node when it is drawn, else null. */
  readonly selected: string | null;
  readonly sel: Selection | null;
}

const selKey = (s: Selection): string => {
  switch (s.kind) {
    case 'row':
      return `row:${s.table}:${s.rowid}`;
    case 'turn':
      return `turn:${s.traceId}:${s.turnId}`;
    case 'call':
      return `call:${s.callId}`;
    case 'event':
      return `event:${s.eventId}`;
  }
};

/** `loose`: a model item, tool call or response of the trace hanging off none of its model calls (first page only). */
export type Reveal = (turnId: string | null, modelCallId: number | null, sel: Selection | null, loose?: boolean) => void;

const GRAPH_ROWS = new Set(['model_calls', 'model_items', 'tool_calls', 'tool_responses']);

export function useRevealSelection(input: RevealInput): Reveal {
  const { ev, traceId, pages, folded, setFolded, drawnTurns, selected, sel } = input;
  const first = pages.first;
  const reveal = (turnId: string | null, modelCallId: number | null, loose = false): void => {
    const turn = turnId === null ? undefined : first?.turns.find((t) => t.turnId === turnId);
    if (turn && folded.has(turn.nodeId)) {
      setFolded((f) => {
        const next = new Set(f);
        next.delete(turn.nodeId);
        return next;
      });
    }
    if (loose) {
      if (!pages.fromStart) pages.restart();
      return;
    }
    if (modelCallId !== null ? pages.loadedIds.has(modelCallId) : !turn || drawnTurns.has(turn.nodeId)) return;
    const fromTurn = turn?.firstModelCallId ?? null;
    // The whole turn fits on one page: draw it from its start, so the reader sees the node among its turn.
    const start =
      fromTurn !== null && (modelCallId === null || turn!.modelCalls <= PAGE_MODEL_CALLS || modelCallId < fromTurn)
        ? fromTurn
        : modelCallId;
    if (start !== null) pages.jumpTo(start);
  };
  const asked = useRef<string | null>(null);
  const revealRef = useRef(reveal);
  revealRef.current = reveal;
  const ready = first !== null && !pages.loading;
  useEffect(() => {
    if (!ready || !sel || selected !== null) return;
    const key = selKey(sel);
    if (asked.current === key) return;
    asked.current = key;
    if (sel.kind === 'turn') {
      if (sel.traceId === traceId) revealRef.current(sel.turnId, null);
      return;
    }
    if (sel.kind !== 'row') return;
    const table = sel.table;
    void client.call('graph.locate', { evidenceId: ev, traceId, table, rowid: sel.rowid }).then((r) => {
      if (!r.ok || (r.value.turnId === null && r.value.modelCallId === null)) return;
      revealRef.current(r.value.turnId, r.value.modelCallId, r.value.modelCallId === null && GRAPH_ROWS.has(table));
    });
  }, [ready, sel, selected, ev, traceId]);
  return (turnId, modelCallId, made, loose) => {
    // A step made here (find) is the reveal of the selection it makes: the effect above must not locate it again.
    asked.current = made ? selKey(made) : null;
    reveal(turnId, modelCallId, loose);
  };
}
