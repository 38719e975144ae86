/**
 * Background work (verification, export, a deferred open's follow-up) runs on worker threads that would otherwise
 * compete with the user's view as equals: on two cores, two verification workers left the renderer and the app's
 * main thread waiting for a core mid-scroll. A worker calls this once at its start to lower only its own thread's
 * scheduling priority (nice 10), so the CPU goes to the interactive threads first and to the job whenever they are
 * idle: a job alone on the machine runs exactly as fast as before.
 *
 * Linux only: setpriority(PRIO_PROCESS, tid) applies to a single thread there, and the thread's id is read from
 * /proc/thread-self. macOS and Windows have no per-thread equivalent that Node exposes (os.setPriority would lower
 * the whole app), so there it does nothing and says so.
 */
import { readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The niceness background threads take (0 is normal, 19 the lowest). */
export const BACKGROUND_NICE = 10;

export type PriorityOutcome = { readonly lowered: true; readonly tid: number } | { readonly lowered: false; readonly why: string };

/** This thread's kernel id, from /proc/thread-self (`<pid>/task/<tid>`); null where there is none. */
export function currentThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isSafeInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** Lowers the calling thread (and only it) to BACKGROUND_NICE. Never throws: a job runs whatever the answer. */
export function lowerThisThreadPriority(platform: NodeJS.Platform = process.platform): PriorityOutcome {
  if (platform !== 'linux') return { lowered: false, why: `no per-thread priority on ${platform}` };
  const tid = currentThreadId();
  if (tid === null) return { lowered: false, why: '/proc/thread-self cannot be read' };
  try {
    setPriority(tid, BACKGROUND_NICE);
    return { lowered: true, tid };
  } catch (e) {
    return { lowered: false, why: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * The niceness of a whole background process's scheduling group: the same 10 as a background thread. A group's
 * weight at nice 10 is 110 against a nice-0 session's 1024, so the page and serve still get about ten times the
 * CPU the background work gets whenever they want it (enough for the scroll-during-verification bench rows). The
 * lowest (19, weight 15) starved the work instead: with any other session keeping the cores busy (a compile in
 * another terminal, a test run) a verification or an open's follow-up got about 1.5% of a core and all but stopped.
 */
export const BACKGROUND_GROUP_NICE = BACKGROUND_NICE;

/**
 * Lowers this whole process, for a process that exists only to run background work (background-host.ts). On Linux
 * with autogroup the kernel shares the CPU between sessions first and applies nice only inside one, so a thread's
 * nice 10 cannot yield to a browser in another session (measured: serve and Chromium sat in different autogroups,
 * and two nice-10 workers still took a core from the page). A process that started its own session (spawned
 * detached) lowers its session's group instead, via /proc/self/autogroup; elsewhere the process's own priority.
 */
export function lowerThisProcessAsBackground(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'linux') {
    try {
      writeFileSync('/proc/self/autogroup', String(BACKGROUND_GROUP_NICE));
      return readFileSync('/proc/self/autogroup', 'utf8').trim();
    } catch {
      // No autogroup (kernel built without it, or disabled): the process's own nice is the next best thing.
    }
  }
  try {
    setPriority(0, BACKGROUND_GROUP_NICE);
    return `process nice ${BACKGROUND_GROUP_NICE}`;
  } catch (e) {
    return `not lowered: ${e instanceof Error ? e.message : String(e)}`;
  }
}
