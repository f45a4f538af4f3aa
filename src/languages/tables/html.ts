// HTML: grammar, syntax and semantic knowledge, as data. Markup has no functions or calls: only
// imports (`<script src>`, `<link href>`), comments and semantic labels apply.
import type { LanguageSpec } from '../types.ts';

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
    // Program Structure / entry
    document: { class: 'Program Structure', subclass: 'entry' },
    doctype: { class: 'Program Structure', subclass: 'entry' },
    // Statement / compound
    element: { class: 'Statement', subclass: 'compound' },
    script_element: { class: 'Statement', subclass: 'compound' },
    style_element: { class: 'Statement', subclass: 'compound' },
    // Statement / other
    start_tag: { class: 'Statement', subclass: 'other' },
    end_tag: { class: 'Statement', subclass: 'other' },
    self_closing_tag: { class: 'Statement', subclass: 'other' },
    erroneous_end_tag: { class: 'Statement', subclass: 'other' },
    // Modifier and Attribute / other
    attribute: { class: 'Modifier and Attribute', subclass: 'other' },
    attribute_name: { class: 'Modifier and Attribute', subclass: 'other' },
    // Data Type / string
    attribute_value: { class: 'Data Type', subclass: 'string' },
    quoted_attribute_value: { class: 'Data Type', subclass: 'string' },
    text: { class: 'Data Type', subclass: 'string' },
    entity: { class: 'Data Type', subclass: 'string' },
    raw_text: { class: 'Data Type', subclass: 'string' },
    // Comments and Documentation / multi-line
    comment: { class: 'Comments and Documentation', subclass: 'multi-line' },
    // Identifier and Scope / identifier
    tag_name: { class: 'Identifier and Scope', subclass: 'identifier' },
    erroneous_end_tag_name: { class: 'Identifier and Scope', subclass: 'identifier' },
  },
  semanticFallback: { class: 'Statement', subclass: 'other' },
};
