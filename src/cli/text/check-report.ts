// The report as terminal text, in the doctor's layout (docs/formats/session-check.md#report-layout), two-space
// indented.
import { GENERATION_LABELS } from '../../shared/ledger-types.js';
import { formatBodyFailure } from '../../main/core/jobs/body-failure.js';
import { bodyName, groupFailures } from '../../shared/failure-groups.js';
import type { ArchiveSection, CheckReport } from '../../main/core/check/types.js';
import { EXPECTED_TABLES } from '../../main/core/check/types.js';
import { renderFindings } from './check-findings.js';
import { secretsBlock } from './check-secrets.js';
import { completenessBlock, completenessLine } from './check-completeness.js';
import type { Style } from './style.js';
import { printable, styleFor } from './style.js';
import { reportTable } from './table.js';

const SHOWN_PROBLEMS = 5;
const SHOWN_FAILURES = 20;

export function renderCheckReport(report: CheckReport, colour: boolean): string {
  const s = styleFor(colour);
  const out: string[] = [];
  out.push(`${s.bold('Session:')} ${printable(report.session.id)}\n  ${printable(report.dbPath)}\n`);
  out.push(
    `  Generation: ${report.generation ? GENERATION_LABELS[report.generation] : 'unknown (unreadable)'}` +
      (report.newestShape ? `, an earlier A4 build's tables (Capsem's current build would refuse it)` : '') +
      '\n\n',
  );
  if (!report.pages.ok) {
    out.push(s.red('  Ledger pages damaged (quick_check):') + '\n');
    for (const m of report.pages.messages) out.push(`    ${printable(m)}\n`);
    return out.join('') + verdictLine(report, s) + completenessLine(report.completeness, s);
  }
  out.push(s.green('  Ledger pages intact (quick_check)') + '\n');
  out.push(
    report.missingTables.length > 0
      ? s.red(`  Missing tables: ${report.missingTables.join(', ')}`) + '\n'
      : '  All expected tables present\n',
  );
  // The five tables above are Capsem's check_session's; the newest A4 build requires more
  // (docs/formats/ledger-format.md#identifying-a-ledger).
  if (report.newestShape) {
    const g = report.newestShape;
    if (g.missingTables.length > 0) out.push(s.yellow(`  Missing from the newest A4 shape: tables ${g.missingTables.join(', ')}`) + '\n');
    if (g.missingColumns.length > 0)
      out.push(s.yellow(`  Missing from the newest A4 shape: columns ${g.missingColumns.join(', ')}`) + '\n');
  }
  if (report.wal) {
    const w = report.wal;
    out.push(
      `  session.db-wal: ${w.bytes} bytes, ${w.committedFrames} committed frames` +
        (w.problem ? s.yellow(`; not replayed in full: ${w.problem}`) : '') +
        '\n',
    );
  }
  out.push('\n' + s.bold('Event counts:') + '\n');
  const counted = [
    ...EXPECTED_TABLES,
    ...Object.keys(report.tables)
      .filter((t) => !(EXPECTED_TABLES as readonly string[]).includes(t))
      .sort(),
  ];
  // Rows that live only in the -wal get their own column, so a reviewer sees which evidence a bare session.db lacks.
  const onlyWal = report.wal?.rowsOnlyInWal ?? {};
  out.push(
    Object.keys(onlyWal).length > 0
      ? reportTable(
          s,
          ['table', 'rows', 'only in -wal'],
          counted.map((t) => [t, report.tables[t] ?? 'MISSING', onlyWal[t] ?? 0]),
        )
      : reportTable(
          s,
          ['table', 'rows'],
          counted.map((t) => [t, report.tables[t] ?? 'MISSING']),
        ),
  );
  out.push('\n' + s.bold('Body archive:') + '\n' + archiveBlock(report.archive, s));
  out.push(...infoLines(report, s));
  if (report.secrets) out.push('\n' + s.bold('Credentials:') + '\n' + secretsBlock(report.secrets, s));
  out.push(renderFindings(report.findings, s));
  out.push('\n' + s.bold('Completeness:') + '\n' + completenessBlock(report.completeness, s));
  for (const p of report.previews) {
    out.push(`\n${s.bold(`${p.table} (${p.total} total, showing last ${p.rows.length}):`)}\n`);
    out.push(reportTable(s, p.columns, p.rows));
  }
  return out.join('') + '\n' + verdictLine(report, s) + completenessLine(report.completeness, s);
}

