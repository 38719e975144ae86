/**
 * The grid keys its columns by place (a SQL result may name two columns alike); callers hide columns by name.
 * This turns the one into the other: every column of a hidden name is hidden.
 */
import type { VisibilityState } from '@tanstack/react-table';

export function visibilityByPlace(
  columns: readonly { readonly name: string }[],
  hiddenByName: VisibilityState | undefined,
): VisibilityState {
  const out: VisibilityState = {};
  if (!hiddenByName) return out;
  columns.forEach((c, i) => {
    if (Object.hasOwn(hiddenByName, c.name)) out[String(i)] = hiddenByName[c.name]!;
  });
  return out;
}
