// The verdict, per the doctor (docs/formats/session-check.md#verdict-and-exit-code) plus two rules of ours: any error
// finding means damaged (errors come only from page damage, missing expected tables, index/archive problems and
// bodies failing verification), and a verification asked for that did not finish (cancelled, a worker failed) means
// unverified, never intact.
import type { Finding } from './types.js';

export type ReportVerdict = 'intact' | 'damaged' | 'unverified';

export function verdictOf(findings: readonly Finding[]): ReportVerdict {
  if (findings.some((f) => f.severity === 'error')) return 'damaged';
  return findings.some((f) => f.code === 'VERIFY_INCOMPLETE') ? 'unverified' : 'intact';
}
