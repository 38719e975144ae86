/**
 * One line of a transcript: what it is, its title and facts, its findings, its texts, and links to the row it
 * came from, each of its bodies, and its trace's identity graph. Clicking the title opens the row.
 */
import { memo } from 'react';
import type { TranscriptLine } from '../../../../shared/contract/transcript.js';
import { useApp } from '../../app-context.js';
import { formatCell } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { href } from '../../router.js';
import { TranscriptBlockView } from './TranscriptBlockView.js';

const KIND_LABEL: Readonly<Record<TranscriptLine['kind'], string>> = {
  trace: 'trace', turn: 'turn', model_call: 'model', tool_call: 'tool call', tool_response: 'response', exec: 'exec', file: 'file', overflow: 'overflow',
  net: 'http', dns: 'dns', process: 'process', credential: 'credential', security_rule: 'rule', security_decision: 'decision', security_ask: 'ask',
};

export const TranscriptLineView = memo(function TranscriptLineView(props: { ev: string; line: TranscriptLine; onResize: () => void }) {
  const { time } = useApp();
  const { ev, line: l } = props;
  const rowHref = l.row ? href({ view: 'row', ev, table: l.row.table, rowid: l.row.rowid, body: null, mode: 'text' }) : null;
  const cls = `tl tl-${l.kind} tl-d${l.depth}${l.alert ? ' tl-alert' : ''}${l.findings.length ? ' tl-finding' : ''}`;
  return (
    <article className={cls} data-seq={l.seq} data-kind={l.kind} data-row={l.row ? `${l.row.table}:${l.row.rowid}` : undefined} data-node={l.nodeId ?? undefined}>
      <header className="tl-head">
        <span className="tl-kind">{KIND_LABEL[l.kind]}</span>
        {rowHref ? (
          <a className="tl-title" href={rowHref}>
            {visibleText(l.title)}
          </a>
        ) : (
          <span className="tl-title">{visibleText(l.title)}</span>
        )}
        {l.timestamp && <span className="tl-time mono">{formatCell(l.timestamp, 'timestamp', time)}</span>}
        <span className="tl-facts">{l.facts.map((f) => visibleText(f)).join(' · ')}</span>
        <span className="tl-links">
          {l.row && <a href={rowHref!}>{`${l.row.table} ${l.row.rowid}`}</a>}
          {l.bodies.map((b) => (
            <a key={`${b.sourceTable}/${b.direction}`} href={href({ view: 'row', ev, table: l.row!.table, rowid: l.row!.rowid, body: { sourceTable: b.sourceTable, direction: b.direction }, mode: 'text' })} title={b.bodyHash ?? undefined}>
              {b.direction} body
            </a>
          ))}
          {l.carriedBy !== null && <a href={href({ view: 'row', ev, table: 'model_calls', rowid: l.carriedBy, body: null, mode: 'text' })}>carried back by #{l.carriedBy}</a>}
          {l.nodeId && l.traceId && (
            <a href={href({ view: 'graph', ev, trace: l.traceId })} title={`node ${l.nodeId} of the identity graph`}>
              graph
            </a>
          )}
        </span>
      </header>
      {l.findings.map((f, i) => (
        <p key={i} className="tl-finding-note" data-finding={f.kind}>
          <span className="code">{f.kind}</span> {visibleText(f.message)}
        </p>
      ))}
      {l.blocks.map((b, i) => (
        <TranscriptBlockView key={i} block={b} onResize={props.onResize} />
      ))}
    </article>
  );
});
