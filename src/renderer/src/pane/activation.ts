/**
 * Whether the last activation was by keyboard (Enter or Space) rather than by pointer: a selection opened from
 * the keyboard moves focus into the pane so Tab walks its links next; one opened by a click leaves focus where
 * the reader is (arrow keys in the graph keep working).
 */
let byKey = false;
let installed = false;

export function trackActivation(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Enter' || e.key === ' ') byKey = true;
    },
    true,
  );
  window.addEventListener(
    'pointerdown',
    () => {
      byKey = false;
    },
    true,
  );
}

export function lastActivationByKey(): boolean {
  return byKey;
}
