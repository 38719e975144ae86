// One line per session for `check --all`: verdict, completeness and the gap kinds by name, so a home's sessions with a
// tail cut off after the stop stand out without opening each report; with --json the whole report instead.
import type { checkPath } from '../../main/core/check/check-path.js';
import { reportToJson } from '../../main/core/check/render-json.js';
import type { HostStop } from '../../main/core/completeness/host-stop.js';
import type { GoneSession } from '../../main/core/host/gone-sessions.js';
import { jsonText } from '../../shared/json-text.js';
import { printable } from './style.js';

export function allLine(dir: string, result: Awaited<ReturnType<typeof checkPath>>, json: boolean, stop: HostStop | null): string {
  if (!result.ok) {
    return json
      ? jsonText({ session: { dir }, verdict: null, error: result.error }) + '\n'
      : `unreadable  ${printable(dir)}  ${result.error.code}: ${printable(result.error.message)}\n`;
  }
  const r = result.value;
  if (json) return reportToJson(r) + '\n';
  const count = (sev: string): number => r.findings.filter((f) => f.severity === sev).length;
  const c = r.completeness;
  const complete = c.verdict === 'gaps' ? `gaps ${c.gaps.length}` : c.verdict;
  const kinds = c.gaps.length > 0 ? `  ${c.gaps.map((g) => g.kind).join(', ')}` : '';
  return `${r.verdict.padEnd(10)}  ${complete.padEnd(8)}  ${(r.generation ?? '?').padEnd(2)}  ${printable(dir)}  (bodies ${r.archive.bodies}, errors ${count('error')}, warnings ${count('warning')})${kinds}${hostNote(stop)}\n`;
}

/** A session the host ledger lists whose ledger is gone: no verdict, since there is nothing left to check. */
export function goneLine(gone: GoneSession, json: boolean): string {
  return json
    ? jsonText({ session: { id: gone.id }, verdict: null, gone: gone.reason }) + '\n'
    : `${'gone'.padEnd(10)}  ${'-'.padEnd(8)}  ${'?'.padEnd(2)}  ${printable(gone.id)}  listed by the host ledger, but ${printable(gone.reason)}\n`;
}

/** The host's word when it leaves the final counters unknown: named on the line, as the report names it. */
function hostNote(stop: HostStop | null): string {
  switch (stop?.state) {
    case 'not-stopped':
      return '  no session_stopped: final counters unknown';
    case 'stopped-without-counters':
      return '  session_stopped without counters: final counters unknown';
    case 'not-listed':
      return '  not listed by the host ledger';
    case 'unreadable':
      return '  host ledger unreadable';
    default:
      return '';
  }
}
