// notable's output: the saved entries (list) and what a session holds of them (scan), as text and as JSON records.
// Names and indicators are the user's, session ids and hits the ledger's: all go through terminalSafe.
import type { NotableEntry } from '../../main/core/notable/notable-format.js';
import type { NotableFinding } from '../../main/core/notable/notable-scan.js';
import { indicatorOf } from '../../main/core/hunt/indicator-args.js';
import { indicatorLabel } from '../../main/core/hunt/indicators.js';
import { plural } from '../../shared/plural.js';
import { terminalSafe } from './grep-lines.js';

export function entryLabels(entry: NotableEntry): string[] {
  return entry.indicators.map((arg, i) => indicatorLabel(indicatorOf(arg, `${entry.name}.indicators[${i}]`)));
}

export function entryLine(entry: NotableEntry): string {
  return `${terminalSafe(entry.name)}  ${entryLabels(entry).map(terminalSafe).join('  ')}\n`;
}

export function entryJson(entry: NotableEntry): Record<string, unknown> {
  return { type: 'entry', name: entry.name, createdAt: entry.createdAt, indicators: entry.indicators, labels: entryLabels(entry) };
}

/** The scan's first line: the same sentence the app's overview shows. */
export function foundSentence(found: number, entries: number, session: string): string {
  return `Notable: ${found} of ${plural(entries, 'saved indicator')} found in ${terminalSafe(session)}\n`;
}

export function findingHeader(f: NotableFinding): string {
  return `== ${terminalSafe(f.name)}  ${f.indicators.map((l) => `[${terminalSafe(l)}]`).join(' ')}  ${plural(f.hitCount, 'hit')}\n`;
}
