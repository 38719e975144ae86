/**
 * "1234567" → "1,234,567", on the decimal text itself (exact for counts past 2^53; never through a float).
 * The one grouping the CLI, the library's counters and the renderer's counts all print. A leading sign is kept
 * ("-1234" → "-1,234"): the lookbehind-free pattern never puts a comma right after it.
 */
export function groupDigits(decimal: string): string {
  return decimal.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
