// The report's credentials section as terminal text: counts by verdict, then each finding (masked), worst first.
import type { SecretsSection } from '../../main/core/check/secrets-types.js';
import type { Style } from './style.js';
import { terminalSafe } from './grep-lines.js';

const SHOWN = 30;

export function secretsBlock(sec: SecretsSection, s: Style): string {
  const lines = [
    `  searched ${sec.bodiesSearched} verified bodies and ${sec.columnValues} text values${sec.bodiesNotSearched > 0 ? s.red(`; ${sec.bodiesNotSearched} bodies failed verification and were not searched`) : ''}`,
  ];
  const c = sec.counts;
  lines.push(
    `  sent elsewhere ${c.elsewhere} · not substituted ${c.unsubstituted} · destination unknown ${c['destination-unknown']} · substituted ${c.substituted} · inbound ${c.inbound}`,
  );
  for (const f of sec.findings.slice(0, SHOWN)) {
    const verdict =
      f.verdict === 'elsewhere'
        ? s.red(f.verdict)
        : f.verdict === 'unsubstituted' || f.verdict === 'destination-unknown'
          ? s.yellow(f.verdict)
          : f.verdict;
    lines.push(
      `    ${verdict} ${terminalSafe(f.pattern)} ${terminalSafe(f.masked)} in ${terminalSafe(f.eventId || '-')} ${terminalSafe(f.where)} @${f.offset}${f.host ? ` to ${terminalSafe(f.host)}` : ''}`,
    );
  }
  const more = sec.findings.length - Math.min(SHOWN, sec.findings.length) + sec.omitted;
  if (more > 0) lines.push(`    … ${more} more (capsem-inspect grep --secrets lists them all)`);
  if (sec.error) lines.push(s.red(`  the search did not finish (${terminalSafe(sec.error.code)}): ${terminalSafe(sec.error.message)}`));
  return lines.join('\n') + '\n';
}
