// One event's chain as terminal text: each row in order with the columns that explain it, and the bodies archived
// for it named with their sizes (the bytes stay in the archive; `capsem-inspect body` writes one out).
import type { ChainEntry, EventChain, FieldValue } from '../../main/core/decisions/types.js';
import { plural } from '../../shared/plural.js';
import { terminalSafe } from './grep-lines.js';
import type { Style } from './style.js';
import { styleFor } from './style.js';

export function renderEventChain(sessionId: string, dbPath: string, chain: EventChain, colour: boolean): string {
  const s = styleFor(colour);
  const out = [`${s.bold('Session:')} ${terminalSafe(sessionId)}\n  ${terminalSafe(dbPath)}\n`];
  out.push(`  event ${terminalSafe(chain.eventId)}: ${plural(chain.entries.length, 'row')}\n`);
  if (chain.missing.length > 0) out.push(s.yellow(`  Not recorded by this ledger: ${chain.missing.join(', ')}`) + '\n');
  chain.entries.forEach((e, i) => out.push(entry(e, i + 1, chain.eventId, s)));
  return out.join('');
}

function entry(e: ChainEntry, n: number, eventId: string, s: Style): string {
  const lines = [`\n  ${n}. ${s.bold(e.table)} #${e.id}  ${e.time === null ? '(no time)' : terminalSafe(e.time)}\n`];
  const f = { ...e.fields };
  // A decision row reads best as its one transition.
  if ('effective_decision' in f) {
    lines.push(field('decision', `${text(f.previous_decision)} -> ${text(f.requested_decision)} -> ${text(f.effective_decision)}`));
    delete f.previous_decision;
    delete f.requested_decision;
    delete f.effective_decision;
  }
  for (const [name, value] of Object.entries(f)) if (value !== null) lines.push(field(name, text(value)));
  if (e.bodies === null) lines.push(field('bodies', 'no archive index in this ledger'));
  else if (e.bodies.length === 0) lines.push(field('bodies', 'none archived'));
  // The key names the event and table, not the row: say so rather than let each row seem to own the body.
  const owner = e.bodiesShared ? `archived for every ${e.table} row of this event` : 'archived';
  for (const b of e.bodies ?? []) {
    const size = b.originalBytes === null ? 'size unrecorded' : `${b.originalBytes} bytes`;
    const cut = b.storedBytes !== null && b.originalBytes !== null && b.storedBytes < b.originalBytes ? `, ${b.storedBytes} stored` : '';
    const type = b.contentType === null ? '' : `, ${terminalSafe(b.contentType)}`;
    lines.push(
      field(
        `body ${terminalSafe(b.direction)}`,
        `${owner} (${size}${cut}${type}): body <path> ${terminalSafe(eventId)} ${e.table} ${terminalSafe(b.direction)}`,
      ),
    );
  }
  return lines.join('');
}

function field(name: string, value: string): string {
  return `     ${name.padEnd(20)} ${value}\n`;
}

function text(v: FieldValue | undefined): string {
  return v === null || v === undefined ? '-' : terminalSafe(String(v));
}
