// The bench's table: one row per figure of issue 9's "What must hold", with the native reference measured in
// the same run and a verdict against the goal. Printed as Markdown so it can be pasted into the README.
export type Verdict = 'PASS' | 'FALL SHORT' | 'FIGURE' | 'NOT MEASURED';

export interface FigureRow {
  readonly figure: string;
  readonly inspector: string;
  readonly reference: string;
  readonly goal: string;
  readonly verdict: Verdict;
}

const MiB = 1024 * 1024;
export const mib = (bytes: number): string => `${(bytes / MiB).toFixed(0)} MiB`;
export const rate = (bytes: number, ms: number | null | undefined): string =>
  ms === null || ms === undefined || ms <= 0 ? 'n/a' : `${(bytes / MiB / (ms / 1000)).toFixed(0)} MiB/s`;
export const ms = (v: number | null | undefined): string =>
  v === null || v === undefined ? 'n/a' : v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${v.toFixed(v < 10 ? 1 : 0)} ms`;
export const pass = (ok: boolean | null): Verdict => (ok === null ? 'NOT MEASURED' : ok ? 'PASS' : 'FALL SHORT');

export function notMeasured(figure: string, goal: string, reason: string): FigureRow {
  return { figure, inspector: `not measured: ${reason}`, reference: '—', goal, verdict: 'NOT MEASURED' };
}

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownTable(rows: readonly FigureRow[]): string {
  const head = '| Figure | Inspector | Native reference (same run) | Goal | Result |\n|---|---|---|---|---|';
  return [
    head,
    ...rows.map((r) => `| ${cell(r.figure)} | ${cell(r.inspector)} | ${cell(r.reference)} | ${cell(r.goal)} | ${r.verdict} |`),
  ].join('\n');
}
