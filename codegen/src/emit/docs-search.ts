/**
 * Full-text search for the docs site, with MiniSearch (a maintained, dependency-free full-text
 * engine) copied into the site at generation time: docs/minisearch.js is its browser build,
 * docs/search.js holds every section of every page as a document (its title, its words, and for
 * an operation its id and SDK method) and the few lines that index them on first use and answer
 * the box in every page's navigation. Scripts rather than JSON files, so the site works from
 * `file://` too; nothing comes from another origin.
 *
 * A page is cut into sections at each element with an id that is a heading or a `<section>`
 * (an operation, a type, a guide's `##`): each is one document, so a hit lands on its section.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { header } from './file.js';

export interface SearchItem {
  /** What the result shows. */
  title: string;
  /** Where it goes, relative to docs/. */
  url: string;
  /** operation, guide, tag, type, error or reference: shown beside the title; operations rank first. */
  kind: 'operation' | 'guide' | 'tag' | 'type' | 'error' | 'reference';
  /** A second line: the method and path of an operation, the guide of a heading. */
  detail?: string;
  /** More words that find it: an operation's id and SDK method. */
  keywords?: string[];
  /** The section's text. */
  text?: string;
}

/** The search box every page's navigation holds; search.js fills the list below it. */
export const SEARCH_BOX = `<div class="search" role="search">
<label for="search-input">Search</label>
<input id="search-input" type="search" placeholder="Search the docs…" autocomplete="off" spellcheck="false">
<ul id="search-results" hidden></ul>
</div>`;

// ───────────────────────────── documents from pages ─────────────────────────────

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', amp: '&', '#39': "'", nbsp: ' ' };

/** The text of an HTML fragment: tags dropped, entities decoded, whitespace collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(lt|gt|quot|amp|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Where a section starts: an element with an id that is a heading or a section. */
const SECTION_START = /<(h[1-4]|section)\b[^>]*\bid="([^"]+)"[^>]*>/g;

/**
 * The sections of a page's `<main>`: the part before the first id'd heading (the page itself),
 * then one per id'd heading or section, up to the next. The title is the first heading's text.
 */
export function sectionsOf(file: string, html: string, pageTitle: string): { url: string; title: string; text: string }[] {
  const main = /<main>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  const starts = [...main.matchAll(SECTION_START)].map((m) => ({ at: m.index, id: m[2]! }));
  const cuts = [{ at: 0, id: '' }, ...starts];
  const sections: { url: string; title: string; text: string }[] = [];
  cuts.forEach((cut, i) => {
    const chunk = main.slice(cut.at, cuts[i + 1]?.at ?? main.length);
    const text = textOf(chunk);
    if (text === '') return;
    const heading = /<(h[1-4])\b[^>]*>([\s\S]*?)<\/\1>/.exec(chunk);
    sections.push({ url: cut.id ? `${file}#${cut.id}` : file, title: heading ? textOf(heading[2]!) : pageTitle, text });
  });
  return sections;
}

/**
 * The search documents: every section of every page, and where one of `curated` (operations,
 * guide headings, types, error codes, tags) names the same place, its title, kind, detail and
 * keywords. A curated item with no section of its own (an error code's row) is a document too.
 */
export function searchDocuments(pages: { file: string; html: string; title: string; kind: SearchItem['kind']; label: string }[], curated: SearchItem[]): SearchItem[] {
  const byUrl = new Map(curated.map((it) => [it.url, it]));
  const docs: SearchItem[] = [];
  const seen = new Set<string>();
  for (const page of pages) {
    for (const section of sectionsOf(page.file, page.html, page.title)) {
      if (seen.has(section.url)) continue;
      seen.add(section.url);
      const known = byUrl.get(section.url);
      docs.push({ ...(known ?? { title: section.title, url: section.url, kind: page.kind, detail: page.label }), text: section.text });
    }
  }
  for (const it of curated) if (!seen.has(it.url)) docs.push(it);
  return docs;
}

// ───────────────────────────── the scripts ─────────────────────────────

