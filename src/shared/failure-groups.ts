/**
 * Failed bodies grouped by what took them down. One flipped segment hash fails every body that has bytes in that
 * segment, each with the same sentence but for its own name; listed one by one, a single damaged segment read as 15
 * near-identical sentences (issue 23). A group is one cause (the code and the sentence after "cannot be read: ", which
 * names the segment, block and file) with the bodies it takes down; a failure whose sentence names only its own body
 * (a body hash mismatch) is a group of one. Shared, so the CLI, the report and the Integrity view group alike.
 */

/** A failed body as every face names it (the core's BodyFailure, the contract's BodyFailureView). */
export interface NamedFailure {
  readonly eventId: string;
  readonly sourceTable: string;
  readonly direction: string;
  readonly code: string;
  readonly message: string;
}

export interface FailureGroup<F extends NamedFailure = NamedFailure> {
  readonly code: F['code'];
  /** The shared cause, or null when the failure's sentence is about its body alone. */
  readonly cause: string | null;
  readonly bodies: readonly F[];
}

/** "body (event_id=…, source_table=…, direction=…) cannot be read: <cause>": the shape read-body.ts and open-archive.ts write. */
const SHARED_CAUSE = /^(?:body )?\([^)]*\) cannot be read: (.+)$/s;

export function causeOf(f: NamedFailure): string | null {
  return SHARED_CAUSE.exec(f.message)?.[1] ?? null;
}

/** In order of each group's first failure; the bodies of a group keep their order. */
export function groupFailures<F extends NamedFailure>(failures: readonly F[]): FailureGroup<F>[] {
  const groups = new Map<string, { code: F['code']; cause: string | null; bodies: F[] }>();
  failures.forEach((f, i) => {
    const cause = causeOf(f);
    const key = cause === null ? `#${i}` : `${f.code}\0${cause}`;
    const g = groups.get(key);
    if (g) g.bodies.push(f);
    else groups.set(key, { code: f.code, cause, bodies: [f] });
  });
  return [...groups.values()];
}

/** `event_id source_table/direction`, as a body is named under its group. */
export function bodyName(f: NamedFailure): string {
  return `${f.eventId} ${f.sourceTable}/${f.direction}`;
}
