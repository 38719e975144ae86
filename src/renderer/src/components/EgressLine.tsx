/**
 * What left the sandbox during a trace or a turn, in the core's words (egress/rows-egress.ts), with a link to the
 * Egress view: one line, the same in the transcript's headers and the side pane's turn. Red when a request was denied.
 */
import type { SpanEgress } from '../../../shared/contract/egress.js';
import { href } from '../router.js';
import { visibleText } from './visible-text.js';
import './labelled-line.css';
import './egress-line.css';

export function EgressLine(props: { ev: string; egress: SpanEgress }) {
  const { egress } = props;
  const says = visibleText(egress.says);
  return (
    <p className={`labelled-line egress-line${egress.denied > 0 ? ' egress-denied' : ''}`} data-egress="true" title={says}>
      <span className="labelled-line-label">egress</span>
      {says} <a href={href({ view: 'egress', ev: props.ev })}>by destination</a>
    </p>
  );
}
