/** The transcript's hash route: `#/e/<ev>/transcript/<trace_id>` for one trace, `#/e/<ev>/transcript` for the session. */
export type TranscriptRoute = { readonly view: 'transcript'; readonly ev: string; readonly trace: string | null };

const enc = encodeURIComponent;

export function transcriptHref(ev: string, trace: string | null): string {
  return `#/e/${enc(ev)}/transcript${trace ? `/${enc(trace)}` : ''}`;
}

/** `rest`: the decoded path segments after `#/e/<ev>/transcript`. */
export function parseTranscript(ev: string, rest: readonly string[]): TranscriptRoute {
  return { view: 'transcript', ev, trace: rest[0] ?? null };
}
