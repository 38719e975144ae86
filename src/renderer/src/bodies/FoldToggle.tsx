/** The ▾/▸ before a JSON line that opens a non-empty object or array: folds or unfolds it alone. */
import type { FoldLines } from './json-fold.js';

export function FoldToggle(props: { fold: FoldLines; line: number; flags: Uint8Array | null; onFold: (next: Uint8Array) => void }) {
  const { fold, line: i, flags } = props;
  if (!(fold.close[i]! > i)) return null;
  const isFolded = flags !== null && flags[i] === 1;
  return (
    <button
      type="button"
      className="fold"
      data-fold-line={i}
      aria-expanded={!isFolded}
      aria-label={isFolded ? 'expand' : 'fold'}
      onClick={() => {
        const next = (flags ?? new Uint8Array(fold.lines.length)).slice();
        next[i] = isFolded ? 0 : 1;
        props.onFold(next);
      }}
    >
      {isFolded ? '▸' : '▾'}
    </button>
  );
}
