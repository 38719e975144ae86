// Findings as an expert-info list: severity, code, sentence, then likely causes and the evidence telling them apart.
import type { Finding, Severity } from '../../main/core/check/types.js';
import type { Style } from './style.js';
import { printable } from './style.js';

function tag(sev: Severity, s: Style): string {
  switch (sev) {
    case 'error':
      return s.red('error  ');
    case 'warning':
      return s.yellow('warning');
    case 'note':
      return s.cyan('note   ');
  }
}

export function renderFindings(findings: readonly Finding[], s: Style): string {
  if (findings.length === 0) return '\n' + s.bold('Findings:') + '\n  (none)\n';
  const lines = ['', s.bold('Findings:')];
  for (const f of findings) {
    lines.push(`  ${tag(f.severity, s)}  ${f.code}  ${printable(f.message)}`);
    if (f.causes && f.causes.length > 0) lines.push(`             likely causes: ${f.causes.map(printable).join('; ')}`);
    for (const e of f.evidence ?? []) lines.push(s.dim(`             - ${printable(e)}`));
  }
  return lines.join('\n') + '\n';
}
