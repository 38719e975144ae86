// grep's output lines. Everything taken from the ledger (ids, table names, the context around a match) is attacker-
// chosen text: it is escaped so that no byte of it can move the cursor, recolour the terminal, reorder the line
// (bidi controls) or pass for our own escapes (a backslash is doubled).
import type { BodyFailure } from '../../main/core/jobs/verify-types.js';
import type { GrepMatch } from '../../main/core/match/grep-types.js';
import type { SecretFinding } from '../../main/core/search/secret-findings.js';
import { maskSecret } from '../../main/core/search/secret-findings.js';
import type { Style } from './style.js';

const UNSAFE =
  /[\\\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]/g;
const NAMED: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Text made inert for a terminal: controls, bidi and invisible format characters as escapes. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `event_id source_table/direction` for a body, `event_id table.column#rowid` for a column value. */
export function whereText(m: GrepMatch): string {
  const id = m.eventId || '-';
  return m.source.kind === 'body'
    ? `${terminalSafe(id)} ${terminalSafe(m.source.sourceTable)}/${terminalSafe(m.source.direction)}`
    : `${terminalSafe(id)} ${terminalSafe(m.source.table)}.${terminalSafe(m.source.column)}#${m.source.rowid}`;
}

export function matchLine(m: GrepMatch, style: Style): string {
  const context = `${terminalSafe(m.before)}${style.bold(style.red(terminalSafe(m.match)))}${terminalSafe(m.after)}`;
  return `${whereText(m)} ${m.offset}  ${context}${m.cut ? `  ${cutNote(m)}` : ''}\n`;
}

/** Said after a match cut at its window's reach, so its length is not read as the match's own. */
export function cutNote(m: GrepMatch): string {
  return `(match cut at ${m.length} bytes: it runs on past what one window holds)`;
}

export function damagedLine(f: BodyFailure): string {
  return `capsem-inspect grep: not searched: ${terminalSafe(f.eventId)} ${terminalSafe(f.sourceTable)}/${terminalSafe(f.direction)} failed verification (${f.code}): ${terminalSafe(f.message)}\n`;
}

const VERDICT_TEXT: Readonly<Record<SecretFinding['verdict'], string>> = {
  elsewhere: 'SENT ELSEWHERE',
  unsubstituted: 'sent to its provider, not substituted',
  'destination-unknown': 'sent, destination unknown',
  substituted: 'substituted by Capsem',
  inbound: 'inbound',
};

export function secretLine(f: SecretFinding, reveal: boolean, style: Style): string {
  const value = reveal ? terminalSafe(f.match.match) : maskSecret(terminalSafe(f.match.match), f.match.length);
  const to = f.host ? ` to ${terminalSafe(f.host)}` : '';
  const verdict = VERDICT_TEXT[f.verdict];
  const shown =
    f.verdict === 'elsewhere'
      ? style.bold(style.red(verdict))
      : f.verdict === 'unsubstituted' || f.verdict === 'destination-unknown'
        ? style.yellow(verdict)
        : verdict;
  return `${whereText(f.match)} ${f.match.offset}  ${f.pattern.name} ${value}  ${shown}${to}\n`;
}
