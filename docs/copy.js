// generated — do not edit. Written by codegen/src/emit/docs-search.ts from spec/openapi.yaml and spec/xsd/*.xsd; run `npm run generate`.
/* eslint-disable */
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
