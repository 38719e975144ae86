// Terminal styling for the CLI's text: ANSI colour only when asked (a TTY), and every ledger string made printable
// first, since ledger text is attacker-chosen and must not move the cursor or recolour the terminal.
export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  green(s: string): string;
  cyan(s: string): string;
}

const wrap =
  (code: string) =>
  (s: string): string =>
    `\u001b[${code}m${s}\u001b[0m`;
const same = (s: string): string => s;

export function styleFor(colour: boolean): Style {
  return colour
    ? { bold: wrap('1'), dim: wrap('2'), red: wrap('31'), yellow: wrap('33'), green: wrap('32'), cyan: wrap('36') }
    : { bold: same, dim: same, red: same, yellow: same, green: same, cyan: same };
}

/** Control and bidi characters shown as \uXXXX escapes. */
export function printable(text: string): string {
  return text.replace(
    /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
