// Reads a .warc.gz back with warcio (independently of the exporter's own re-read) for assertions.
import { createReadStream } from 'node:fs';
import { HeadersMultiMap, WARCParser } from 'warcio';

export interface ReadRecord {
  /** Header name → value, in file order. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly header: (name: string) => string | undefined;
  readonly block: Buffer;
}

export async function readWarc(path: string): Promise<ReadRecord[]> {
  const records: ReadRecord[] = [];
  for await (const record of new WARCParser(createReadStream(path), { keepHeadersCase: true, parseHttp: false })) {
    const map = record.warcHeaders.headers;
    if (!(map instanceof HeadersMultiMap)) throw new Error('expected HeadersMultiMap');
    const headers = [...map.entries()];
    const block = Buffer.from(await record.readFully(false));
    records.push({ headers, header: (name) => map.get(name), block });
  }
  return records;
}

/** `name: value` lines of a warcinfo block, as [name, value] pairs in order. */
export function warcFields(block: Buffer): Array<[string, string]> {
  const text = block.toString('utf8');
  expectCrlfLines(text);
  return text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const at = line.indexOf(': ');
      return [line.slice(0, at), line.slice(at + 2)];
    });
}

function expectCrlfLines(text: string): void {
  if (!text.endsWith('\r\n') || /[^\r]\n/.test(text)) throw new Error(`warcinfo block lines must end in CRLF: ${JSON.stringify(text)}`);
}
