/** Hands the browser a file to save: a link clicked once, with the file's name (null: the server names it). */
export function clickDownload(url: string, fileName: string | null): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName ?? '';
  a.rel = 'noopener';
  a.click();
}

/** The same for bytes made here: through an object URL, revoked once the click has handed them over. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  clickDownload(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
