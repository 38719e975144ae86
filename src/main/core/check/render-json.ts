// The report as JSON: the structured value itself, so every key the issue promises is present by type
// (generation, session, pages, tables, missingTables, archive, overflow, tools, providers, nulls, findings,
// verdict), plus the extra detail of each section.
import type { CheckReport } from './types.js';
import { jsonText } from '../../../shared/json-text.js';

export function reportToJson(report: CheckReport, pretty = false): string {
  return jsonText(report, pretty ? 2 : undefined);
}
