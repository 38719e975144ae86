/**
 * The words the Decisions view shows for a report's event and a chain's row: the "why" of an event (its policy
 * columns, or its stage, transition, resolver and reason, as `capsem-inspect decisions` prints it) and a body's size.
 * Every ledger string goes through visibleText: it is attacker-chosen, and is shown as text, never as HTML.
 */
import type { ChainBody, DecisionEvent, FieldValue } from '../../../../shared/contract.js';
import type { TimeMode } from '../../components/format.js';
import { bytesLabel, formatCell } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';

const shown = (v: FieldValue | undefined): string => (v === null || v === undefined ? '—' : visibleText(String(v)));

/** Why the event was decided as it was, in the CLI's order; empty when its row says nothing about it. */
export function whyText(e: DecisionEvent): string {
  const why: string[] = [];
  if (e.policyMode !== null || e.policyAction !== null) why.push(`policy ${shown(e.policyMode)}/${shown(e.policyAction)}`);
  if (e.stage !== null || e.actor !== null) why.push(`stage ${shown(e.stage)} by ${shown(e.actor)}`);
  if (e.previous !== null || e.requested !== null) why.push(`${shown(e.previous)} → ${shown(e.requested)} → ${visibleText(e.action)}`);
  if (e.resolver !== null) why.push(`resolved by ${visibleText(e.resolver)}`);
  const reason = e.policyReason ?? e.reason;
  if (reason !== null) why.push(`“${visibleText(reason)}”`);
  return why.join(', ');
}

/** A field's value as the chain panel shows it: "—" for NULL. */
export function fieldText(v: FieldValue | undefined): string {
  return shown(v);
}

/** "1.2 KB, 800 B stored, application/json": what the archive index says of a body, without reading it. */
export function bodySize(b: ChainBody): string {
  const parts = [b.originalBytes === null ? 'size not recorded' : bytesLabel(b.originalBytes)];
  if (b.storedBytes !== null && b.originalBytes !== null && b.storedBytes < b.originalBytes)
    parts.push(`${bytesLabel(b.storedBytes)} stored`);
  if (b.contentType !== null) parts.push(visibleText(b.contentType));
  return parts.join(', ');
}

/** A row's time in the app's time mode; the ledger's text as written (made visible) when it is no timestamp. */
export function timeText(t: string | null, mode: TimeMode): string {
  return t === null ? '—' : visibleText(formatCell(t, 'timestamp', mode));
}
