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
  /** Environment (CAPSEM_HOME etc.). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

export function processIo(): CliIo {
  return {
    stdout: (t) => void process.stdout.write(t),
    stdoutBytes: (b) => void process.stdout.write(b),
    stderr: (t) => void process.stderr.write(t),
    isTty: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
    stdoutIsTerminal: Boolean(process.stdout.isTTY),
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
