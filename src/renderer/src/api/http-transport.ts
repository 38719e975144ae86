/**
 * Serve mode's transport: POST /api/<channel> with the token header, events over Server-Sent Events,
 * dropped files uploaded to the server's private scratch folder. Same-origin only.
 */
import type { ArgOf, Channel, EvidenceSummary, InspectorEvent, ResultOf } from '../../../shared/contract.js';
import { EVENT_NAMES, HTTP_ROUTES } from '../../../shared/contract.js';
import type { Result } from '../../../shared/errors.js';
import type { DroppedUpload, Transport } from './transport.js';

/** The token serve printed in the page's URL; every request of the page that is not a download carries it. */
export function tokenFromUrl(): string {
  return new URLSearchParams(window.location.search).get('token') ?? '';
}

function networkFailure(e: unknown): Result<never> {
  return {
    ok: false,
    error: { code: 'INTERNAL', message: `the inspector server did not answer: ${e instanceof Error ? e.message : String(e)}` },
  };
}

async function postJson<T>(path: string, body: unknown, token: string): Promise<Result<T>> {
  try {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HTTP_ROUTES.tokenHeader]: token },
      body: JSON.stringify(body ?? null),
      credentials: 'same-origin',
    });
    if (!res.ok)
      return {
        ok: false,
        error: { code: 'BAD_REQUEST', message: `server refused the request (${res.status}): ${(await res.text()).trim()}` },
      };
    return (await res.json()) as Result<T>;
  } catch (e) {
    return networkFailure(e);
  }
}

/** Where a dropped file goes inside the session folder (v3 generation files live in session.bodies/). */
export function uploadName(file: { name: string; relativePath?: string }): string {
  const rel = file.relativePath ?? file.name;
  const parts = rel.split('/').filter(Boolean);
  const base = parts[parts.length - 1] ?? '';
  if (/^g-[0-9a-f]{32}\.cbl$/.test(base)) return `session.bodies/${base}`;
  return base;
}

export function httpTransport(): Transport {
  const token = tokenFromUrl();
  let source: EventSource | null = null;
  const listeners = new Set<(e: InspectorEvent) => void>();
  const connectedListeners = new Set<() => void>();
  const ensureSource = (): void => {
    if (source) return;
    source = new EventSource(HTTP_ROUTES.events, { withCredentials: false });
    // The server registers the stream as it answers: from 'open' on, no event is missed.
    source.addEventListener('open', () => {
      for (const l of connectedListeners) l();
    });
    for (const name of EVENT_NAMES) {
      source.addEventListener(name, (m) => {
        const payload = JSON.parse((m as MessageEvent<string>).data) as InspectorEvent['payload'];
        const event = { name, payload } as InspectorEvent;
        for (const l of listeners) l(event);
      });
    }
  };
  return {
    kind: 'http',
    hostShowsDropped: false,
    call<C extends Channel>(channel: C, arg: ArgOf<C>): Promise<Result<ResultOf<C>>> {
      return postJson<ResultOf<C>>(`${HTTP_ROUTES.api}${channel}`, arg, token);
    },
    onEvent(listener) {
      ensureSource();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onEventsConnected(listener) {
      ensureSource();
      connectedListeners.add(listener);
      return () => connectedListeners.delete(listener);
    },
    async openDropped(files: readonly DroppedUpload[], folder: string | null): Promise<Result<EvidenceSummary>> {
      const headers = { [HTTP_ROUTES.tokenHeader]: token };
      try {
        const beginRes = await fetch(`${HTTP_ROUTES.upload}/begin${folder ? `?folder=${encodeURIComponent(folder)}` : ''}`, {
          method: 'POST',
          headers,
        });
        const begin = (await beginRes.json()) as Result<{ uploadId: string }>;
        if (!begin.ok) return begin;
        for (const f of files) {
          const name = uploadName({ name: f.file.name, ...(f.relativePath ? { relativePath: f.relativePath } : {}) });
          const put = await fetch(`${HTTP_ROUTES.upload}/${begin.value.uploadId}/${encodeURIComponent(name)}`, {
            method: 'PUT',
            headers,
            body: f.file,
          });
          const r = (await put.json()) as Result<unknown>;
          if (!r.ok) {
            // Give its place back at once rather than leave it to expire on the server.
            await fetch(`${HTTP_ROUTES.upload}/${begin.value.uploadId}/discard`, { method: 'POST', headers }).catch(() => undefined);
            return r;
          }
        }
        const open = await fetch(`${HTTP_ROUTES.upload}/${begin.value.uploadId}/open`, { method: 'POST', headers });
        return (await open.json()) as Result<EvidenceSummary>;
      } catch (e) {
        return networkFailure(e);
      }
    },
  };
}
