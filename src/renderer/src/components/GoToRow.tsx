/**
 * "Go to <noun> N" (1-based) along a spanning list's order: Enter with a whole number jumps there, held to the last
 * row when the total is known. `onGo` gets the 0-based place. Each view keeps its own classes for its layout.
 */
export function GoToRow(props: {
  noun: string;
  labelClass: string;
  inputClass: string;
  total: number | null;
  onGo(position: number): void;
}) {
  return (
    <label className={props.labelClass}>
      {`go to ${props.noun}`}{' '}
      <input
        className={props.inputClass}
        aria-label={`go to ${props.noun} number`}
        inputMode="numeric"
        placeholder={props.total ? `1–${props.total}` : ''}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          const n = Number(e.currentTarget.value.replace(/[,_\s]/g, ''));
          if (Number.isInteger(n) && n >= 1) props.onGo(Math.min(n, props.total ?? n) - 1);
        }}
      />
    </label>
  );
}
