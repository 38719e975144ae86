// The two pieces of a regular expression's syntax that its rewriters (spreading counts, folding ASCII case) must step
// over whole rather than read as text: a character class, and a group's opening with its `?:`, lookaround or name.

/** The index just past the class that opens at `start` (an unterminated class runs to the end; the compiler says so). */
export function classEnd(source: string, start: number): number {
  let j = start + 1;
  if (source[j] === '^') j++;
  if (source[j] === ']') j++;
  while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
  return Math.min(source.length, j + 1);
}

/** The opening of the group at `start`: `(`, `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!` or `(?<name>`. */
export function groupHead(source: string, start: number): string {
  return /^\((?:\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>))?/.exec(source.slice(start, start + 260))![0];
}
