/**
 * A finding's text with the ids in it as real links (message-links.ts): each link's href is its target's route, so
 * it can be copied, opened in a new window and read by assistive tools; the rest is shown as visible text.
 */
import { visibleText } from '../components/visible-text.js';
import { messageParts } from './message-links.js';

export function LinkedText(props: { ev: string; text: string; tables: ReadonlySet<string> }) {
  return (
    <>
      {messageParts(props.ev, props.text, props.tables).map((p, i) =>
        typeof p === 'string' ? (
          <span key={i}>{visibleText(p)}</span>
        ) : (
          <a key={i} className="id-link" href={p.href} title={p.title} data-in-message="">
            {visibleText(p.text)}
          </a>
        ),
      )}
    </>
  );
}
