// The completeness section as terminal text: one line for the second verdict, then each gap kind with its count,
// where it is, and what the evidence can and cannot show (the same words as every other view).
import { bytesText } from '../../shared/bytes-text.js';
import type { CompletenessSection } from '../../main/core/completeness/types.js';
import type { Style } from './style.js';
import { printable } from './style.js';

export function completenessLine(c: CompletenessSection, s: Style): string {
  if (c.verdict === 'unknown') return s.yellow(s.bold('Completeness: unknown (the ledger could not be read past its pages)')) + '\n';
  if (c.verdict === 'complete') return s.green(s.bold('Completeness: complete (no gap the ledger tells of)')) + '\n';
  const kinds = c.gaps.length;
  return (
    s.yellow(s.bold(`Completeness: gaps (${kinds} ${kinds === 1 ? 'kind' : 'kinds'}: ${c.gaps.map((g) => g.kind).join(', ')})`)) + '\n'
  );
}

export function completenessBlock(c: CompletenessSection, s: Style): string {
  const out: string[] = [];
  for (const g of c.gaps) {
    const bytes = g.bytesMissing !== null && g.bytesMissing > 0 ? `, ${bytesText(g.bytesMissing)} not kept` : '';
    out.push(s.yellow(`  ${g.kind}: ${g.rows}${bytes}`) + '\n');
    out.push(`    ${printable(g.says)}\n`);
    for (const p of g.places) {
      const pb = p.bytesMissing !== null && p.bytesMissing > 0 ? `, ${bytesText(p.bytesMissing)}` : '';
      out.push(`    ${printable(p.place)}: ${p.rows}${pb}\n`);
    }
    if (g.examples.length > 0) out.push(`    e.g. ${g.examples.map(printable).join(', ')}\n`);
  }
  for (const n of c.notChecked) out.push(`  not compared: ${printable(n)}\n`);
  return out.join('');
}
