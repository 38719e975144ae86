/**
 * When an opened ledger's follow-up (quick_check, the copy proof, the archive hash: 7-8 threads with their reads,
 * evidence/follow-up.ts) may start in the interactive app: once the first view was answered, not while it is.
 * On two cores those threads loaded their modules at normal priority exactly while the first page's files and calls
 * were being served, and the first view took ~1.9 s instead of ~0.9 s.
 *
 * The gate opens `quietMs` after the last call for this evidence was answered (each answer within that time pushes it
 * back: a table's list and first page come together), or `deadlineMs` after it was armed (the open returned) when no
 * view asks for it at all, or at once when the evidence is closed. The follow-up's results are never skipped, only
 * started later; the CLI and check paths open without a gate.
 */

export interface FirstViewGateTimes {
  /** Quiet time after an answered call before the follow-up starts (default FIRST_VIEW_QUIET_MS). */
  readonly quietMs?: number;
  /** The latest the follow-up starts after the open returned, whatever happens (default FIRST_VIEW_DEADLINE_MS). */
  readonly deadlineMs?: number;
}

/**
 * A page's first frame comes this long after its data at most on a busy two-core machine: the bench measured 50-150 ms
 * when the machine was otherwise idle and up to ~500 ms (the table view) while other processes kept both cores busy.
 */
export const FIRST_VIEW_QUIET_MS = 600;
/** A view normally asks within a second of the open (the desktop window, the bench's page). */
export const FIRST_VIEW_DEADLINE_MS = 3000;

export interface FirstViewGate {
  /** Settles (never rejects) when the follow-up may start. */
  readonly passed: Promise<void>;
  /** The open returned: the deadline runs from now. */
  arm(): void;
  /** A call for this evidence was answered. */
  answered(): void;
  /** Opens the gate now (the evidence was closed, or its open failed). */
  release(): void;
}

export function firstViewGate(times: FirstViewGateTimes = {}): FirstViewGate {
  const quietMs = times.quietMs ?? FIRST_VIEW_QUIET_MS;
  const deadlineMs = times.deadlineMs ?? FIRST_VIEW_DEADLINE_MS;
  let open: () => void = () => undefined;
  const passed = new Promise<void>((resolve) => (open = resolve));
  let done = false;
  let quiet: NodeJS.Timeout | null = null;
  let deadline: NodeJS.Timeout | null = null;
  const release = (): void => {
    if (done) return;
    done = true;
    if (quiet) clearTimeout(quiet);
    if (deadline) clearTimeout(deadline);
    open();
  };
  return {
    passed,
    arm() {
      if (done || deadline) return;
      // Ref'd on purpose: a process waiting for the follow-up's results must not exit before it even started.
      deadline = setTimeout(release, deadlineMs);
    },
    answered() {
      if (done) return;
      if (quiet) clearTimeout(quiet);
      quiet = setTimeout(release, quietMs);
    },
    release,
  };
}