function archiveBlock(a: ArchiveSection, s: Style): string {
  const lines: string[] = [];
  if (a.storage === 'sqlite') lines.push(`  ${a.bodies} bodies stored inside SQLite (pre-archive ledger)`);
  else if (!a.indexed && a.problems.length === 0) lines.push('  No body index: this ledger predates the body archive');
  else {
    lines.push(`  ${a.bodies} bodies indexed in ${a.blocks} blocks`);
    if (a.archivePath !== null && a.archiveBytes !== null) {
      lines.push(
        `  ${printable(a.archivePath)}: ${a.archiveBytes} bytes, blocks end at ${a.blocksEnd ?? 'n/a'}` +
          (a.committedEnd !== null ? `, committed_end ${a.committedEnd}` : ''),
      );
    }
  }
  for (const p of a.problems.slice(0, SHOWN_PROBLEMS)) lines.push(s.red(`  ${p.code}: ${printable(p.message)}`));
  if (a.problems.length > SHOWN_PROBLEMS) lines.push(s.red(`  ... and ${a.problems.length - SHOWN_PROBLEMS} more`));
  if (a.indexed && a.problems.length === 0) lines.push(s.green('  Index and archive agree'));
  if (a.verified !== null && a.failed !== null) {
    const line = `  ${a.verified}/${a.bodies} bodies read back and match their hashes`;
    lines.push(a.failed > 0 ? s.red(line) : s.green(line));
    // One line per damaged segment or block, the bodies it takes down under it; a body's own failure on one line.
    let shown = 0;
    for (const g of groupFailures(a.failures)) {
      if (shown >= SHOWN_FAILURES) break;
      if (g.cause !== null && g.bodies.length > 1) {
        lines.push(s.red(`    ${g.code} ${printable(g.cause)}: ${g.bodies.length} bodies`));
        const names = g.bodies.slice(0, SHOWN_FAILURES - shown);
        for (const f of names) lines.push(s.red(`      ${printable(bodyName(f))}`));
        if (names.length < g.bodies.length) lines.push(s.red(`      ... and ${g.bodies.length - names.length} more`));
        shown += g.bodies.length;
      } else {
        for (const f of g.bodies) lines.push(s.red(`    ${printable(formatBodyFailure(f))}`));
        shown += g.bodies.length;
      }
    }
    if (a.failed > shown) lines.push(s.red(`    ... and ${a.failed - shown} more`));
  } else if (a.verifyError) {
    lines.push(s.yellow(`  verification did not finish: ${a.verifyError.code} ${printable(a.verifyError.message)}`));
  } else if (a.bodies > 0) {
    lines.push(s.yellow('  bodies not verified (--no-verify-bodies)'));
  }
  return lines.join('\n') + '\n';
}

function infoLines(r: CheckReport, s: Style): string[] {
  const out: string[] = ['\n'];
  if (r.overflow.windows > 0) {
    out.push(
      `  File monitor held ${r.overflow.heldBack} changes over to a later scan in ${r.overflow.windows} overflowing windows (fs_events action 'overflow')\n`,
    );
  }
  const t = r.tools;
  if (t.orphanCalls > 0) out.push(s.yellow(`  tool_calls without responses: ${t.orphanCalls}/${t.calls}`) + '\n');
  else if (t.calls > 0) out.push(`  All ${t.calls} tool_calls have matching responses\n`);
  if (t.orphanResponses > 0) out.push(s.yellow(`  tool_responses without calls: ${t.orphanResponses}/${t.responses}`) + '\n');
  if (t.mcpWithoutLogicalCall > 0)
    out.push(s.yellow(`  MCP tool invocations without a logical tool call: ${t.mcpWithoutLogicalCall}`) + '\n');
  const p = r.providers;
  if (p.aiNetEvents > 0 && p.modelCalls === 0)
    out.push(s.red(`  Found ${p.aiNetEvents} AI-provider net_events but 0 model_calls -- stream parsing may have failed`) + '\n');
  else if (p.modelCalls > 0) out.push(`  ${p.modelCalls} model_calls from ${p.aiNetEvents} AI-provider net_events\n`);
  const n = r.nulls;
  if (n.total > 0) {
    const warn = (
      [
        ['NULL model', n.model],
        ['NULL tokens', n.tokens],
        ['NULL request_body_preview', n.requestBodyPreview],
      ] as const
    ).filter(([, c]) => c > 0);
    if (warn.length > 0) {
      out.push(s.yellow('  Data quality warnings:') + '\n');
      for (const [label, c] of warn) out.push(s.yellow(`    ${label}: ${c}/${n.total}`) + '\n');
    } else out.push(`  All ${n.total} model_calls have model, tokens, and preview populated\n`);
  }
  if (t.origins.length > 0) {
    out.push(`  Tool origins: ${t.origins.map((o) => `${o.count} ${printable(String(o.origin))}`).join(', ')} (${t.calls} total)\n`);
  }
  if (t.usage.length > 0) {
    out.push('\n' + s.bold('Tool usage:') + '\n');
    out.push(
      reportTable(
        s,
        ['tool_name', 'origin', 'decision', 'count', 'avg_ms'],
        t.usage.map((u) => [u.toolName, u.origin, u.decision, u.count, u.avgMs]),
      ),
    );
  }
  return out;
}

function verdictLine(r: CheckReport, s: Style): string {
  const line = `Verdict: ${r.verdict} (${checkedText(r)})`;
  const color = r.verdict === 'intact' ? s.green : r.verdict === 'unverified' ? s.yellow : s.red;
  return color(s.bold(line)) + '\n';
}

/** What the verdict rests on, so that "intact" never claims more than was read (issue 23). */
export function checkedText(r: CheckReport): string {
  if (!r.pages.ok) return 'quick_check found page damage; nothing past the pages was read';
  const a = r.archive;
  const parts = ['pages', 'tables'];
  if (a.indexed || a.problems.length > 0) parts.push('body index and archive');
  let bodies: string;
  if (a.bodies === 0) bodies = 'no bodies to verify';
  else if (a.verified !== null && a.failed !== null)
    bodies = `${a.verified} of ${a.bodies} bodies verified${a.failed > 0 ? `, ${a.failed} failed` : ''}`;
  else if (a.verifyError) bodies = `bodies not verified: verification did not finish (${a.verifyError.code})`;
  else bodies = 'bodies not verified';
  return `checked ${parts.join(', ')}; ${bodies}`;
}
