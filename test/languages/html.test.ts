// The HTML table against the real grammar and the extraction engine: markup has no functions, so
// only its imports (`<script src>`, `<link href>`) and semantic labels are checked.
import { tableSuite } from './table-kit.ts';

tableSuite('html', {
  stdlibSize: [0, 0],
  labels: [
    { file: 'index.html', text: '<!DOCTYPE html>', type: 'doctype', label: 'Program Structure / entry' },
    {
      file: 'index.html',
      text: '<!-- Main content -->',
      type: 'comment',
      label: 'Comments and Documentation / multi-line',
    },
    { file: 'index.html', text: '<h1>Queue</h1>', type: 'element', label: 'Statement / compound' },
    { file: 'index.html', text: '<h1>', type: 'start_tag', label: 'Statement / other' },
    { file: 'index.html', text: 'h1', type: 'tag_name', label: 'Identifier and Scope / identifier' },
    { file: 'index.html', text: 'lang="en"', type: 'attribute', label: 'Modifier and Attribute / other' },
    { file: 'index.html', text: 'charset', type: 'attribute_name', label: 'Modifier and Attribute / other' },
    { file: 'index.html', text: "'container'", type: 'quoted_attribute_value', label: 'Data Type / string' },
    { file: 'index.html', text: '&amp;', type: 'entity', label: 'Data Type / string' },
    {
      file: 'index.html',
      text: '<img src=logo.png alt="logo"/>',
      type: 'self_closing_tag',
      label: 'Statement / other',
    },
    {
      file: 'index.html',
      text: '<script src="js/app.js" defer></script>',
      type: 'script_element',
      label: 'Program Structure / import',
    },
    {
      file: 'index.html',
      text: '\n    body { font-family: sans-serif; }\n  ',
      type: 'raw_text',
      label: 'Data Type / string',
    },
  ],
  extraction: {
    'index.html': {
      // `<link href>` and `<script src>` load files; `<img src>` does not count as an import.
      imports: [
        { target: 'css/site.css', bindings: [], resolve: 'include', line: 6 },
        { target: 'js/app.js', bindings: [], resolve: 'include', line: 10 },
      ],
      functions: [],
    },
    'upper.html': {
      // Tag and attribute names in capitals; `<A HREF>` and `<IMG SRC>` are not imports.
      imports: [
        { target: 'favicon.ico', bindings: [], resolve: 'include', line: 3 },
        { target: 'lib/vendor.js', bindings: [], resolve: 'include', line: 4 },
      ],
      functions: [],
    },
  },
});
