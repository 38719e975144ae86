import { visibleText } from './visible-text.js';

export function ErrorNote(props: { error: { code: string; message: string } }) {
  return (
    <div className="error-note" role="alert">
      <span className="code">{props.error.code}</span> {visibleText(props.error.message)}
    </div>
  );
}
