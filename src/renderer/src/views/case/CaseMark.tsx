/** A row's mark where it is listed: the case tags it (its tags in the title, the words for assistive tools). */
import { visibleText } from '../../components/visible-text.js';
import './case.css';

export function CaseMark(props: { tags: readonly string[] }) {
  const text = [...new Set(props.tags)].map(visibleText).join(', ');
  return (
    <span className="case-mark" data-case-mark={props.tags.join(' ')} title={`in the case: ${text}`} aria-label={`tagged ${text}`}>
      ◆
    </span>
  );
}
