/**
 * Emits the published docs site into docs/: index.html (the service, its tags, auth classes,
 * namespaces and the error body), one page per OpenAPI tag with its operations (each with its
 * request and response examples, a curl line and the SDK call: docs-usage.ts), elements.html with
 * every entry shape, complex type and simple type, plus the golden examples, a page per guide of
 * guide/*.md (docs-guides.ts), search.js, the full-text search behind every page's search box
 * (docs-search.ts, with MiniSearch copied in as minisearch.js), and copy.js, copy buttons on code.
 *
 * Pure function of the loaded spec and guides: no timestamps, no external assets; one
 * stylesheet, docs/style.css, and the scripts beside the pages. Descriptions are
 * Markdown-ish; `md()` renders the small subset the spec uses (paragraphs, `- ` lists, `code`,
 * **bold**) after escaping HTML.
 */
import type { Body, Operation, Param } from '../openapi/load.js';
import type { ComplexType, Field, Scalar } from '../xsd/model.js';
import { pathParams, queryParams, type EmitContext, type GoldenExample } from './context.js';
import { guideFile, REPO_URL, renderGuides, type GuidePage } from './docs-guides.js';
import { copyScript, minisearchScript, SEARCH_BOX, searchDocuments, searchScript, type SearchItem } from './docs-search.js';
import { EXAMPLE_ORIGIN, usageOf, type ShownExample, type VariableSource } from './docs-usage.js';
import { iterateName } from './sdk.js';
import { header, type Output } from './file.js';

// ───────────────────────────── text ─────────────────────────────

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Inline Markdown: `code` spans (verbatim) and **bold**, everything escaped; a mention of a guide's section (`guide/protocol.md#error-body`) links to its page. */
export function inline(text: string): string {
  return text
    .split(/(`[^`]+`)/)
    .map((seg, i) =>
      i % 2 === 1
        ? `<code>${esc(seg.slice(1, -1).replace(/\s*\n\s*/g, ' '))}</code>`
        : esc(seg)
            .replace(/\*\*([^*\n][^*]*?)\*\*/g, '<strong>$1</strong>')
            .replace(/\bguide\/([\w-]+)\.md(#[\w-]+)?/g, (all, name: string, hash = '') => `<a href="${name}.html${hash}">${all}</a>`),
    )
    .join('');
}

/** Block Markdown: blank-line separated paragraphs and `- ` lists (indented lines continue an item). */
export function md(text: string): string {
  const out: string[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').trim().split(/\n[ \t]*\n/)) {
    if (block.trim() === '') continue;
    let para: string[] = [];
    let items: string[][] = [];
    const flushPara = () => {
      if (para.length) out.push(`<p>${inline(para.join('\n'))}</p>`);
      para = [];
    };
    const flushList = () => {
      if (items.length) out.push(`<ul>\n${items.map((it) => `<li>${inline(it.join('\n'))}</li>`).join('\n')}\n</ul>`);
      items = [];
    };
    for (const line of block.split('\n')) {
      const item = /^\s*[-*] (.*)$/.exec(line);
      if (item) {
        flushPara();
        items.push([item[1]!.trim()]);
      } else if (items.length && /^\s+\S/.test(line)) {
        items[items.length - 1]!.push(line.trim());
      } else {
        flushList();
        para.push(line.trim());
      }
    }
    flushPara();
    flushList();
  }
  return out.join('\n');
}

// ───────────────────────────── names and links ─────────────────────────────

const KNOWN_NS: Record<string, { prefix: string; schema: string; what: string }> = {
  'http://www.w3.org/2005/Atom': { prefix: 'atom', schema: 'spec/xsd/atom.xsd', what: 'Atom (RFC 4287): entries, feeds and their envelope' },
  'http://schemas.atomsync.dev/2009/sync': { prefix: 's', schema: 'spec/xsd/atomsync.xsd', what: 'the service namespace: the elements of each resource and the error body' },
  'http://schemas.google.com/gdata/batch': { prefix: 'batch', schema: 'spec/xsd/batch.xsd', what: 'the GData batch extension: operation, id and status of each batch entry' },
};

const XS_BUILTINS = new Set(['string', 'token', 'normalizedString', 'anyURI', 'int', 'integer', 'long', 'nonNegativeInteger', 'boolean', 'dateTime']);

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
};

const AUTH_CLASSES: { name: Operation['auth']; meaning: string }[] = [
  { name: 'none', meaning: 'No HTTP credentials needed.' },
  { name: 'account', meaning: 'Credentials of any account. The caller sees only its own account’s objects; another account’s object answers 404 exactly as one that does not exist.' },
  { name: 'admin', meaning: 'Credentials of a site administrator account. An authenticated non-administrator gets 403 `forbidden`.' },
];

const RESERVED_PAGES = new Set(['index', 'elements', 'style', 'search', 'minisearch', 'copy']);

class Names {
  private readonly prefixes = new Map<string, string>();
  readonly tagFiles = new Map<string, string>();

  constructor(ctx: EmitContext, tags: string[], reserved: Set<string>) {
    for (const [uri, k] of Object.entries(KNOWN_NS)) this.prefixes.set(uri, k.prefix);
    const uris = ctx.reached.complex.flatMap((t) => [t.uri, ...t.fields.map((f) => f.uri)]);
    let n = 0;
    for (const uri of uris) if (!this.prefixes.has(uri)) this.prefixes.set(uri, `ns${++n}`);
    const files = new Set<string>();
    for (const tag of tags) {
      let base = tag.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'tag';
      if (RESERVED_PAGES.has(base) || reserved.has(`${base}.html`)) base = `tag-${base}`;
      let file = `${base}.html`;
      for (let i = 2; files.has(file); i++) file = `${base}-${i}.html`;
      files.add(file);
      this.tagFiles.set(tag, file);
    }
  }

  prefix(uri: string): string {
    return this.prefixes.get(uri) ?? 'ns';
  }
  namespaces(): { prefix: string; uri: string }[] {
    return [...this.prefixes.entries()].map(([uri, prefix]) => ({ prefix, uri }));
  }
  qname(f: { uri: string; local: string }): string {
    return `${this.prefix(f.uri)}:${f.local}`;
  }
  tagFile(tag: string): string {
    return this.tagFiles.get(tag)!;
  }
  opHref(op: Operation): string {
    return `${this.tagFile(op.tag)}#${op.id}`;
  }
}

