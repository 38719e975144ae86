/**
 * What the hostile-everywhere test checks on the page after each view: the script marker, CSP violations (a
 * violation means hostile markup reached the DOM as markup, even if CSP stopped it), elements only hostile
 * markup could have made, main-frame navigations and pop-ups, and how far a view pokes past its pane.
 */
import type { Page } from 'playwright-core';
import { PWN_FLAG } from './hostile-strings.js';

export interface AuditWatch {
  /** Main-frame URLs navigated to (hash changes included). */
  readonly navigations: string[];
  /** Pages opened besides the test's own (window.open, target=_blank). */
  readonly popups: string[];
}

/** Call before the first goto: installs the CSP-violation recorder and the navigation/pop-up listeners. */
export async function installAudit(page: Page): Promise<AuditWatch> {
  const watch: AuditWatch = { navigations: [], popups: [] };
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) watch.navigations.push(f.url());
  });
  page.context().on('page', (p) => watch.popups.push(p.url()));
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`), true);
  });
  return watch;
}

export interface DomAudit {
  readonly pwned: number;
  readonly csp: readonly string[];
  /** Elements or attributes under #root that only rendered hostile markup would create. */
  readonly foreign: readonly string[];
}

/** Tags the app never renders in #root; any of them there came from evidence text parsed as markup. */
const FOREIGN_TAGS = [
  'script',
  'iframe',
  'frame',
  'object',
  'embed',
  'base',
  'meta',
  'link',
  'style',
  'video',
  'audio',
  'marquee',
  'math',
  'noscript',
  'img',
  'image',
  'use',
  'x',
  'body',
  'html',
  'mglyph',
  'mtext',
];

export async function auditDom(page: Page): Promise<DomAudit> {
  return page.evaluate(
    ([flag, tags]) => {
      const w = window as unknown as Record<string, unknown> & { __csp?: string[] };
      const foreign: string[] = [];
      const root = document.getElementById('root');
      for (const el of root ? Array.from(root.querySelectorAll('*')) : []) {
        const tag = el.tagName.toLowerCase();
        if (tags.includes(tag)) foreign.push(`<${tag}>`);
        for (const a of Array.from(el.attributes)) {
          const v = a.value.trim().toLowerCase();
          if (/^on/i.test(a.name)) foreign.push(`<${tag} ${a.name}>`);
          if (
            ['href', 'src', 'srcset', 'action', 'data', 'background', 'xlink:href', 'formaction', 'poster'].includes(
              a.name.toLowerCase(),
            ) &&
            !v.startsWith('#')
          )
            foreign.push(`<${tag} ${a.name}="${a.value.slice(0, 80)}">`);
          if (a.name === 'style' && /url\(|expression\(|@import/i.test(a.value)) foreign.push(`<${tag} style="${a.value.slice(0, 80)}">`);
        }
      }
      // Nothing may be added to <head> by evidence either (a <base> or <meta refresh> there would be worse).
      for (const el of Array.from(document.head.querySelectorAll('base, meta[http-equiv="refresh"], iframe, object, embed')))
        foreign.push(`head <${el.tagName.toLowerCase()}>`);
      return { pwned: Number(w[flag] ?? 0), csp: [...(w.__csp ?? [])], foreign: foreign.slice(0, 20) };
    },
    [PWN_FLAG, FOREIGN_TAGS] as const,
  );
}

export interface LayoutReport {
  /** Horizontal page scroll (px): the app promises none at 1280×800. */
  readonly pageOverflow: number;
  /** How much wider than the content pane the view is (px); the pane then scrolls sideways. */
  readonly contentOverflow: number;
  /** The outermost unclipped elements sticking out of the content pane: selector-ish path and width. */
  readonly offenders: readonly string[];
}

export async function measureLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const content = document.querySelector('.content');
    const edge = content ? content.getBoundingClientRect().right : doc.clientWidth;
    const clips = (el: Element): boolean => ['auto', 'hidden', 'scroll', 'clip'].includes(getComputedStyle(el).overflowX);
    const describe = (el: Element): string => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== content && parts.length < 5; e = e.parentElement) {
        const cls = typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/).join('.')}` : '';
        parts.unshift(`${e.tagName.toLowerCase()}${cls}`);
      }
      return parts.join(' > ');
    };
    const offenders: string[] = [];
    for (const el of content ? Array.from(content.querySelectorAll('*')) : []) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= edge + 1) continue;
      const parent = el.parentElement;
      if (parent && parent !== content && parent.getBoundingClientRect().right > edge + 1) continue;
      let clipped = false;
      for (let a = parent; a && a !== content; a = a.parentElement) if (clips(a)) clipped = true;
      if (!clipped)
        offenders.push(
          `${describe(el)} (width ${Math.round(r.width)}px, right edge ${Math.round(r.right)}px > pane ${Math.round(edge)}px)`,
        );
    }
    return {
      pageOverflow: Math.max(0, doc.scrollWidth - doc.clientWidth),
      contentOverflow: content ? Math.max(0, content.scrollWidth - content.clientWidth) : 0,
      offenders: offenders.slice(0, 6),
    };
  });
}
