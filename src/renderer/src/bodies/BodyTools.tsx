/** The switches above a body's lines: wrapping, and for JSON opening the strings that hold JSON and (un)folding all. */
export function BodyTools(props: {
  json: boolean;
  wrap: boolean;
  onWrap: (wrap: boolean) => void;
  openStrings: boolean;
  onOpenStrings: (open: boolean) => void;
  /** Folding all and unfolding all; null while the foldable lines are not built. */
  folds: { collapseAll: () => void; expandAll: () => void } | null;
}) {
  return (
    <div className="body-tools-row">
      <label className="wrap-toggle">
        <input type="checkbox" checked={props.wrap} onChange={(e) => props.onWrap(e.target.checked)} /> wrap long lines
      </label>
      {props.json && (
        <label className="open-strings">
          <input type="checkbox" checked={props.openStrings} onChange={(e) => props.onOpenStrings(e.target.checked)} /> open JSON held in
          strings
        </label>
      )}
      {props.json && !props.openStrings && (
        <>
          <button type="button" disabled={!props.folds} onClick={() => props.folds?.collapseAll()}>
            collapse all
          </button>
          <button type="button" disabled={!props.folds} onClick={() => props.folds?.expandAll()}>
            expand all
          </button>
        </>
      )}
    </div>
  );
}
