// The verdict, per the doctor (§3.11) plus one rule of ours: any error finding means damaged. Errors come only
// from page damage, missing expected tables, index/archive problems and bodies failing verification.
import type { Finding } from './types.js';

export function verdictOf(findings: readonly Finding[]): 'intact' | 'damaged' {
  return findings.some((f) => f.severity === 'error') ? 'damaged' : 'intact';
}
