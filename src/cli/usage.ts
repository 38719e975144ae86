/** How a command answers a usage problem: one place for the help flags and the shape of the error on stderr. */
import type { CliIo } from './io.js';

export interface CommandUsage {
  /** The command's name, as in `capsem-inspect check: ...`. */
  readonly command: string;
  /** The usage text, ending in a newline. */
  readonly usage: string;
  /** -h or --help anywhere prints the usage to stdout and exits 0 (check, list, chain). */
  readonly helpAnywhere?: boolean;
  /**
   * What stderr gets on a usage error: the sentence then the usage (the default), the sentence alone (serve,
   * whose sentence for --help is the usage), or the usage alone (body, whose usage is its only sentence).
   */
  readonly onError?: 'sentence-and-usage' | 'sentence' | 'usage';
}

/** The parsed arguments, or the exit code after the help or the usage error has been written. */
export function argsOrExit<T extends object>(
  args: readonly string[],
  io: CliIo,
  u: CommandUsage,
  parse: (args: readonly string[]) => T | string,
): T | number {
  if (u.helpAnywhere && (args.includes('-h') || args.includes('--help'))) {
    io.stdout(u.usage);
    return 0;
  }
  const parsed = parse(args);
  if (typeof parsed !== 'string') return parsed;
  const onError = u.onError ?? 'sentence-and-usage';
  switch (onError) {
    case 'sentence-and-usage':
      io.stderr(`capsem-inspect ${u.command}: ${parsed}\n${u.usage}`);
      break;
    case 'sentence':
      io.stderr(`capsem-inspect ${u.command}: ${parsed}\n`);
      break;
    case 'usage':
      io.stderr(u.usage);
      break;
  }
  return 2;
}
