/**
 * The paths the core's open takes for a classified input, as the user named it. A worker that opens its own copy of
 * open evidence (the WARC export's) asks for it again by these, whichever front end (desktop, serve) opened it.
 */
import type { ClassifiedInput } from './types.js';

export function pathsToOpen(input: ClassifiedInput): string[] {
  switch (input.kind) {
    case 'session':
      if (input.givenAs === 'folder') return [input.dir];
      return input.archive && input.givenAs === 'pair' ? [input.dbPath, input.archive.path] : [input.dbPath];
    case 'host':
      return [input.hostDbPath];
    case 'capsem-home':
      return [input.home];
  }
}
