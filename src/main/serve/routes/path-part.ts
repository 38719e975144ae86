/**
 * One percent-encoded part of a route's path, decoded; null when it is not valid percent-encoding (`%zz`, a lone
 * `%`), which the route answers as a bad request by name rather than letting decodeURIComponent's URIError through.
 */
export function decodePathPart(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}
