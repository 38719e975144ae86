/** "1 tool call", "2 tool calls", "1,024 turns": a count with its noun in the right number. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
