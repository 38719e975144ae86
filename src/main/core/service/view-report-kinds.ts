// The investigation views' reports by name, what their worker is given and what it answers (view-reports.ts starts
// it, view-report-worker.ts runs it): the same functions the views' handlers ran on the main thread.
import type Database from 'better-sqlite3';
import { decisionsReport } from '../decisions/decisions-report.js';
import { egressReport } from '../egress/egress-report.js';
import { filePaths } from '../file-history/paths.js';

export const VIEW_REPORTS = {
  'egress.report': egressReport,
  'decisions.report': decisionsReport,
  'files.paths': filePaths,
} as const satisfies Record<string, (db: Database.Database) => unknown>;

export type ViewReports = { readonly [N in keyof typeof VIEW_REPORTS]: ReturnType<(typeof VIEW_REPORTS)[N]> };
export type ViewReportName = keyof ViewReports;
export const VIEW_REPORT_NAMES = Object.keys(VIEW_REPORTS) as ViewReportName[];

export interface ViewReportRequest {
  readonly name: ViewReportName;
  readonly dbCopyPath: string;
  /** The tables the opener vouched for: the worker's connection is limited to them, as the main one is. */
  readonly tables: readonly string[];
}

export type ViewReportReply = { readonly type: 'report'; readonly report: unknown } | { readonly type: 'error'; readonly message: string };
