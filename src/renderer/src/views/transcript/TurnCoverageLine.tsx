/**
 * Under a turn's header, what its rows cover (issue 38): bodies present against expected, output kept against
 * produced, overflow windows in its time; amber when something is not kept.
 */
import type { TranscriptCoverage } from '../../../../shared/contract/transcript.js';
import { visibleText } from '../../components/visible-text.js';
import '../../components/labelled-line.css';

export function TurnCoverageLine({ coverage }: { coverage: TranscriptCoverage }) {
  const short =
    coverage.bodies.present < coverage.bodies.expected || (coverage.output !== null && coverage.output.kept < coverage.output.produced);
  return (
    <p
      className={`labelled-line tl-coverage${short || coverage.overflowWindows > 0 ? ' tl-coverage-short' : ''}`}
      data-coverage="true"
      title={visibleText(coverage.says)}
    >
      <span className="labelled-line-label">coverage</span>
      {visibleText(coverage.says)}
    </p>
  );
}