const typeHref = (name: string) => `elements.html#${name}`;
const simpleId = (name: string) => `type-${name}`;
const exampleId = (file: string) => `ex-${file.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
const errorId = (code: string) => `error-${code}`;

function isBuiltin(s: Scalar): boolean {
  return XS_BUILTINS.has(s.type) && !s.values && !s.nullable && !s.pattern;
}

function scalarRef(s: Scalar): string {
  if (isBuiltin(s)) return `<code>xs:${esc(s.type)}</code>`;
  const link = `<a href="${typeHref(simpleId(s.type))}"><code>${esc(s.type)}</code></a>`;
  if (s.values) return `${link}<div class="values">${s.values.map((v) => `<code>${esc(String(v))}</code>`).join(' ')}</div>`;
  return link;
}

function complexRef(t: ComplexType): string {
  return `<a href="${typeHref(t.name)}"><code>${esc(t.name)}</code></a>`;
}

function occurs(min: number, max: number): string {
  const hi = max === Infinity ? 'n' : String(max);
  return min === max ? String(min) : `${min}..${hi}`;
}

// ───────────────────────────── page frame ─────────────────────────────

const CSS = `
:root { color-scheme: light dark; --fg: #1d2330; --muted: #5b6474; --line: #dde1e8; --bg: #ffffff; --side: #f5f6f8; --accent: #1f5fbf; --code: #f1f3f6; --pre: #f7f8fa; --panel: #fafbfc; --head: #f5f6f8; --hover: #e8ebf0; --current: #dfe7f5; --tint: #eef3fb; --tint-fg: #24457a; --strong: #3a4252; --lead: #333b4a; --param: #a3420f; }
/* Dark mode follows the system's setting. */
@media (prefers-color-scheme: dark) {
  :root { --fg: #e3e6ec; --muted: #9aa3b2; --line: #343a46; --bg: #15181e; --side: #1b1f27; --accent: #7fb0ff; --code: #232833; --pre: #1d222b; --panel: #1b1f27; --head: #20252e; --hover: #262c37; --current: #25324a; --tint: #22314a; --tint-fg: #b9d0f5; --strong: #c9cfda; --lead: #c9cfda; --param: #f0a070; }
  .badge { filter: brightness(0.85) saturate(0.9); }
  .method { filter: brightness(0.9); }
}
* { box-sizing: border-box; }
html { font-size: 15px; }
body { margin: 0; color: var(--fg); background: var(--bg); font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; line-height: 1.55; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.88em; }
code { background: var(--code); padding: 0.05em 0.2em; border-radius: 3px; overflow-wrap: anywhere; }
pre { background: var(--pre); border: 1px solid var(--line); border-radius: 6px; padding: 0.8em 1em; overflow-x: auto; line-height: 1.45; }
pre.has-copy { position: relative; padding-top: 2.1em; }
button.copy { position: absolute; top: 0.35em; right: 0.45em; font: inherit; font-family: system-ui, sans-serif; font-size: 0.78rem; padding: 0.1em 0.6em; border: 1px solid var(--line); border-radius: 4px; background: var(--bg); color: var(--muted); cursor: pointer; }
button.copy:hover, button.copy:focus { color: var(--accent); border-color: var(--accent); }
pre code { background: none; padding: 0; overflow-wrap: normal; font-size: 1em; }
.layout { display: grid; grid-template-columns: 15.5rem minmax(0, 1fr); min-height: 100vh; }
nav.side { background: var(--side); border-right: 1px solid var(--line); padding: 1.2rem 1rem; font-size: 0.93rem; }
nav.side .brand { font-weight: 700; font-size: 1.15rem; color: var(--fg); display: block; margin-bottom: 0.1rem; }
nav.side .version { color: var(--muted); font-size: 0.85rem; }
nav.side h2 { font-size: 0.75rem; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); margin: 1.3rem 0 0.3rem; }
nav.side ul { list-style: none; margin: 0; padding: 0; }
nav.side li a { display: flex; justify-content: space-between; gap: 0.5rem; padding: 0.12rem 0.5rem; border-radius: 4px; color: var(--fg); overflow-wrap: anywhere; }
nav.side li a:hover { background: var(--hover); text-decoration: none; }
nav.side li a[aria-current="page"] { background: var(--current); color: var(--accent); font-weight: 600; }
nav.side .count { color: var(--muted); font-size: 0.8em; align-self: center; }
main { padding: 1.6rem 2.4rem 4rem; max-width: 68rem; }
h1 { font-size: 1.9rem; margin: 0 0 0.6rem; }
h2 { font-size: 1.4rem; margin: 2.4rem 0 0.6rem; padding-bottom: 0.25rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.12rem; margin: 1.6rem 0 0.5rem; }
h4 { font-size: 0.98rem; margin: 1.2rem 0 0.4rem; }
.lead { font-size: 1.05rem; color: var(--lead); }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; font-size: 0.93rem; }
th, td { text-align: left; vertical-align: top; padding: 0.4rem 0.6rem; border-bottom: 1px solid var(--line); }
th { background: var(--head); font-weight: 600; font-size: 0.85rem; color: var(--strong); }
td p { margin: 0 0 0.4em; }
td p:last-child { margin-bottom: 0; }
td.nowrap, th.nowrap { white-space: nowrap; }
.values { margin-top: 0.2rem; display: flex; flex-wrap: wrap; gap: 0.25rem; }
.values code { font-size: 0.8em; background: var(--tint); color: var(--tint-fg); }
.muted { color: var(--muted); }
.method { display: inline-block; min-width: 4.2em; text-align: center; font-weight: 700; font-size: 0.78rem; padding: 0.12em 0.45em; border-radius: 4px; color: #fff; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.method.get { background: #2f7d4f; } .method.post { background: #1f5fbf; } .method.put { background: #a76a06; } .method.delete { background: #b2363b; }
.badge { display: inline-block; font-size: 0.75rem; font-weight: 600; padding: 0.1em 0.5em; border-radius: 999px; border: 1px solid; white-space: nowrap; }
.badge.auth-none { color: #2f6b45; border-color: #9fcdb1; background: #eef8f1; }
.badge.auth-account { color: #1f4f99; border-color: #a8c0e6; background: #eef3fb; }
.badge.auth-admin { color: #8a2b6e; border-color: #dcaacd; background: #fbeff7; }
.badge.todo { color: #8a4b00; border-color: #e6c08a; background: #fdf5e8; }
.badge.variant { color: #4b4f58; border-color: #c9ccd3; background: #f3f4f6; }
.path { font-size: 0.98rem; background: none; padding: 0; overflow-wrap: normal; }
.path .param { color: var(--param); }
section.op { border: 1px solid var(--line); border-radius: 8px; padding: 0.2rem 1.3rem 0.8rem; margin: 1.6rem 0; }
section.op > h2 { border: 0; margin: 1rem 0 0.3rem; font-size: 1.25rem; }
section.op .signature { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; margin-bottom: 0.4rem; }
section.op .opid { color: var(--muted); font-size: 0.85rem; }
dl.facts { display: grid; grid-template-columns: 9.5rem minmax(0, 1fr); gap: 0.3rem 1rem; margin: 0.8rem 0; padding: 0.7rem 0.9rem; background: var(--panel); border: 1px solid var(--line); border-radius: 6px; font-size: 0.93rem; }
dl.facts dt { font-weight: 600; color: var(--strong); }
dl.facts dd { margin: 0; }
section.type { margin: 1.4rem 0 2.2rem; }
section.type > h3 { font-size: 1.2rem; display: flex; gap: 0.6rem; align-items: baseline; flex-wrap: wrap; }
section.type > h3 .qname { font-weight: 400; color: var(--muted); font-size: 0.85rem; }
details.example { margin: 0.5rem 0; border: 1px solid var(--line); border-radius: 6px; background: var(--panel); }
details.example > summary { cursor: pointer; padding: 0.45rem 0.8rem; font-size: 0.9rem; overflow-wrap: anywhere; }
/* A caption names long paths: they break anywhere rather than push the page sideways on a phone. */
.caption, .caption code { overflow-wrap: anywhere; word-break: break-word; }
details.example[open] > summary { border-bottom: 1px solid var(--line); }
details.example > pre { margin: 0; border: 0; border-radius: 0 0 6px 6px; background: var(--bg); }
table.fields, table.simple { table-layout: fixed; }
table.fields col.c-xml { width: 14rem; } table.fields col.c-ts { width: 11rem; } table.fields col.c-occ { width: 5rem; }
.toc { columns: 3 14rem; column-gap: 2rem; padding-left: 1.1rem; font-size: 0.93rem; }
.note { background: #fdf5e8; border: 1px solid #e6c08a; border-radius: 6px; padding: 0.5rem 0.8rem; font-size: 0.93rem; }
nav.side ul.sections { margin: 0.1rem 0 0.3rem 0.7rem; border-left: 1px solid var(--line); font-size: 0.88em; }
nav.side ul.sections li a { padding: 0.05rem 0.5rem; color: var(--muted); }
.search { position: relative; margin: 0.9rem 0 0.2rem; }
.search label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.search input { width: 100%; padding: 0.4rem 0.55rem; border: 1px solid #c9ced8; border-radius: 6px; font: inherit; font-size: 0.93rem; background: var(--bg); color: var(--fg); }
.search input:focus { outline: 2px solid #a8c0e6; border-color: var(--accent); }
#search-results { position: absolute; z-index: 10; left: 0; right: -8rem; top: calc(100% + 0.2rem); display: block; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; box-shadow: 0 6px 20px rgba(20, 30, 50, 0.14); max-height: 70vh; overflow-y: auto; padding: 0.25rem; }
#search-results[hidden] { display: none; }
#search-results li a { display: grid; grid-template-columns: 4.6rem minmax(0, 1fr); gap: 0 0.4rem; padding: 0.3rem 0.45rem; border-radius: 4px; color: var(--fg); }
#search-results li a:hover, #search-results li a:focus { background: var(--tint); text-decoration: none; }
#search-results .kind { grid-row: span 2; font-size: 0.7rem; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); padding-top: 0.2rem; }
#search-results .detail { grid-column: 2; font-size: 0.8rem; color: var(--muted); font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
#search-results .none { padding: 0.3rem 0.5rem; color: var(--muted); }
ul.cards { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: 0.6rem; }
ul.cards li { border: 1px solid var(--line); border-radius: 8px; padding: 0.6rem 0.8rem; display: flex; flex-direction: column; gap: 0.15rem; }
.try { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.6rem; }
.try .snippet .label { font-size: 0.85rem; font-weight: 600; margin-bottom: 0.2rem; }
.try .snippet .label .muted { font-weight: 400; }
.try .variables { font-size: 0.85rem; margin: 0.2rem 0 0; padding-left: 1.2rem; overflow-wrap: anywhere; }
.try pre { margin: 0; }
article.guide { max-width: 52rem; }
article.guide h1 { margin-bottom: 1rem; }
article.guide h2 { scroll-margin-top: 1rem; }
article.guide table { width: auto; min-width: 60%; }
article.guide li { margin: 0.2rem 0; }
article.guide td code { overflow-wrap: normal; }
.source { margin-top: 3rem; font-size: 0.88rem; }
@media (max-width: 52rem) {
  .layout { display: block; }
  nav.side { border-right: 0; border-bottom: 1px solid var(--line); }
  nav.side ul { display: flex; flex-wrap: wrap; gap: 0.2rem; }
  nav.side ul.sections { display: none; }
  #search-results { right: 0; }
  nav.side .count { display: none; }
  main { padding: 1.2rem 1rem 3rem; }
  dl.facts { grid-template-columns: 1fr; }
  main table { display: block; overflow-x: auto; }
}
`.trim();

/** The site's icon: the brand's initial on the accent colour. */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1f5fbf"/><text x="16" y="23" font-family="system-ui, sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">a</text></svg>`;

interface Site {
  ctx: EmitContext;
  names: Names;
  tags: { name: string; description: string; ops: Operation[] }[];
  guides: GuidePage[];
}

/** The getting-started page, where the examples' conventions (`client`, the accounts) are set up. */
function startHref(site: Site): string {
  return site.guides.find((g) => g.file === 'getting-started.html')?.file ?? 'index.html';
}

function page(site: Site, file: string, title: string, body: string, firstLine = header('emit/docs.ts', 'html')): string {
  const { api } = site.ctx;
  const cur = (f: string) => (f === file ? ' aria-current="page"' : '');
  const guideLinks = site.guides
    .map((g) => {
      const sections = g.file === file ? g.headings.filter((h) => h.depth === 2) : [];
      const sub = sections.length ? `\n<ul class="sections">\n${sections.map((h) => `<li><a href="#${h.id}">${esc(h.text)}</a></li>`).join('\n')}\n</ul>` : '';
      return `<li><a href="${g.file}"${cur(g.file)}>${esc(g.label)}</a>${sub}</li>`;
    })
    .join('\n');
  const tagLinks = site.tags
    .map((t) => `<li><a href="${site.names.tagFile(t.name)}"${cur(site.names.tagFile(t.name))}>${esc(t.name)} <span class="count">${t.ops.length}</span></a></li>`)
    .join('\n');
  return `${firstLine}<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<link rel="icon" href="favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="style.css">
<script src="minisearch.js" defer></script>
<script src="search.js" defer></script>
<script src="copy.js" defer></script>
</head>
<body>
<div class="layout">
<nav class="side">
<a class="brand" href="index.html">${esc(api.title)}</a>
<span class="version">API ${esc(api.version)} reference</span>
${SEARCH_BOX}
${guideLinks ? `<h2>Guides</h2>\n<ul>\n${guideLinks}\n</ul>` : ''}
<h2>Overview</h2>
<ul>
<li><a href="index.html"${cur('index.html')}>Introduction</a></li>
<li><a href="index.html#auth">Authentication</a></li>
<li><a href="index.html#namespaces">Namespaces</a></li>
<li><a href="index.html#errors">Errors</a></li>
</ul>
<h2>Operations</h2>
<ul>
${tagLinks}
</ul>
<h2>Wire format</h2>
<ul>
<li><a href="elements.html"${cur('elements.html')}>Elements and types</a></li>
</ul>
</nav>
<main>
${body}
</main>
</div>
</body>
</html>
`;
}

// ───────────────────────────── operations ─────────────────────────────

function methodBadge(m: string): string {
  return `<span class="method ${m.toLowerCase()}">${m}</span>`;
}

function pathHtml(path: string): string {
  // A line may break after a slash, never inside a segment.
  const segs = path.split('/').map((seg) => esc(seg).replace(/\{(\w+)\}/g, '<span class="param">{$1}</span>'));
  return `<code class="path">${segs.join('/<wbr>').replace(/^\/<wbr>/, '/').replace(/<wbr>$/, '')}</code>`;
}

function authBadge(a: string): string {
  return `<a class="badge auth-${a}" href="index.html#auth-${a}">auth: ${esc(a)}</a>`;
}

function bodyHtml(b: Body | undefined, direction: 'request' | 'response'): string {
  if (!b || b.kind === 'empty') return '<span class="muted">no body</span>';
  if (b.kind === 'raw') return `<code>${esc(b.mediaType)}</code> document`;
  const shape = complexRef({ name: b.shape } as ComplexType);
  if (b.kind === 'feed') return `<code>atom:feed</code> of ${shape} entries <span class="muted">(<code>application/atom+xml</code>)</span>`;
  const field = b.field && direction === 'request' ? `<br><span class="muted">The SDK takes the <code>${esc(b.field)}</code> value and wraps it in the entry.</span>` : '';
  return `<code>atom:entry</code> of shape ${shape} <span class="muted">(<code>application/atom+xml</code>)</span>${field}`;
}

function statusHtml(op: Operation): string {
  const reason = op.reason ?? REASONS[op.status] ?? '';
  const line = `<code>${op.status}${reason ? ` ${esc(reason)}` : ''}</code>`;
  if (!op.implemented) return `${line} <span class="badge todo">not implemented (501)</span>`;
  if (op.status >= 400) return `${line} <span class="muted">— always; see the errors below</span>`;
  const conditional = op.conditional
    ? ` with an <code>ETag</code>; <code>304 Not Modified</code>, no body, to an <code>If-None-Match</code> naming it <span class="muted">(<a href="protocol.html#conditional-requests">conditional requests</a>)</span>`
    : op.preconditioned
      ? `; <code>412 Precondition Failed</code>, nothing changed, to an <code>If-Match</code> that no longer names the item's <code>ETag</code> <span class="muted">(<a href="protocol.html#conditional-requests">conditional requests</a>)</span>`
      : '';
  return op.reason ? `${line} <span class="muted">(reason phrase fixed by the service)</span>${conditional}` : `${line}${conditional}`;
}

function paramType(p: Param): string {
  const t = `<code>${p.type}</code>`;
  if (!p.enum) return t;
  return `${t}<div class="values">${p.enum.map((v) => `<code>${esc(v)}</code>`).join(' ')}</div>`;
}

function paramsTable(op: Operation): string {
  const rows = [...pathParams(op), ...queryParams(op)].map((p) => {
    const required = p.in === 'path' || p.required || (op.when !== undefined && p.name === op.when);
    const name = p.in === 'query' ? `?${p.name}=` : `{${p.name}}`;
    return `<tr><td class="nowrap"><code>${esc(name)}</code></td><td>${p.in}</td><td>${paramType(p)}</td><td>${required ? 'yes' : 'no'}</td><td>${md(p.description ?? '')}</td></tr>`;
  });
  if (op.conditional) {
    rows.push(
      `<tr><td class="nowrap"><code>If-None-Match</code></td><td>header</td><td><code>string</code></td><td>no</td><td><p>The <code>ETag</code> of the answer the caller holds: 304 Not Modified, no body, while the answer still has it.</p></td></tr>`,
    );
  }
  if (op.preconditioned) {
    rows.push(
      `<tr><td class="nowrap"><code>If-Match</code></td><td>header</td><td><code>string</code></td><td>no</td><td><p>The <code>ETag</code> of the copy the change is based on (or <code>*</code>): 412 Precondition Failed, nothing changed, the current <code>ETag</code> in its header, when the item has changed since.</p></td></tr>`,
    );
  }
  if (rows.length === 0) return '';
  return `<h4>Parameters</h4>
<table>
<thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

function errorsTable(op: Operation): string {
  if (op.errors.length === 0) return '<h4>Errors</h4>\n<p class="muted">None listed.</p>';
  const rows = op.errors.map(
    (e) => `<tr><td class="nowrap"><code>${e.status}</code></td><td class="nowrap"><a href="index.html#${errorId(e.code)}"><code>${esc(e.code)}</code></a></td><td>${md(e.description)}</td></tr>`,
  );
  return `<h4>Errors</h4>
<table>
<thead><tr><th>Status</th><th>Code</th><th>When</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

/** A golden document or inline value shown for one operation (no id: one document may serve several). */
function shownHtml(ex: ShownExample, open: boolean): string {
  if (ex.value !== undefined) return `<pre><code>${esc(ex.value)}</code></pre>`;
  const g = ex.golden!;
  const text = g.xml.replace(/\s+$/, '');
  const note = ex.note ? `<p class="muted">${inline(ex.note)}</p>\n` : '';
  return `${note}<details class="example"${open && text.split('\n').length <= 40 ? ' open' : ''}>
<summary><code>spec/examples/${esc(g.file)}</code> <span class="caption">${inline(g.description ?? '')}</span> <a href="elements.html#${exampleId(g.file)}">(in Elements)</a></summary>
<pre><code>${esc(text)}</code></pre>
</details>`;
}

/**
 * Where a curl line's variables come from: one item each, `data-variable`, `data-from` and
 * `data-element` saying it in a form test/docs/reference-walk.test.ts reads.
 */
function variablesHtml(site: Site, variables: readonly VariableSource[]): string {
  if (variables.length === 0) return '';
  const items = variables.map((v) => {
    const from = site.ctx.api.operations.find((o) => o.id === v.from);
    if (!from) throw new Error(`${v.name} comes from ${v.from}, which is no operation`);
    return `<li class="variable" data-variable="${esc(v.name)}" data-from="${esc(v.from)}" data-element="${esc(v.element)}"><code>$${esc(v.name)}</code>: the first <code>${esc(v.element)}</code> of the answer (of its first entry, for a feed) to <a href="${site.names.opHref(from)}">${esc(from.id)}</a> (${esc(from.method)} <code>${esc(from.path)}</code>), after its last <code>/</code> or <code>:</code></li>`;
  });
  return `\n<ul class="variables">${items.join('')}</ul>`;
}

/** Request and response examples, the curl line and the SDK call of one operation. */
function usageHtml(site: Site, op: Operation): string {
  const usage = usageOf(site.ctx, op);
  const reason = op.reason ?? REASONS[op.status] ?? '';
  const status = `<code>${op.status}${reason ? ` ${esc(reason)}` : ''}</code>`;
  const parts: string[] = [];
  parts.push(`<h4>Try it</h4>
<div class="try">
<div class="snippet"><div class="label">curl <span class="muted">(the accounts of <a href="${startHref(site)}#2-create-an-account">Getting started</a>: <code>alice:wonderland-42</code>, the administrator <code>demo</code> with the password the server printed; <code>$VARIABLES</code> from the answers of earlier operations, as said below the line; the body file from <code>spec/examples/</code>)</span></div>
<pre><code class="language-sh">${esc(usage.curl)}</code></pre>${variablesHtml(site, usage.variables)}</div>
<div class="snippet"><div class="label">SDK <span class="muted">(<code>client</code> from <code>createClient</code> of <code>@atomsync/sdk</code>: see <a href="${startHref(site)}">Getting started</a>)</span></div>
<pre><code class="language-ts">${esc(usage.sdk)}</code></pre></div>
</div>`);
  if (op.request && op.request.kind !== 'empty') {
    const what =
      op.request.kind === 'raw'
        ? `<p>A ${op.requestMediaTypes.map((m) => `<code>${esc(m)}</code>`).join(' or ')} document.</p>`
        : `<p class="muted">${op.requestMediaTypes.map((m) => `<code>${esc(m)}</code>`).join(' ')}</p>`;
    parts.push(`<h4>Request example</h4>\n${what}\n${usage.request.map((e) => shownHtml(e, true)).join('\n')}`);
  }
  let answer: string;
  if (!op.implemented || op.status >= 400) {
    const code = op.implemented ? (op.errors.find((e) => e.status === op.status)?.code ?? 'internal') : 'not_implemented';
    answer = `<p>Always ${status} with the <a href="index.html#errors">error body</a>, code <a href="index.html#${errorId(code)}"><code>${esc(code)}</code></a>.</p>`;
  } else if (op.response.kind === 'empty') {
    answer = `<p>${status}, no body.</p>`;
  } else {
    const media = op.response.kind === 'raw' ? op.response.mediaType : 'application/atom+xml';
    const shownList = usage.response.map((e, i) => shownHtml(e, i === 0)).join('\n');
    answer = `<p>${status} <span class="muted">· <code>${esc(media)}</code></span></p>\n${shownList}`;
  }
  parts.push(`<h4>Response example</h4>\n${answer}`);
  return parts.join('\n');
}

function operationHtml(site: Site, op: Operation): string {
  const { api } = site.ctx;
  const variants = api.operations.filter((o) => o.variantOf === op.id);
  const base = op.variantOf ? api.operations.find((o) => o.id === op.variantOf) : undefined;
  const title = base ? `${op.summary} — with <code>?${esc(op.when!)}=</code>` : inline(op.summary);
  const badges = [authBadge(op.auth)];
  if (!op.implemented) badges.push('<span class="badge todo">not implemented (501)</span>');
  if (base) badges.push(`<span class="badge variant">variant of ${esc(base.id)}</span>`);
  let description: string;
  if (base) {
    description = `<p>The same endpoint as <a href="#${base.id}">${esc(base.id)}</a>: with the <code>${esc(op.when!)}</code> query parameter present it answers as described here.</p>`;
  } else {
    description = md(op.description) || '<p class="muted">No description.</p>';
    for (const v of variants) {
      description += `\n<p class="muted">With <code>?${esc(v.when!)}=</code> this endpoint answers as the variant <a href="#${v.id}">${esc(v.id)}</a>.</p>`;
    }
  }
  const facts: [string, string][] = [
    ['Auth class', `<a href="index.html#auth-${op.auth}">${esc(op.auth)}</a>`],
    ['Request body', !op.implemented && !op.request ? '<span class="muted">not defined</span>' : bodyHtml(op.request, 'request')],
    [
      'Response body',
      (op.status >= 400 || !op.implemented) && op.response.kind === 'empty'
        ? `the <a href="index.html#errors">error body</a> <span class="muted">(<code>application/xml</code>)</span>`
        : bodyHtml(op.response, 'response'),
    ],
    [op.status >= 400 || !op.implemented ? 'Answer' : 'Success', statusHtml(op)],
    ['SDK', `<code>${esc(op.sdk)}</code>`],
  ];
  return `<section class="op" id="${op.id}">
<h2>${title}</h2>
<div class="signature">${methodBadge(op.method)} ${pathHtml(op.path)}${base ? `<code class="path">?${esc(op.when!)}=…</code>` : ''} ${badges.join(' ')} <span class="opid">${esc(op.id)}</span></div>
${description}
<dl class="facts">
${facts.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('\n')}
</dl>
${paramsTable(op)}
${usageHtml(site, op)}
${errorsTable(op)}
</section>`;
}

function tagPage(site: Site, tag: Site['tags'][number]): string {
  const summary = tag.ops.map(
    (op) =>
      `<tr><td class="nowrap">${methodBadge(op.method)}</td><td>${pathHtml(op.path)}${op.when ? ` <code>?${esc(op.when)}=</code>` : ''}</td><td><a href="#${op.id}">${inline(op.summary)}</a>${op.variantOf ? ` <span class="badge variant">variant</span>` : ''}${op.implemented ? '' : ' <span class="badge todo">501</span>'}</td><td class="nowrap">${authBadge(op.auth)}</td></tr>`,
  );
  const body = `<h1>${esc(tag.name)}</h1>
${md(tag.description) || '<p class="muted">No description.</p>'}
${
  tag.ops.length
    ? `<table>
<thead><tr><th>Method</th><th>Path</th><th>Operation</th><th>Auth</th></tr></thead>
<tbody>
${summary.join('\n')}
</tbody>
</table>
${tag.ops.map((op) => operationHtml(site, op)).join('\n')}`
    : '<p class="muted">No operations.</p>'
}`;
  return page(site, site.names.tagFile(tag.name), `${tag.name} — ${site.ctx.api.title} API reference`, body);
}

// ───────────────────────────── index ─────────────────────────────

function indexPage(site: Site): string {
  const { ctx, names } = site;
  const { api } = ctx;
  const comps = { schemes: ctx.api.securitySchemes, errors: ctx.api.errorResponses };
  const tagRows = site.tags.map(
    (t) => `<tr><td class="nowrap"><a href="${names.tagFile(t.name)}">${esc(t.name)}</a></td><td>${inline(t.description)}</td><td>${t.ops.length}</td></tr>`,
  );
  const opRows = site.tags.flatMap((t) =>
    t.ops.map(
      (op) =>
        `<tr><td class="nowrap">${methodBadge(op.method)}</td><td>${pathHtml(op.path)}${op.when ? ` <code>?${esc(op.when)}=</code>` : ''}</td><td><a href="${names.opHref(op)}">${inline(op.summary)}</a>${op.variantOf ? ` <span class="badge variant">variant</span>` : ''}${op.implemented ? '' : ' <span class="badge todo">501</span>'}</td><td class="nowrap">${authBadge(op.auth)}</td></tr>`,
    ),
  );
  const authRows = AUTH_CLASSES.map((a) => {
    const ops = api.operations.filter((o) => o.auth === a.name);
    const tags = [...new Set(ops.map((o) => o.tag))];
    return `<tr id="auth-${a.name}"><td class="nowrap">${authBadge(a.name)}</td><td>${inline(a.meaning)}</td><td>${ops.length}</td><td>${tags.map((t) => `<a href="${names.tagFile(t)}">${esc(t)}</a>`).join(', ')}</td></tr>`;
  });
  const schemeRows = comps.schemes.map(
    (s) => `<tr><td class="nowrap"><code>${esc(s.name)}</code></td><td class="nowrap">${esc(s.type)}${s.scheme ? ` / ${esc(s.scheme)}` : ''}</td><td>${md(s.description)}</td></tr>`,
  );
  const nsRows = names.namespaces().map((n) => {
    const k = KNOWN_NS[n.uri];
    return `<tr><td><code>${esc(n.prefix)}</code></td><td class="nowrap"><code>${esc(n.uri)}</code></td><td class="nowrap">${k ? `<code>${esc(k.schema)}</code>` : ''}</td><td>${k ? esc(k.what) : ''}</td></tr>`;
  });

  // Error codes: the ErrorCode enumeration of the error body, the components that use them,
  // and the statuses operations answer them with.
  const codeField = ctx.error.fields.find((f) => f.local === 'code');
  const enumCodes = (codeField?.scalar?.values ?? []).map(String);
  const usedCodes = api.operations.flatMap((o) => o.errors.map((e) => e.code));
  const codes = [...new Set([...enumCodes, ...comps.errors.map((e) => e.code), ...usedCodes])];
  const codeRows = codes.map((code) => {
    const uses = api.operations.flatMap((o) => o.errors.filter((e) => e.code === code));
    const statuses = [...new Set(uses.map((e) => e.status))].sort((a, b) => a - b);
    const comp = comps.errors.filter((c) => c.code === code);
    const meaning = comp.map((c) => md(c.description)).join('\n') || '<p class="muted">Not used by any operation’s error responses.</p>';
    const headers = comp.flatMap((c) => c.headers).map((h) => `<p class="muted">Header <code>${esc(h.name)}</code>: ${inline(h.description)}</p>`);
    const opCount = new Set(api.operations.filter((o) => o.errors.some((e) => e.code === code)).map((o) => o.id)).size;
    return `<tr id="${errorId(code)}"><td class="nowrap"><code>${esc(code)}</code></td><td class="nowrap">${statuses.map((s) => `<code>${s}</code>`).join(' ') || '—'}</td><td>${meaning}${headers.join('')}</td><td>${opCount}</td></tr>`;
  });
  const errorExamples = ctx.examples.filter((e) => exampleType(ctx, e) === ctx.error);

  const body = `<h1>${esc(api.title)} <span class="muted" style="font-size:0.6em;font-weight:400">API ${esc(api.version)}</span></h1>
<div class="lead">
${md(api.description)}
</div>
${
  site.guides.length
    ? `
<h2 id="guides">Start here</h2>
<ul class="cards">
${site.guides.map((g) => `<li><a href="${g.file}"><strong>${esc(g.label)}</strong></a><span class="muted">${esc(g.title.includes(':') ? g.title.replace(/^[^:]*:\s*/, '') : '')}</span></li>`).join('\n')}
</ul>
<p class="muted">Every operation below shows a request and a response example (the golden documents of <code>spec/examples/</code>), a <code>curl</code> line against <code>${esc(EXAMPLE_ORIGIN)}</code> and the call of the <code>@atomsync/sdk</code> client. The search box in the navigation finds operations by summary, id, path or SDK method, and the sections of the guides.</p>`
    : ''
}

<h2 id="tags">Reference</h2>
<p>The operations, one page per tag. The bodies they exchange are described on <a href="elements.html">Elements and types</a>.</p>
<table>
<thead><tr><th>Tag</th><th>What it covers</th><th>Operations</th></tr></thead>
<tbody>
${tagRows.join('\n')}
</tbody>
</table>

<h3 id="operations">All operations</h3>
<table>
<thead><tr><th>Method</th><th>Path</th><th>Operation</th><th>Auth</th></tr></thead>
<tbody>
${opRows.join('\n')}
</tbody>
</table>

<h2 id="auth">Authentication</h2>
<p>Each operation belongs to one auth class.</p>
<table>
<thead><tr><th>Class</th><th>Meaning</th><th>Operations</th><th>Tags</th></tr></thead>
<tbody>
${authRows.join('\n')}
</tbody>
</table>
${
  schemeRows.length
    ? `<h3 id="schemes">Credentials</h3>
<p>The classes <code>account</code> and <code>admin</code> take any of these:</p>
<table>
<thead><tr><th>Scheme</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
${schemeRows.join('\n')}
</tbody>
</table>`
    : ''
}

<h2 id="namespaces">Namespaces</h2>
<p>Element names in this reference carry these prefixes. Documents may bind any prefix; only the namespace URI matters.</p>
<table>
<thead><tr><th>Prefix</th><th>Namespace</th><th>Schema</th><th>Holds</th></tr></thead>
<tbody>
${nsRows.join('\n')}
</tbody>
</table>

<h2 id="errors">Errors</h2>
<p>Every error answer has an <code>application/xml</code> body: the element <code>${esc(names.qname({ uri: ctx.error.uri, local: 'error' }))}</code> of type ${complexRef(ctx.error)}.</p>
${typeTable(site, ctx.error)}
${errorExamples.map((e, i) => exampleHtml(e, i)).join('\n')}
<h3 id="error-codes">Error codes</h3>
<table>
<thead><tr><th>Code</th><th>Status</th><th>Meaning</th><th>Operations</th></tr></thead>
<tbody>
${codeRows.join('\n')}
</tbody>
</table>`;
  return page(site, 'index.html', `${api.title} API reference`, body);
}

// ───────────────────────────── elements ─────────────────────────────

function fieldNotes(f: Field): string {
  return f.documentation ? inline(f.documentation) : '';
}

function typeTable(site: Site, t: ComplexType): string {
  const { names } = site;
  const notes = t.fields.some((f) => f.documentation);
  const note = (html: string) => (notes ? `<td>${html}</td>` : '');
  const rows: string[] = [];
  for (const f of t.fields) {
    const type = f.complex ? complexRef(f.complex) : scalarRef(f.scalar!);
    rows.push(`<tr><td class="nowrap"><code>${esc(names.qname(f))}</code></td><td><code>${esc(f.prop)}</code></td><td>${type}</td><td class="nowrap">${occurs(f.min, f.max)}${f.inEveryResponse ? '; 1 in answers' : ''}</td>${note(fieldNotes(f))}</tr>`);
  }
  for (const a of t.attrs) {
    rows.push(`<tr><td class="nowrap"><code>@${esc(a.local)}</code></td><td><code>${esc(a.prop)}</code></td><td>${scalarRef(a.scalar)}</td><td class="nowrap">${a.required ? '1' : '0..1'}</td>${note('')}</tr>`);
  }
  if (t.text) {
    rows.push(`<tr><td class="nowrap"><span class="muted">(text content)</span></td><td><code>${esc(t.text.prop)}</code></td><td>${scalarRef(t.text.scalar)}</td><td class="nowrap">1</td>${note('')}</tr>`);
  }
  if (rows.length === 0) return '<p class="muted">Empty: no children, attributes or text.</p>';
  return `<table class="fields">
<colgroup><col class="c-xml"><col class="c-ts"><col><col class="c-occ">${notes ? '<col>' : ''}</colgroup>
<thead><tr><th>XML</th><th>TypeScript</th><th>Type</th><th>Occurs</th>${notes ? '<th>Notes</th>' : ''}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

/** The complex type a golden example shows, when it names one that is emitted. */
function exampleType(ctx: EmitContext, e: GoldenExample): ComplexType | undefined {
  const shape = e.entry ?? e.feed;
  if (shape) return ctx.reached.complex.find((t) => t.name === shape);
  if (!e.element) return undefined;
  const local = e.element.replace(/^.*[:}]/, '');
  if (local === 'error') return ctx.error;
  const found = new Set(ctx.reached.complex.flatMap((t) => t.fields.filter((f) => f.local === local && f.complex).map((f) => f.complex!)));
  return found.size === 1 ? [...found][0] : undefined;
}

/** One golden document, collapsible (the first of a list is open). */
function exampleHtml(e: GoldenExample, i = 0): string {
  const kind = e.entry ? 'entry' : e.feed ? 'feed' : 'element';
  return `<details class="example" id="${exampleId(e.file)}"${i === 0 ? ' open' : ''}>
<summary><code>${esc(e.file)}</code> <span class="badge variant">${kind}</span> <span class="caption">${inline(e.description ?? '')}</span></summary>
<pre><code>${esc(e.xml.replace(/\s+$/, ''))}</code></pre>
</details>`;
}

interface Scalars {
  list: Scalar[];
  usedBy: Map<string, ComplexType[]>;
}

function namedScalars(ctx: EmitContext): Scalars {
  const byName = new Map<string, Scalar>();
  const usedBy = new Map<string, ComplexType[]>();
  const note = (s: Scalar, t: ComplexType) => {
    if (isBuiltin(s)) return;
    const prev = byName.get(s.type);
    if (prev && prev !== s && JSON.stringify(prev) !== JSON.stringify(s)) throw new Error(`docs: two simple types named ${s.type}`);
    byName.set(s.type, prev ?? s);
    const users = usedBy.get(s.type) ?? [];
    if (!users.includes(t)) users.push(t);
    usedBy.set(s.type, users);
  };
  for (const t of ctx.reached.complex) {
    for (const f of t.fields) if (f.scalar) note(f.scalar, t);
    for (const a of t.attrs) note(a.scalar, t);
    if (t.text) note(t.text.scalar, t);
  }
  const list = [...byName.values()].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  return { list, usedBy };
}

/** The XSD base of a named simple type (the listing timestamp is a pattern-restricted string). */
function scalarBase(s: Scalar): string {
  return s.kind === 'listingTimestamp' ? 'xs:string' : `xs:${s.kind}`;
}

/** One row of the simple-type table: base, the value set or form, and the types that use it. */
function scalarRow(s: Scalar, users: ComplexType[]): string {
  const facts: string[] = [];
  if (s.documentation) facts.push(md(s.documentation));
  if (s.values) facts.push(`<div class="values">${s.values.map((v) => `<code>${esc(String(v))}</code>`).join(' ')}</div>`);
  if (s.pattern) facts.push(`<div>pattern <code>${esc(s.pattern)}</code></div>`);
  if (s.kind === 'listingTimestamp') facts.push('<div><code>YYYY-MM-DD HH:MM:SS</code> (UTC)</div>');
  if (s.nullable) facts.push('<div class="muted">or empty (present with no value)</div>');
  return `<tr id="${simpleId(s.type)}"><td class="nowrap"><code>${esc(s.type)}</code></td><td class="nowrap"><code>${scalarBase(s)}</code></td><td>${facts.join('\n')}</td><td>${users.map(complexRef).join(', ')}</td></tr>`;
}

function elementsPage(site: Site): string {
  const { ctx, names } = site;
  const entryNames = new Set(ctx.entryShapes.map((s) => s.name));
  const special = new Set<ComplexType>([...ctx.entryShapes, ctx.feedHead, ctx.error]);
  const others = ctx.reached.complex.filter((t) => !special.has(t)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const scalars = namedScalars(ctx);
  const parents = (t: ComplexType) => ctx.reached.complex.filter((p) => p.fields.some((f) => f.complex === t));
  const shown = new Set<GoldenExample>();

  const examplesOf = (t: ComplexType) => {
    const list = ctx.examples.filter((e) => exampleType(ctx, e) === t);
    for (const e of list) shown.add(e);
    if (list.length === 0) return '';
    return `<h4>Examples <span class="muted">(spec/examples/)</span></h4>\n${list.map((e, i) => exampleHtml(e, i)).join('\n')}`;
  };

  const typeSection = (t: ComplexType, intro: string) => {
    const users: string[] = [];
    if (entryNames.has(t.name)) {
      for (const op of ctx.api.operations) {
        const uses: string[] = [];
        for (const [b, dir] of [[op.request, 'request'], [op.response, 'response']] as const) {
          if (b && (b.kind === 'entry' || b.kind === 'feed') && b.shape === t.name) uses.push(`${dir} ${b.kind}`);
        }
        if (uses.length) users.push(`<li>${methodBadge(op.method)} <a href="${names.opHref(op)}">${esc(op.id)}</a> <span class="muted">${uses.join(', ')}</span></li>`);
      }
    }
    const ps = parents(t);
    const usedIn = ps.length ? `<p class="muted">Used in ${ps.map(complexRef).join(', ')}.</p>` : '';
    return `<section class="type" id="${t.name}">
<h3>${esc(t.name)} <span class="qname">${esc(names.prefix(t.uri))}:${esc(t.name)}</span></h3>
${intro}
${t.documentation ? md(t.documentation) : ''}
${typeTable(site, t)}
${usedIn}
${users.length ? `<h4>Operations</h4>\n<ul>\n${users.join('\n')}\n</ul>` : ''}
${examplesOf(t)}
</section>`;
  };

  const entrySections = ctx.entryShapes.map((t) =>
    typeSection(t, `<p>An entry shape: an <code>atom:entry</code> whose children are these; a feed of this shape is an <code>atom:feed</code> with the <a href="#${ctx.feedHead.name}">feed head</a> and <code>atom:entry</code> children of this shape.</p>`),
  );
  const feedSection = typeSection(ctx.feedHead, '<p>The head of every <code>atom:feed</code>; the feed’s <code>atom:entry</code> children follow it, all of one entry shape.</p>');
  const errorSection = typeSection(ctx.error, `<p>The body of every error answer (<code>application/xml</code>), root element <code>${esc(names.qname({ uri: ctx.error.uri, local: 'error' }))}</code>. See <a href="index.html#errors">Errors</a> for the codes.</p>`);
  const otherSections = others.map((t) => typeSection(t, ''));
  const scalarRows = scalars.list.map((s) => scalarRow(s, scalars.usedBy.get(s.type) ?? []));
  const unplaced = ctx.examples.filter((e) => !shown.has(e));

  const toc = (items: [id: string, label: string][]) =>
    `<ul class="toc">\n${items.map(([id, label]) => `<li><a href="#${id}">${esc(label)}</a></li>`).join('\n')}\n</ul>`;
  const body = `<h1>Elements and types</h1>
<p class="lead">What the bodies of the operations hold. Each <a href="#entry-shapes">entry shape</a> is the content of an <code>atom:entry</code>; a feed is an <code>atom:feed</code> with the <a href="#${ctx.feedHead.name}">feed head</a> and entries of one shape. XML names carry the <a href="index.html#namespaces">namespace prefixes</a>; attributes are unqualified. Readers accept children in any order; writers emit them in the order listed.</p>
<p class="muted">Occurs: <code>1</code> exactly once, <code>0..1</code> optional, <code>0..n</code> any number, <code>1..n</code> at least once; <code>0..1; 1 in answers</code> optional in requests, in every answer (the SDK's response types, such as <code>SyncmlClientResponse</code>, have it required). The TypeScript column is the property of the generated model in <code>@atomsync/atom</code>.</p>
${ctx.examples.length === 0 ? '<p class="note">No golden examples yet: <code>spec/examples/index.yaml</code> is missing or empty.</p>' : ''}
<h2 id="entry-shapes">Entry shapes</h2>
${toc(ctx.entryShapes.map((t) => [t.name, t.name]))}
${entrySections.join('\n')}
<h2 id="feed-head">Feed head</h2>
${feedSection}
<h2 id="error">Error body</h2>
${errorSection}
<h2 id="complex-types">Other complex types</h2>
${toc(others.map((t) => [t.name, t.name]))}
${otherSections.join('\n')}
<h2 id="simple-types">Simple types</h2>
<p>Named simple types; the XSD built-ins (<code>xs:string</code>, <code>xs:int</code>, …) are not listed.</p>
<table class="simple">
<colgroup><col style="width:14rem"><col style="width:11rem"><col><col style="width:30%"></colgroup>
<thead><tr><th>Type</th><th>Base</th><th>Values or form</th><th>Used in</th></tr></thead>
<tbody>
${scalarRows.join('\n')}
</tbody>
</table>
${unplaced.length ? `<h2 id="other-examples">Other examples</h2>\n<p class="muted">Golden documents whose shape is not one of the types above.</p>\n${unplaced.map((e, i) => exampleHtml(e, i)).join('\n')}` : ''}`;
  return page(site, 'elements.html', `Elements and types — ${ctx.api.title} API reference`, body);
}

// ───────────────────────────── entry point ─────────────────────────────

/** A guide as a page of the site. */
function guidePageHtml(site: Site, g: GuidePage): string {
  const source = `<p class="source muted">From <a href="${REPO_URL}/blob/main/${g.source}"><code>${esc(g.source)}</code></a> in the repository.</p>`;
  const firstLine = `<!-- generated — do not edit. Written by codegen/src/emit/docs.ts from ${g.source}; run \`npm run generate\`. -->\n`;
  return page(site, g.file, `${g.title} — ${site.ctx.api.title}`, `<article class="guide">\n${g.html}</article>\n${source}`, firstLine);
}

/** The SDK methods of an operation by their own names: `list`, and for a feed its `iterateList` twin. */
function sdkMethods(op: Operation): string[] {
  const method = op.sdk.replace(/\([^)]*\)/g, '').split('.').at(-1)!;
  return op.method === 'GET' && op.response.kind === 'feed' ? [method, iterateName(method)] : [method];
}

/** What the search box knows beyond a section's words: operations (id, SDK method), guide sections, tags, types and error codes. */
function searchItems(site: Site): SearchItem[] {
  const { ctx, names } = site;
  const items: SearchItem[] = [];
  for (const op of ctx.api.operations) {
    items.push({
      title: op.variantOf ? `${op.summary} (?${op.when}=)` : op.summary,
      url: names.opHref(op),
      kind: 'operation',
      detail: `${op.method} ${op.path}${op.when ? `?${op.when}=` : ''}`,
      keywords: [op.id, `client.${op.sdk.replace(/\([^)]*\)/g, '(…)')}`, op.tag, ...sdkMethods(op)],
    });
  }
  for (const g of site.guides) {
    for (const h of g.headings.filter((x) => x.depth <= 3)) {
      items.push({ title: h.text, url: h.depth === 1 ? g.file : `${g.file}#${h.id}`, kind: 'guide', detail: h.depth === 1 ? undefined : g.label });
    }
  }
  for (const t of site.tags) items.push({ title: t.name, url: names.tagFile(t.name), kind: 'tag', detail: `${t.ops.length} operations` });
  for (const t of ctx.reached.complex) items.push({ title: t.name, url: typeHref(t.name), kind: 'type' });
  const codeField = ctx.error.fields.find((f) => f.local === 'code');
  for (const code of (codeField?.scalar?.values ?? []).map(String)) items.push({ title: code, url: `index.html#${errorId(code)}`, kind: 'error', detail: 'error code' });
  return items;
}

export function emitDocs(ctx: EmitContext, out: Output): void {
  const declared = ctx.api.tags.map((t) => ({ name: t.name, description: t.description ?? '' }));
  for (const op of ctx.api.operations) {
    if (!declared.some((t) => t.name === op.tag)) declared.push({ name: op.tag, description: '' });
  }
  const tags = declared.map((t) => ({ ...t, ops: ctx.api.operations.filter((o) => o.tag === t.name) }));
  const guideFiles = new Set(ctx.guides.map((g) => guideFile(g.file)));
  const names = new Names(ctx, tags.map((t) => t.name), guideFiles);
  for (const f of guideFiles) {
    if (RESERVED_PAGES.has(f.replace(/\.html$/, ''))) throw new Error(`docs: a guide may not be named ${f}`);
  }
  const pages = new Set(['index.html', 'elements.html', ...tags.map((t) => names.tagFile(t.name))]);
  const site: Site = { ctx, names, tags, guides: renderGuides(ctx.guides, pages) };
  out.add('docs/style.css', `${header('emit/docs.ts', 'css')}${CSS.trimStart()}`);
  out.add('docs/favicon.svg', `${header('emit/docs.ts', 'html')}${FAVICON}`);
  // Every page first: the search indexes what they hold.
  const pagesOut: { file: string; html: string; title: string; kind: SearchItem['kind']; label: string }[] = [
    { file: 'index.html', html: indexPage(site), title: ctx.api.title, kind: 'reference', label: 'Introduction' },
    ...tags.map((tag) => ({ file: site.names.tagFile(tag.name), html: tagPage(site, tag), title: tag.name, kind: 'reference' as const, label: `${tag.name} operations` })),
    { file: 'elements.html', html: elementsPage(site), title: 'Elements and types', kind: 'reference', label: 'Elements and types' },
    ...site.guides.map((g) => ({ file: g.file, html: guidePageHtml(site, g), title: g.title, kind: 'guide' as const, label: g.label })),
  ];
  out.add('docs/minisearch.js', minisearchScript());
  out.add('docs/search.js', searchScript(searchDocuments(pagesOut, searchItems(site))));
  out.add('docs/copy.js', copyScript());
  for (const p of pagesOut) out.add(`docs/${p.file}`, p.html);
}
