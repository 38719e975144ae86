/**
 * Serve mode's WARC export, asked for by the page: POST /warc/<ev> with the token header answers once the server has
 * written the file, re-read it and checked every record (the desktop's menu publishes its file only then too), with
 * the address to download it from. A refusal comes back as a status with the Result's code and sentence.
 */
import { HTTP_ROUTES } from '../../../shared/contract.js';
import type { ServedWarc } from '../../../shared/contract/served-warc.js';
import { warcExportPath } from '../../../shared/contract/served-warc.js';
import type { Result } from '../../../shared/errors.js';
import { tokenFromUrl } from './http-transport.js';

export async function exportWarcOnServer(ev: string): Promise<Result<ServedWarc>> {
  try {
    const res = await fetch(warcExportPath(ev), { method: 'POST', headers: { [HTTP_ROUTES.tokenHeader]: tokenFromUrl() } });
    if (/^application\/json\b/.test(res.headers.get('content-type') ?? '')) return (await res.json()) as Result<ServedWarc>;
    return {
      ok: false,
      error: { code: 'EXPORT_FAILED', message: `the server refused the export (${res.status}): ${(await res.text()).trim()}` },
    };
  } catch (e) {
    return {
      ok: false,
      error: { code: 'EXPORT_FAILED', message: `the inspector server did not answer: ${e instanceof Error ? e.message : String(e)}` },
    };
  }
}
