/**
 * Client-side search for the docs site: docs/search.js holds a small index (operations, guide
 * headings, tags, types, error codes) and the few lines that search it from the box in every
 * page's navigation. A script rather than a JSON file, so the site works from `file://` too.
 */
import { header } from './file.js';

export interface SearchItem {
  /** What the result shows. */
  title: string;
  /** Where it goes, relative to docs/. */
  url: string;
  /** operation, guide, tag, type or error: shown beside the title, and ranks operations first. */
  kind: 'operation' | 'guide' | 'tag' | 'type' | 'error';
  /** A second line: the method and path of an operation, the guide of a heading. */
  detail?: string;
  /** More words that find it: an operation's id and SDK method. */
  keywords?: string[];
}

/** The search box every page's navigation holds; search.js fills the list below it. */
export const SEARCH_BOX = `<div class="search" role="search">
<label for="search-input">Search</label>
<input id="search-input" type="search" placeholder="Operations, guides, types…" autocomplete="off" spellcheck="false">
<ul id="search-results" hidden></ul>
</div>`;

const SCRIPT = `
(function () {
  var KINDS = ['operation', 'guide', 'tag', 'type', 'error'];
  var input = document.getElementById('search-input');
  var list = document.getElementById('search-results');
  if (!input || !list) return;
  var items = INDEX.map(function (it) {
    return { it: it, title: it.title.toLowerCase(), words: [it.title, it.detail || ''].concat(it.keywords || []).join(' ').toLowerCase() };
  });
  // An exact title or keyword first, then by kind (operations first), then titles that start with it.
  function rank(entry, q) {
    var keys = (entry.it.keywords || []).map(function (k) { return k.toLowerCase(); });
    var exact = entry.title === q || keys.indexOf(q) !== -1 ? 0 : 1;
    var start = entry.title.indexOf(q) === 0 ? 0 : entry.title.indexOf(q) !== -1 ? 1 : 2;
    return exact * 100 + KINDS.indexOf(entry.it.kind) * 10 + start;
  }
  function search(query) {
    var q = query.trim().toLowerCase();
    if (!q) return [];
    var terms = q.split(/\\s+/);
    return items
      .filter(function (e) { return terms.every(function (t) { return e.words.indexOf(t) !== -1; }); })
      .map(function (e) { return { e: e, r: rank(e, q) }; })
      .sort(function (a, b) { return a.r - b.r || (a.e.title < b.e.title ? -1 : a.e.title > b.e.title ? 1 : 0); })
      .slice(0, 15)
      .map(function (x) { return x.e.it; });
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

/** docs/search.js: the index and the search. */
export function searchScript(items: SearchItem[]): string {
  const index = items.map((it) => JSON.stringify(it)).join(',\n');
  return `${header('emit/docs-search.ts')}var INDEX = [\n${index}\n];\n${SCRIPT.trimStart()}`;
}
