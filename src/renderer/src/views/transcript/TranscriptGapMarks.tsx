/**
 * Gaps where they happen (issue 38): a small amber mark per gap on a line's own row, with the sentence the
 * completeness report uses (also its title, so a hover says the same), and under a turn's header what its rows
 * cover. Amber, as the completeness verdict is: a gap is evidence not kept, never evidence altered.
 */
import type { TranscriptCoverage, TranscriptGapMark } from '../../../../shared/contract/transcript.js';
import { visibleText } from '../../components/visible-text.js';

export function LineGaps({ gaps }: { gaps: readonly TranscriptGapMark[] }) {
  if (gaps.length === 0) return null;
  return (
    <ul className="tl-gaps" aria-label="gaps on this row">
      {gaps.map((g, i) => (
        <li key={i} className="tl-gap" data-gap={g.kind} title={visibleText(g.says)}>
          <span className="tl-gap-mark" aria-label={`gap ${g.kind}`}>
            gap
          </span>
          {visibleText(g.says)}
        </li>
      ))}
    </ul>
  );
}

export function TurnCoverageLine({ coverage }: { coverage: TranscriptCoverage }) {
  const short =
    coverage.bodies.present < coverage.bodies.expected || (coverage.output !== null && coverage.output.kept < coverage.output.produced);
  return (
    <p
      className={`tl-coverage${short || coverage.overflowWindows > 0 ? ' tl-coverage-short' : ''}`}
      data-coverage="true"
      title={visibleText(coverage.says)}
    >
      <span className="tl-coverage-label">coverage</span>
      {visibleText(coverage.says)}
    </p>
  );
}
