/**
 * Measures, in the page, how a view that holds one DataGrid is laid out: which boxes scroll, and where the grid's
 * header cells and first row's cells are. Each function is run by page.evaluate, so it uses nothing from outside.
 */

/** Where a view's grid is, and the side column (table list, overflow windows, usage) allowed a scroll of its own. */
export interface ViewAreas {
  /** The view's root element. */
  readonly root: string;
  /** The grid inside the root. */
  readonly grid: string;
  /** A column beside the grid's that may scroll by itself (never inside another vertical scroller), or null. */
  readonly side: string | null;
}

export interface ScrollReport {
  /** The page itself scrolls vertically. */
  readonly pageScrollsY: boolean;
  /** Boxes scrolling vertically in the view or around it, other than the grid's row scroller and the side column. */
  readonly extraY: string[];
  /** Boxes scrolling horizontally that hold the grid (the grid's own scroller must be the one horizontal scroll). */
  readonly outerX: string[];
  /** The grid's scroller is cut by a box around it or by the window (then its last columns cannot be reached). */
  readonly gridCut: string[];
  /** The side column's content is wider than the column (it scrolls sideways, or what is past its edge is cut). */
  readonly sideX: boolean;
}

/** (1) One vertical scroll area: the grid's rows (and the side column's own, never nested). */
export function scrollReport(a: ViewAreas): ScrollReport {
  const name = (el: Element): string =>
    `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).trim().split(/\s+/).join('.')}` : ''}`;
  const scrolls = (el: Element, axis: 'x' | 'y'): boolean => {
    const s = getComputedStyle(el);
    const o = axis === 'y' ? s.overflowY : s.overflowX;
    const over = axis === 'y' ? el.scrollHeight - el.clientHeight : el.scrollWidth - el.clientWidth;
    return (o === 'auto' || o === 'scroll') && over > 1;
  };
  const root = document.querySelector(a.root)!;
  const scroller = root.querySelector(`${a.grid} .grid-scroll`)!;
  const side = a.side ? root.querySelector(a.side) : null;
  const ancestors: Element[] = [];
  for (let e = root.parentElement; e; e = e.parentElement) ancestors.push(e);
  const allowed = (el: Element): boolean => el === scroller || el === side;
  // A box not drawn (the column picker's menu while its <details> is closed) scrolls nothing.
  const extraY = [...ancestors, root, ...Array.from(root.querySelectorAll('*'))]
    .filter((el) => el.checkVisibility() && scrolls(el, 'y') && !allowed(el))
    .map(name);
  const holders: Element[] = [];
  for (let e = scroller.parentElement; e; e = e.parentElement) holders.push(e);
  const outerX = holders.filter((el) => scrolls(el, 'x')).map(name);
  const box = scroller.getBoundingClientRect();
  const gridCut = holders
    .filter((el) => getComputedStyle(el).overflowX !== 'visible')
    .filter((el) => {
      const r = el.getBoundingClientRect();
      const left = r.left + el.clientLeft;
      return box.left < left - 0.5 || box.right > left + el.clientWidth + 0.5;
    })
    .map(name);
  if (box.right > window.innerWidth + 0.5 || box.bottom > window.innerHeight + 0.5) gridCut.push('window');
  const page = document.scrollingElement!;
  const sideX = side !== null && side.scrollWidth > side.clientWidth + 1;
  return { pageScrollsY: page.scrollHeight > page.clientHeight + 1, extraY, outerX, gridCut, sideX };
}

export interface ColumnReport {
  /** Visible columns (header cells). */
  readonly columns: number;
  /** Header cells whose right edge lies past the scroller's scrollWidth (they can never be scrolled to). */
  readonly unreachable: string[];
  /** Columns of the first row whose cell's left or width differs from its header cell's. */
  readonly misaligned: string[];
  /** The aria-colindex of each cell the first row draws. */
  readonly drawn: number[];
}

/** (2) Every header cell can be reached, and each drawn cell of the first row sits under its header cell. */
export function columnReport(grid: string): ColumnReport {
  const scroller = document.querySelector(`${grid} .grid-scroll`)!;
  const s = scroller.getBoundingClientRect();
  const heads = Array.from(scroller.querySelectorAll('.grid-head > [role="columnheader"]'));
  const unreachable = heads
    .filter((h) => h.getBoundingClientRect().right - s.left + scroller.scrollLeft > scroller.scrollWidth + 0.5)
    .map((h) => h.textContent ?? '');
  const rows = Array.from(scroller.querySelectorAll('.gr')).sort((x, y) => x.getBoundingClientRect().top - y.getBoundingClientRect().top);
  const cells = rows[0] ? Array.from(rows[0].querySelectorAll('[role="gridcell"]')) : [];
  const misaligned: string[] = [];
  for (const c of cells) {
    const k = Number(c.getAttribute('aria-colindex')) - 1;
    const h = heads[k];
    const cr = c.getBoundingClientRect();
    const hr = h?.getBoundingClientRect();
    if (!hr || Math.abs(cr.left - hr.left) > 0.5 || Math.abs(cr.width - hr.width) > 0.5)
      misaligned.push(`${h?.textContent ?? `#${k + 1}`}: head ${hr?.left}+${hr?.width}, cell ${cr.left}+${cr.width}`);
  }
  return { columns: heads.length, unreachable, misaligned, drawn: cells.map((c) => Number(c.getAttribute('aria-colindex'))) };
}

/** (3) How many pixels of the last column's header cell and of its cell in the top row are cut off (0: fully visible). */
export function lastColumnHidden(grid: string): { head: number; cell: number } {
  // The part of an element cut off by the boxes that clip it and by the window.
  const hidden = (el: Element | null | undefined): number => {
    if (!el) return Infinity;
    const r = el.getBoundingClientRect();
    let [left, right, top, bottom] = [0, window.innerWidth, 0, window.innerHeight];
    for (let e = el.parentElement; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = e.getBoundingClientRect();
      left = Math.max(left, b.left + e.clientLeft);
      right = Math.min(right, b.left + e.clientLeft + e.clientWidth);
      top = Math.max(top, b.top + e.clientTop);
      bottom = Math.min(bottom, b.top + e.clientTop + e.clientHeight);
    }
    const cut = (a: number, b: number): number => Math.max(0, b - a);
    return cut(r.left, left) + cut(right, r.right) + cut(r.top, top) + cut(bottom, r.bottom);
  };
  const scroller = document.querySelector(`${grid} .grid-scroll`)!;
  const heads = scroller.querySelectorAll('.grid-head > [role="columnheader"]');
  const top = Array.from(scroller.querySelectorAll('.gr')).sort((x, y) => x.getBoundingClientRect().top - y.getBoundingClientRect().top)[0];
  return { head: hidden(heads[heads.length - 1]), cell: hidden(top?.querySelector(`[aria-colindex="${heads.length}"]`)) };
}
