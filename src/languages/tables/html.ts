// HTML: grammar, syntax and semantic knowledge, as data. Markup has no functions or calls: only
// imports (`<script src>`, `<link href>`), comments and semantic labels apply.
import { LABELS as L, type LanguageSpec } from '../types.ts';

/** The tags whose attribute loads another file of the page. */
const LOADING_ATTRIBUTES = [
  { tag: 'script', attribute: 'src' },
  { tag: 'link', attribute: 'href' },
];

export const html: LanguageSpec = {
  id: 'html',
  displayName: 'HTML',
  grammar: { package: 'tree-sitter-html', wasm: 'tree-sitter-html.wasm' },
  extensions: ['.html', '.htm', '.xhtml'],
  lineComment: null,
  blockComment: ['<!--', '-->'],
  commentTypes: ['comment'],
  identifierTypes: ['tag_name', 'attribute_name'],
  stringTypes: ['quoted_attribute_value', 'attribute_value'],
  definitions: [],
  calls: [],
  // `<script src="app.js">` and `<link href="site.css">` load files relative to the page.
  imports: (['start_tag', 'self_closing_tag'] as const).flatMap((type) =>
    LOADING_ATTRIBUTES.map(({ tag, attribute }) => ({
      type,
      onlyWhen: { path: ['@tag_name'], texts: [tag, tag.toUpperCase()] },
      pathFields: [attribute, attribute.toUpperCase()].flatMap((name) => [
        ['@attribute', '@attribute_name', `=${name}`, '..', '@quoted_attribute_value', '@attribute_value'],
        ['@attribute', '@attribute_name', `=${name}`, '..', '@attribute_value'],
      ]),
      resolve: 'include' as const,
      defaultBinding: 'none' as const,
    })),
  ),
  scopes: [],
  docstring: 'comment-before',
  statementTypes: ['element', 'script_element', 'style_element', 'doctype', 'comment'],
  keywords: [],
  stdlib: [],
  semantic: {
    document: L.entry,
    doctype: L.entry,
    attribute_value: L.string,
    quoted_attribute_value: L.string,
    text: L.string,
    entity: L.string,
    raw_text: L.string,
    element: L.compoundStatement,
    script_element: L.compoundStatement,
    style_element: L.compoundStatement,
    start_tag: L.otherStatement,
    end_tag: L.otherStatement,
    self_closing_tag: L.otherStatement,
    erroneous_end_tag: L.otherStatement,
    attribute: L.otherModifier,
    attribute_name: L.otherModifier,
    comment: L.multiLineComment,
    tag_name: L.identifier,
    erroneous_end_tag_name: L.identifier,
  },
  semanticFallback: L.otherStatement,
  semanticRules: [
    // `<script src="app.js"></script>` loads a file; a script's body is code (a block of statements), not a string
    {
      types: ['script_element'],
      pattern: '^<(?:script|SCRIPT)\\b[^>]*\\b(?:src|SRC)\\s*=[^>]*>\\s*</(?:script|SCRIPT)\\s*>$',
      label: L.import,
    },
    { types: ['raw_text'], within: ['script_element'], label: L.compoundStatement },
  ],
};
