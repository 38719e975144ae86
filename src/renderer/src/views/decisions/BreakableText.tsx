/**
 * Text in the Decisions view's narrow columns that may break only where a reader expects: a timestamp after its
 * date, a table name after its underscores. Anything else (a hostile time that is no timestamp) is left to the
 * cell, which wraps it anywhere, so no value can push the table past the window.
 */
import { Fragment } from 'react';

const STAMP = /^(\d{4}-\d{2}-\d{2}[T ])(.{1,40})$/;

export function BreakableTime(props: { text: string }) {
  const m = STAMP.exec(props.text);
  if (!m) return <>{props.text}</>;
  return (
    <>
      <span className="dc-nobreak">{m[1]}</span>
      <wbr />
      <span className="dc-nobreak">{m[2]}</span>
    </>
  );
}

/** The report's and the chain's table names are the inspector's own (never ledger text), so each piece may stay whole. */
export function BreakableTable(props: { name: string }) {
  const pieces = props.name.split('_');
  return (
    <>
      {pieces.map((p, i) => (
        <Fragment key={i}>
          <span className="dc-nobreak">{i < pieces.length - 1 ? `${p}_` : p}</span>
          {i < pieces.length - 1 && <wbr />}
        </Fragment>
      ))}
    </>
  );
}
