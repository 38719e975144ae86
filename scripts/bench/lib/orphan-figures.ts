// The bench row for a WARC export of many event_body_blobs rows naming no source row (issue 23): the export must be
// linear in the rows, so the figure is its time per row at two sizes, beside one plain SQLite scan of the same rows.
import type { FigureRow } from './report.js';
import { ms } from './report.js';

export interface OrphanFigure {
  readonly rows: number;
  readonly exportMs: number;
  readonly scanMs: number;
  readonly progressReports: number;
}

const perRow = (f: OrphanFigure, t: number): string => `${((t * 1000) / f.rows).toFixed(1)} µs/row`;

/** Linear: the large run's time per row is within 1.5× of the small run's (the machine's noise, not growth). */
export function orphanExportRow(small: OrphanFigure, large: OrphanFigure): FigureRow {
  const growth = large.exportMs / large.rows / (small.exportMs / small.rows);
  return {
    figure: `WARC export of ${large.rows.toLocaleString('en-US')} event_body_blobs rows naming no source row (hostile input; each a counted missing-source-row skip)`,
    inspector:
      `${ms(large.exportMs)}, ${perRow(large, large.exportMs)}, ${large.progressReports} progress reports; ${small.rows.toLocaleString('en-US')} rows: ${ms(small.exportMs)}, ` +
      `${perRow(small, small.exportMs)} (time per row ×${growth.toFixed(2)} for 10× the rows)`,
    reference: `one SQLite scan of the same rows in archive order: ${ms(large.scanMs)} (${perRow(large, large.scanMs)}); ${small.rows.toLocaleString('en-US')} rows ${ms(small.scanMs)}`,
    goal: 'linear in the rows (time per row within 1.5× from 100,000 to 1,000,000)',
    verdict: growth <= 1.5 ? 'PASS' : 'FALL SHORT',
  };
}
