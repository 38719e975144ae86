/**
 * One line of a transcript: what it is, its title and facts, its findings, its texts, and links to the row it
 * came from, each of its bodies, and its node in the trace's identity graph. Clicking the title (or a body) shows
 * the row (and body) in the side pane beside the transcript; each link's href is still the row's own view.
 */
import type { MouseEvent } from 'react';
import { memo } from 'react';
import type { TranscriptLine } from '../../../../shared/contract/transcript.js';
import { useApp } from '../../app-context.js';
import { formatCell } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { plainClick } from '../../links/IdLink.js';
import { RowLink } from '../../links/RowLink.js';
import { usePaneHost } from '../../pane/pane-host.js';
import type { Selection } from '../../pane/selection.js';
import { withPane } from '../../pane/selection.js';
import { href } from '../../router.js';
import { TranscriptBlockView } from './TranscriptBlockView.js';
import { GapMarks } from '../../components/GapMarks.js';
import { TurnCoverageLine } from './TurnCoverageLine.js';
import { EgressLine } from '../../components/EgressLine.js';
import { WalOnlyIf } from '../../components/WalOnlyScope.js';
import { CaseMarkIf } from '../case/CaseTagsScope.js';

/** What a line shows in the side pane: its row, or for a turn header its turn. */
export function lineSelection(l: TranscriptLine): Selection | null {
  if (l.row) return { kind: 'row', table: l.row.table, rowid: l.row.rowid };
  if (l.kind === 'turn' && l.traceId && l.turnId) return { kind: 'turn', traceId: l.traceId, turnId: l.turnId };
  return null;
}

/** The trace's identity graph with this line's node selected (the graph names its selection as the pane does). */
function graphHref(ev: string, l: TranscriptLine): string | null {
  if (!l.traceId) return null;
  const sel = lineSelection(l);
  const graph = href({ view: 'graph', ev, trace: l.traceId });
  return sel ? withPane(graph, { sel, body: null, mode: null }) : graph;
}

const KIND_LABEL: Readonly<Record<TranscriptLine['kind'], string>> = {
  trace: 'trace',
  turn: 'turn',
  model_call: 'model',
  tool_call: 'tool call',
  tool_response: 'response',
  exec: 'exec',
  file: 'file',
  overflow: 'overflow',
  net: 'http',
  dns: 'dns',
  process: 'process',
  credential: 'credential',
  security_rule: 'rule',
  security_decision: 'decision',
  security_ask: 'ask',
};

export const TranscriptLineView = memo(function TranscriptLineView(props: {
  ev: string;
  line: TranscriptLine;
  selected: boolean;
  cursor: boolean;
  onResize: () => void;
}) {
  const { time } = useApp();
  const host = usePaneHost();
  const { ev, line: l } = props;
  const sel = lineSelection(l);
  const untraced = l.placement !== null && l.traceId === null;
  const cls = `tl tl-${l.kind} tl-d${l.depth}${untraced ? ' tl-untraced' : ''}${l.alert ? ' tl-alert' : ''}${l.findings.length ? ' tl-finding' : ''}${l.gaps.length ? ' tl-has-gap' : ''}${props.selected ? ' tl-selected' : ''}${props.cursor ? ' tl-cursor' : ''}`;
  const graph = l.nodeId ? graphHref(ev, l) : null;
  const turnHref =
    sel?.kind === 'turn' ? withPane(href({ view: 'transcript', ev, trace: sel.traceId }), { sel, body: null, mode: null }) : null;
  const openTurn = (e: MouseEvent<HTMLAnchorElement>): void => {
    if (!host || !sel || !plainClick(e)) return;
    e.preventDefault();
    host.select(sel);
  };
  return (
    <article
      className={cls}
      data-seq={l.seq}
      data-kind={l.kind}
      data-row={l.row ? `${l.row.table}:${l.row.rowid}` : undefined}
      data-node={l.nodeId ?? undefined}
      data-untraced={untraced ? 'true' : undefined}
      aria-current={props.selected ? 'true' : undefined}
    >
      <header className="tl-head">
        <span className="tl-kind">{untraced && l.kind === 'trace' ? 'untraced' : KIND_LABEL[l.kind]}</span>
        {l.row ? (
          <RowLink className="tl-title" ev={ev} table={l.row.table} rowid={l.row.rowid}>
            {visibleText(l.title)}
          </RowLink>
        ) : turnHref ? (
          <a className="tl-title" href={turnHref} onClick={openTurn}>
            {visibleText(l.title)}
          </a>
        ) : (
          <span className="tl-title">{visibleText(l.title)}</span>
        )}
        <WalOnlyIf row={l.row} />
        <CaseMarkIf table={l.row?.table} eventId={l.eventId} />
        {l.timestamp && <span className="tl-time mono">{formatCell(l.timestamp, 'timestamp', time)}</span>}
        <span className="tl-facts">{l.facts.map((f) => visibleText(f)).join(' · ')}</span>
        <span className="tl-links">
          {l.row && <RowLink ev={ev} table={l.row.table} rowid={l.row.rowid}>{`${l.row.table} ${l.row.rowid}`}</RowLink>}
          {l.row &&
            l.bodies.map((b) => (
              <span key={`${b.sourceTable}/${b.direction}`} title={b.bodyHash ?? undefined}>
                <RowLink ev={ev} table={l.row!.table} rowid={l.row!.rowid} body={{ sourceTable: b.sourceTable, direction: b.direction }}>
                  {b.direction} body
                </RowLink>
              </span>
            ))}
          {l.carriedBy !== null && (
            <RowLink ev={ev} table="model_calls" rowid={l.carriedBy}>
              carried back by #{l.carriedBy}
            </RowLink>
          )}
          {l.decided && l.eventId && (
            <a
              href={href({ view: 'decisions', ev, event: l.eventId })}
              title="every decision the ledger records for this event, in order"
              data-chain-link={l.eventId}
            >
              decision chain
            </a>
          )}
          {graph && (
            <a href={graph} title={`node ${l.nodeId!} of the identity graph`} data-graph-link={l.nodeId!}>
              graph
            </a>
          )}
        </span>
      </header>
      {l.coverage && <TurnCoverageLine coverage={l.coverage} />}
      {l.egress && <EgressLine ev={ev} egress={l.egress} />}
      {l.placement && (
        <p className="tl-placement" data-placement="true">
          {visibleText(l.placement)}
        </p>
      )}
      <GapMarks gaps={l.gaps} />
      {l.findings.map((f, i) => (
        <p key={i} className="tl-finding-note" data-finding={f.kind}>
          <span className="code">{f.kind}</span> {visibleText(f.message)}
        </p>
      ))}
      {l.blocks.map((b, i) => (
        <TranscriptBlockView key={i} block={b} onResize={props.onResize} ev={ev} row={l.row} />
      ))}
    </article>
  );
});
