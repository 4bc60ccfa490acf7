/**
 * The guides of guide/*.md as pages of the docs site, rendered with marked (GitHub-flavoured
 * Markdown). Headings get GitHub's ids, so `guide/protocol.md#error-body` and
 * `docs/protocol.html#error-body` name the same section. Links are rewritten for the site: to
 * another guide → its page; into docs/ → that page; to any other file of the repository → the
 * file on GitHub. A link to a guide's section that does not exist fails the generation.
 */
import { posix } from 'node:path';
import { Marked, type Token, type Tokens } from 'marked';
import type { GuideSource } from './context.js';

/** Where the repository's files are read on the web (the packages' `repository`). */
export const REPO_URL = 'https://github.com/atomsync/atomsync';

/** The guides in reading order; any other guide follows, by name. */
const ORDER = ['getting-started', 'protocol', 'operators', 'security'];

export interface Heading {
  depth: number;
  /** The heading as plain text. */
  text: string;
  id: string;
}

export interface GuidePage {
  /** `guide/operators.md` */
  source: string;
  /** `operators.html` */
  file: string;
  /** The first heading's text. */
  title: string;
  /** A short name for the navigation: the title up to its colon. */
  label: string;
  headings: Heading[];
  /** The rendered body. */
  html: string;
}

/** `guide/operators.md` → `operators.html`. */
export function guideFile(source: string): string {
  return `${posix.basename(source, '.md')}.html`;
}

/** GitHub's heading ids: lower case, punctuation dropped, each space a hyphen. */
export function slug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function sortGuides(guides: GuideSource[]): GuideSource[] {
  const rank = (g: GuideSource) => {
    const i = ORDER.indexOf(posix.basename(g.file, '.md'));
    return i === -1 ? ORDER.length : i;
  };
  return [...guides].sort((a, b) => rank(a) - rank(b) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

interface Rendered extends GuidePage {
  /** The site links this page holds (page and fragment), to check once every page is known. */
  links: { page: string; fragment: string }[];
}

function render(guide: GuideSource, sources: Set<string>): Rendered {
  const file = guideFile(guide.file);
  const headings: Heading[] = [];
  const links: Rendered['links'] = [];
  const used = new Map<string, number>();
  const site = (href: string): string => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return href;
    const [pathPart = '', fragment] = href.split('#', 2);
    if (pathPart === '') {
      links.push({ page: file, fragment: fragment ?? '' });
      return href;
    }
    const resolved = posix.normalize(posix.join(posix.dirname(guide.file), pathPart));
    const hash = fragment === undefined ? '' : `#${fragment}`;
    if (sources.has(resolved)) {
      links.push({ page: guideFile(resolved), fragment: fragment ?? '' });
      return `${guideFile(resolved)}${hash}`;
    }
    if (resolved.startsWith('docs/')) {
      links.push({ page: resolved.slice('docs/'.length), fragment: fragment ?? '' });
      return `${resolved.slice('docs/'.length)}${hash}`;
    }
    if (resolved.startsWith('../')) throw new Error(`${guide.file}: the link ${href} leaves the repository`);
    return `${REPO_URL}/${pathPart.endsWith('/') ? 'tree' : 'blob'}/main/${resolved.replace(/\/$/, '')}${hash}`;
  };
  const marked = new Marked({
    gfm: true,
    walkTokens(token: Token) {
      if (token.type === 'link' || token.type === 'image') (token as Tokens.Link).href = site((token as Tokens.Link).href);
    },
    renderer: {
      heading({ tokens, depth }: Tokens.Heading) {
        const text = decodeEntities(this.parser.parseInline(tokens, this.parser.textRenderer));
        let id = slug(text);
        const n = used.get(id) ?? 0;
        used.set(id, n + 1);
        if (n > 0) id = `${id}-${n}`;
        headings.push({ depth, text, id });
        return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
  });
  const html = marked.parse(guide.markdown, { async: false });
  const title = headings.find((h) => h.depth === 1)?.text ?? posix.basename(guide.file, '.md');
  return { source: guide.file, file, title, label: title.replace(/:.*$/, '').trim(), headings, html, links };
}

/**
 * Every guide, rendered, in reading order. `pages` are the other pages of the site (a link into
 * docs/ must name one of them; its anchors are not checked here, the site's test checks all).
 */
export function renderGuides(guides: GuideSource[], pages: Set<string>): GuidePage[] {
  const sources = new Set(guides.map((g) => g.file));
  const rendered = sortGuides(guides).map((g) => render(g, sources));
  const byFile = new Map(rendered.map((r) => [r.file, r]));
  for (const r of rendered) {
    for (const link of r.links) {
      const target = byFile.get(link.page);
      if (!target && !pages.has(link.page)) throw new Error(`${r.source}: a link names ${link.page}, which the docs do not have`);
      if (target && link.fragment !== '' && !target.headings.some((h) => h.id === link.fragment)) {
        throw new Error(`${r.source}: a link names ${link.page}#${link.fragment}, a section ${target.source} does not have`);
      }
    }
  }
  return rendered.map(({ links: _links, ...page }) => page);
}
