/**
 * Gaps where they happen (issue 38): a small amber mark per gap on a row, with the sentence the completeness report
 * uses (also its title, so a hover says the same). The transcript's lines, the side pane's row and turn, the tool
 * lifecycles and File activity's overflow windows all mark a gap with it. Amber, as the completeness verdict is: a
 * gap is evidence not kept, never evidence altered.
 */
import type { GapMark } from '../../../shared/contract/completeness.js';
import { visibleText } from './visible-text.js';
import './gap-marks.css';

/**
 * `compact`: the label alone, its sentence in the title and the accessible name, for a list whose every row would
 * repeat nearly the same sentence (File activity's overflow windows say it once above the list).
 */
export function GapMarks({ gaps, compact = false }: { gaps: readonly GapMark[]; compact?: boolean }) {
  if (gaps.length === 0) return null;
  if (compact)
    return (
      <span className="gap-marks-compact">
        {gaps.map((g, i) => (
          <span
            key={i}
            className="gap-mark gap-mark-label"
            data-gap={g.kind}
            title={visibleText(g.says)}
            aria-label={`gap: ${visibleText(g.says)}`}
          >
            gap
          </span>
        ))}
      </span>
    );
  return (
    <ul className="gap-marks" aria-label="gaps on this row">
      {gaps.map((g, i) => (
        <li key={i} className="gap-mark" data-gap={g.kind} title={visibleText(g.says)}>
          <span className="gap-mark-label" aria-label={`gap ${g.kind}`}>
            gap
          </span>
          {visibleText(g.says)}
        </li>
      ))}
    </ul>
  );
}
