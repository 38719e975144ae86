/**
 * Where the bytes of a change can be read, as pointers, never the bytes: the naming call's arguments (its tool_calls
 * row) or its response, each archived body of the call (opened in the side pane on that row), and any body archived
 * under the change's own event id (opened in the event's view, which knows every table's bodies).
 */
import type { BodyPointer, FileChange } from '../../../../shared/contract.js';
import { bytesLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { RowLink } from '../../links/RowLink.js';
import { href } from '../../router.js';

const sizeOf = (b: BodyPointer): string => (b.originalBytes === null ? '' : ` (${bytesLabel(b.originalBytes)})`);

export function BytePointers(props: { ev: string; c: FileChange }) {
  const { ev, c } = props;
  if (c.calls.length === 0 && c.bodies.length === 0) return null;
  return (
    <ul className="fh-bytes" aria-label="where the bytes are">
      {c.calls.map((k) => (
        <li key={`call-${k.rowId}`}>
          <RowLink ev={ev} table="tool_calls" rowid={k.rowId}>
            {k.namedIn === 'arguments' ? `tool_calls #${k.rowId} arguments` : `tool_calls #${k.rowId} (its response)`}
          </RowLink>
          {k.bodies.map((b) => (
            <span key={`${b.sourceTable}/${b.direction}`}>
              {' · '}
              <RowLink ev={ev} table="tool_calls" rowid={k.rowId} body={{ sourceTable: b.sourceTable, direction: b.direction }}>
                {visibleText(b.direction)} body
              </RowLink>
              <span className="muted">{sizeOf(b)}</span>
            </span>
          ))}
        </li>
      ))}
      {c.bodies.map((b) => (
        <li key={`own-${b.sourceTable}/${b.direction}`}>
          <a
            href={href({ view: 'event', ev, eventId: b.eventId, body: { sourceTable: b.sourceTable, direction: b.direction }, mode: null })}
            data-body-link={`${b.sourceTable}/${b.direction}`}
          >
            {visibleText(`${b.sourceTable} ${b.direction} body`)}
          </a>
          <span className="muted">{sizeOf(b)}</span>
        </li>
      ))}
    </ul>
  );
}