const SCRIPT = `
(function () {
  var input = document.getElementById('search-input');
  var list = document.getElementById('search-results');
  if (!input || !list || typeof MiniSearch === 'undefined') return;
  var BOOST = { operation: 1.6, guide: 1.3, reference: 1, tag: 1, type: 1, error: 1 };
  // Identifiers stay whole and also give their parts: ATOMSYNC_SECRET_KEY, quoted-printable,
  // client.datastore.contents(…).iterateList are found whole, or by any one of their words.
  function tokenize(text) {
    var out = [];
    text.split(/[^\\p{L}\\p{N}_.\\-]+/u).forEach(function (word) {
      word = word.replace(/^[._\\-]+|[._\\-]+$/g, '');
      if (!word) return;
      out.push(word);
      var parts = word.split(/[._\\-]+/);
      if (parts.length > 1) parts.forEach(function (part) { if (part) out.push(part); });
    });
    return out;
  }
  var engine;
  function index() {
    if (engine) return engine;
    engine = new MiniSearch({
      idField: 'url',
      fields: ['title', 'keywords', 'text'],
      storeFields: ['title', 'url', 'kind', 'detail'],
      tokenize: tokenize,
      extractField: function (doc, field) { return field === 'keywords' ? (doc.keywords || []).join(' ') : doc[field]; },
      searchOptions: {
        combineWith: 'AND',
        prefix: function (term) { return term.length > 2; },
        fuzzy: function (term) { return term.length > 5 ? 0.15 : false; },
        boost: { keywords: 6, title: 3, text: 1 },
        boostDocument: function (id, term, stored) { return BOOST[stored.kind] || 1; },
      },
    });
    engine.addAll(INDEX);
    return engine;
  }
  function search(query) {
    if (!query.trim()) return [];
    return index().search(query).slice(0, 15);
  }
  function show(results) {
    list.textContent = '';
    list.hidden = input.value.trim() === '';
    if (!list.hidden && results.length === 0) {
      var none = document.createElement('li');
      none.className = 'none';
      none.textContent = 'Nothing found';
      list.appendChild(none);
    }
    results.forEach(function (it) {
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = it.url;
      var kind = document.createElement('span');
      kind.className = 'kind';
      kind.textContent = it.kind;
      var title = document.createElement('span');
      title.className = 'title';
      title.textContent = it.title;
      a.appendChild(kind);
      a.appendChild(title);
      if (it.detail) {
        var detail = document.createElement('span');
        detail.className = 'detail';
        detail.textContent = it.detail;
        a.appendChild(detail);
      }
      li.appendChild(a);
      list.appendChild(li);
    });
  }
  input.addEventListener('focus', index);
  input.addEventListener('input', function () { show(search(input.value)); });
  input.addEventListener('keydown', function (event) {
    if (event.key === 'Enter') {
      var first = list.querySelector('a');
      if (first) window.location.href = first.href;
    } else if (event.key === 'Escape') {
      input.value = '';
      show([]);
    }
  });
})();
`;

/** docs/search.js: the documents and the search. */
export function searchScript(items: SearchItem[]): string {
  const index = items.map((it) => JSON.stringify(it)).join(',\n');
  return `${header('emit/docs-search.ts')}var INDEX = [\n${index}\n];\n${SCRIPT.trimStart()}`;
}

/** docs/minisearch.js: MiniSearch's browser build (a global `MiniSearch`), with its licence. */
export function minisearchScript(): string {
  const require = createRequire(import.meta.url);
  // Its package.json is not exported: found beside the CommonJS entry's dist/.
  const entry = require.resolve('minisearch');
  const dir = entry.slice(0, entry.lastIndexOf('/dist/') + 1);
  const pkg = JSON.parse(readFileSync(`${dir}package.json`, 'utf8')) as { version: string; license: string };
  const code = readFileSync(`${dir}dist/umd/index.js`, 'utf8').replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n');
  const licence = readFileSync(`${dir}LICENSE.txt`, 'utf8').trim();
  return `${header('emit/docs-search.ts')}/* MiniSearch ${pkg.version} (${pkg.license}), https://github.com/lucaong/minisearch, copied from node_modules/minisearch/dist/umd/index.js.\n${licence}\n*/\n${code}`;
}

const COPY = `
(function () {
  // A Copy button on every code block; the text copied is the block's, exactly.
  document.querySelectorAll('pre > code').forEach(function (code) {
    var pre = code.parentNode;
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy';
    button.textContent = 'Copy';
    button.setAttribute('aria-label', 'Copy this code');
    button.addEventListener('click', function () {
      var done = function (word) { button.textContent = word; setTimeout(function () { button.textContent = 'Copy'; }, 1500); };
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(code.textContent).then(function () { done('Copied'); }, function () { done('Select and copy'); });
      else done('Select and copy');
    });
    pre.classList.add('has-copy');
    pre.insertBefore(button, code);
  });
})();
`;

/** docs/copy.js: copy buttons on code blocks. */
export function copyScript(): string {
  return `${header('emit/docs-search.ts')}${COPY.trimStart()}`;
}
