/** The CLI's only contact with the terminal, so commands can be tested with captured output. */
export interface CliIo {
  stdout(text: string): void;
  /** Raw bytes to stdout (a verified body), written without any text decoding. */
  stdoutBytes?(bytes: Uint8Array): void;
  stderr(text: string): void;
  /** True when stdout is a terminal (colour allowed). */
  readonly isTty: boolean;
  /**
   * True when stdout is a terminal, whatever NO_COLOR says (isTty is false under NO_COLOR): what decides whether a
   * body's raw bytes may be written there. Absent: isTty.
   */
  readonly stdoutIsTerminal?: boolean;
  /** True when stderr is a terminal: where a progress line may be drawn (never into a pipe or a file). Absent: false. */
  readonly stderrIsTerminal?: boolean;
  /** Environment (CAPSEM_HOME etc.). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

let pipeWatched = false;

/**
 * `capsem-inspect … | head`: once the reader has gone, end quietly as a Unix tool does on SIGPIPE, instead of an
 * unhandled EPIPE stack trace. A command with its own handler (grep stops its search first) takes precedence.
 */
function endQuietlyWhenReaderGoes(): void {
  if (pipeWatched) return;
  pipeWatched = true;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (process.stdout.listenerCount('error') > 1) return;
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}

export function processIo(): CliIo {
  endQuietlyWhenReaderGoes();
  return {
    stdout: (t) => void process.stdout.write(t),
    stdoutBytes: (b) => void process.stdout.write(b),
    stderr: (t) => void process.stderr.write(t),
    isTty: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
    stdoutIsTerminal: Boolean(process.stdout.isTTY),
    stderrIsTerminal: Boolean(process.stderr.isTTY),
    env: process.env,
  };
}

/** A CliIo that records everything, for tests. */
export function captureIo(env: Record<string, string | undefined> = {}): CliIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    isTty: false,
    env,
    stdout(t: string) {
      io.out += t;
    },
    stderr(t: string) {
      io.err += t;
    },
  };
  return io;
}
