// File history as terminal text: the session's paths as a table (path last, so long paths do not push the numbers
// apart), or one path's changes one per line with their causes. Paths, ids and tool names are agent-chosen text, so
// every one is made terminal-safe.
import type { FileChange, FileHistory, FileHistoryGap, FileOverflowWindow, FilePaths } from '../../shared/contract/files.js';
import { terminalSafe } from './grep-lines.js';
import type { Style } from './style.js';
import { styleFor } from './style.js';
import { reportTable } from './table.js';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const safe = (v: string | null): string => (v === null ? '-' : terminalSafe(v));

function header(sessionId: string, dbPath: string, s: Style): string {
  return `${s.bold('Session:')} ${terminalSafe(sessionId)}\n  ${terminalSafe(dbPath)}\n`;
}

function gapLines(gaps: readonly FileHistoryGap[], s: Style): string {
  return gaps.map((g) => s.yellow(`  Not in this ledger: ${g.missing}: ${g.effect}`) + '\n').join('');
}

export function renderFilePaths(sessionId: string, dbPath: string, report: FilePaths, colour: boolean): string {
  const s = styleFor(colour);
  const changes = report.paths.reduce((n, p) => n + p.changes, 0);
  const out = [
    header(sessionId, dbPath, s),
    `  ${plural(report.paths.length, 'path')}, ${plural(changes, 'change')}\n`,
    gapLines(report.gaps, s),
    '\n',
  ];
  const rows = report.paths.map((p) => [p.changes, safe(p.firstSeen), safe(p.lastSeen), terminalSafe(p.lastAction), terminalSafe(p.path)]);
  out.push(reportTable(s, ['CHANGES', 'FIRST SEEN', 'LAST SEEN', 'LAST ACTION', 'PATH'], rows));
  if (report.windows.length > 0) {
    const held = report.windows.reduce((n, w) => n + w.heldBack, 0);
    out.push(
      `\n  ${s.bold('Overflow windows:')} ${report.windows.length}, ${held} changes held back by the file monitor, cause not recorded\n`,
    );
    if (report.windowsNamingNoPath > 0)
      out.push(
        `  ${report.windowsNamingNoPath} name no path, so they are listed here only and in no path's history (the ledger does not say which files changed)\n`,
      );
    for (const w of report.windows) out.push(`  ${windowLine(w)}\n`);
  }
  return out.join('');
}

export function renderFileHistory(sessionId: string, dbPath: string, h: FileHistory, colour: boolean): string {
  const s = styleFor(colour);
  const out = [
    header(sessionId, dbPath, s),
    `  ${s.bold('Path:')} ${terminalSafe(h.path)}\n  ${plural(h.changes, 'change')}\n`,
    gapLines(h.gaps, s),
  ];
  if (h.windowsNamingNoPath > 0)
    out.push(s.dim(`  ${h.windowsNamingNoPath} overflow windows name no path: not placed here (see \`files\` without --path)`) + '\n');
  out.push('\n');
  for (const e of h.entries) {
    if (e.type === 'overflow') {
      out.push(`  ${windowLine(e)}\n`);
      continue;
    }
    out.push(`  ${changeLine(e)}\n`);
    for (const b of bytesLines(e)) out.push(s.dim(`      ${b}`) + '\n');
  }
  return out.join('');
}

function changeLine(c: FileChange): string {
  const size = c.size === null ? '-' : String(c.size);
  return `${safe(c.timestamp)}  ${terminalSafe(c.action).padEnd(8)}  size ${size.padStart(8)}  turn ${safe(c.turnId)}  trace ${safe(c.traceId)}  ${causeText(c)}`;
}

function causeText(c: FileChange): string {
  if (c.cause === 'not-recorded') return 'cause: not recorded (no trace or turn on the row)';
  if (c.cause === 'same-trace') return 'cause: same trace/turn (no tool call in it names the path)';
  const calls = c.calls.map((k) => `${terminalSafe(k.callId)} (${terminalSafe(k.toolName)}, named in its ${k.namedIn})`);
  return `cause: tool call ${calls.join(', ')}`;
}

/** Where the bytes of a change can be read: the naming calls' arguments, and any archived body (never printed here). */
function bytesLines(c: FileChange): string[] {
  const lines: string[] = [];
  for (const k of c.calls) {
    const bodies = k.bodies.map((b) => `body ${terminalSafe(b.eventId)} ${terminalSafe(b.sourceTable)} ${terminalSafe(b.direction)}`);
    // Where the call named the path is where the ledger may hold what was written: its arguments or its response.
    const where = k.namedIn === 'arguments' ? `tool_calls row ${k.rowId} arguments` : `tool call ${terminalSafe(k.callId)} response`;
    lines.push(`bytes: ${where}${bodies.length > 0 ? `; ${bodies.join('; ')}` : ''}`);
  }
  for (const b of c.bodies)
    lines.push(`bytes: body ${terminalSafe(b.eventId)} ${terminalSafe(b.sourceTable)} ${terminalSafe(b.direction)}`);
  return lines;
}

function windowLine(w: FileOverflowWindow): string {
  const where = w.path === '' ? 'names no path' : `at ${terminalSafe(w.path)}`;
  return `${safe(w.timestamp)}  overflow  held back ${w.heldBack} (${where})  turn ${safe(w.turnId)}  trace ${safe(w.traceId)}  changed here, cause not recorded`;
}
