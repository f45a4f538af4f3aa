// TypeScript: grammar, syntax and semantic knowledge, as data (JavaScript's rules plus types).
import { LABELS as L, type LanguageSpec, type SemanticLabel } from '../types.ts';
import { ecmascriptRules, ecmascriptSemantic, javascript } from './javascript.ts';

/** Semantic labels of the type-level node types that the TypeScript and TSX grammars share. */
// `class A extends B<T> implements C`: members are looked up through the extended class and the implemented interfaces
const typescriptBases = {
  paths: [
    ['@class_heritage', '@extends_clause'],
    ['@class_heritage', '@implements_clause'],
  ],
  skipTypes: ['type_arguments'],
};

export const typescriptSemantic: Record<string, SemanticLabel> = {
  internal_module: L.namespace,
  module: L.namespace,
  import_alias: L.import,
  import_require_clause: L.import,
  abstract_class_declaration: L.class,
  enum_body: L.class,
  enum_declaration: L.class,
  extends_clause: L.class,
  extends_type_clause: L.class,
  implements_clause: L.class,
  interface_body: L.class,
  interface_declaration: L.class,
  type_alias_declaration: L.class,
  abstract_method_signature: L.function,
  call_signature: L.function,
  construct_signature: L.function,
  function_signature: L.function,
  method_signature: L.function,
  ambient_declaration: L.variable,
  enum_assignment: L.variable,
  index_signature: L.variable,
  optional_parameter: L.variable,
  property_signature: L.variable,
  public_field_definition: L.variable,
  required_parameter: L.variable,
  as_expression: L.cast,
  satisfies_expression: L.cast,
  non_null_expression: L.otherExpression,
  predefined_type: L.primitive,
  adding_type_annotation: L.composite,
  array_type: L.composite,
  constructor_type: L.composite,
  flow_maybe_type: L.composite,
  function_type: L.composite,
  index_type_query: L.composite,
  intersection_type: L.composite,
  literal_type: L.composite,
  lookup_type: L.composite,
  object_type: L.composite,
  omitting_type_annotation: L.composite,
  opting_type_annotation: L.composite,
  optional_type: L.composite,
  parenthesized_type: L.composite,
  readonly_type: L.composite,
  rest_type: L.composite,
  tuple_type: L.composite,
  type_annotation: L.composite,
  type_query: L.composite,
  union_type: L.composite,
  conditional_type: L.generic,
  constraint: L.generic,
  default_type: L.generic,
  generic_type: L.generic,
  infer_type: L.generic,
  instantiation_expression: L.generic,
  mapped_type_clause: L.generic,
  template_type: L.generic,
  type_arguments: L.generic,
  type_parameter: L.generic,
  type_parameters: L.generic,
  template_literal_type: L.string,
  asserts: L.boolean,
  asserts_annotation: L.boolean,
  type_predicate: L.boolean,
  type_predicate_annotation: L.boolean,
  existential_type: L.specialValue,
  this_type: L.specialValue,
  accessibility_modifier: L.access,
  override_modifier: L.otherModifier,
  type_identifier: L.identifier,
  nested_identifier: L.qualifiedName,
  nested_type_identifier: L.qualifiedName,
};

const signatureName = [['name']];

/**
 * Where a declaration states a class-like type (`: Foo`, `: Map<K, V>`, `: express.Express`); a built-in (`string`,
 * `any`), a union or an array states none worth keeping.
 */
const statedType = [
  ['type', '@type_identifier'],
  ['type', '@generic_type'],
  ['type', '@nested_type_identifier'],
];
/** A value that names its type: `new Foo()`, `x as Foo`. */
const valueTypes = { new_expression: ['constructor'], as_expression: ['@type_identifier'] };

export const typescript: LanguageSpec = {
  ...javascript,
  id: 'typescript',
  displayName: 'TypeScript',
  grammar: { package: 'tree-sitter-typescript', wasm: 'tree-sitter-typescript.wasm' },
  extensions: ['.ts', '.mts', '.cts'],
  // a TypeScript import names TypeScript modules first, then the JavaScript ones it may import
  moduleExtensions: ['.ts', '.tsx', ...javascript.moduleExtensions!],
  retrievalPeers: ['tsx'],
  crossCodeEvalFolder: 'src',
  bracketStatements: true,
  commentTypes: ['comment', 'html_comment'],
  identifierTypes: [...javascript.identifierTypes, 'type_identifier'],
  imports: [
    ...ecmascriptRules.imports,
    // `import fs = require('fs')`.
    {
      type: 'import_statement',
      pathFields: [['@import_require_clause', 'source']],
      resolve: 'relative-path',
      systemPattern: '^[^./]',
      bindingFields: [['@import_require_clause', '@identifier']],
      defaultBinding: 'none',
    },
  ],
  scopes: [
    ...ecmascriptRules.scopes.map((scope) => ({ ...scope, bases: typescriptBases })),
    { type: 'abstract_class_declaration', nameFields: [['name']], bases: typescriptBases },
    // `interface A extends B, express.Express`: members are looked up through the extended interfaces
    { type: 'interface_declaration', nameFields: [['name']], bases: { paths: [['@extends_type_clause']] } },
    { type: 'internal_module', nameFields: [['name']], kind: 'namespace' },
    { type: 'module', nameFields: [['name']], kind: 'namespace' },
  ],
  definitionWrappers: [
    ...ecmascriptRules.definitionWrappers.filter((type) => type !== 'field_definition'),
    'public_field_definition',
  ],
  // Overload signatures, interface members and abstract methods have no body.
  declarations: [
    { type: 'function_signature', nameFields: signatureName },
    { type: 'method_signature', nameFields: signatureName },
    { type: 'abstract_method_signature', nameFields: signatureName },
  ],
  statementTypes: [
    ...javascript.statementTypes.filter((type) => type !== 'using_declaration'),
    'type_alias_declaration',
    'interface_declaration',
    'enum_declaration',
    'abstract_class_declaration',
    'ambient_declaration',
    'function_signature',
    'import_alias',
  ],
  // the stated types of parameters, locals, module variables and fields (`let x: Foo`, `const m = new Map()`, `weakMap:
  // WeakMap<K, V>`): a member call on one is narrowed to that class's methods, and a library type's members are the
  // library's
  localTypes: [
    { type: 'required_parameter', names: [['pattern']], typePath: statedType },
    { type: 'optional_parameter', names: [['pattern']], typePath: statedType },
    { type: 'variable_declarator', names: [['name']], typePath: statedType, valuePath: [['value']], valueTypes },
    {
      type: 'public_field_definition',
      names: [['name']],
      typePath: statedType,
      valuePath: [['value']],
      valueTypes,
      field: true,
    },
  ],
  castTypes: [{ type: 'as_expression', typePath: ['@type_identifier'] }],
  typeParameters: {
    field: 'type_parameters',
    type: 'type_parameter',
    names: ['name'],
    bounds: [
      ['constraint', '@type_identifier'],
      ['constraint', '@generic_type'],
      ['constraint', '@nested_type_identifier'],
    ],
  },
  // `this.weakMap.set(k)`, `options.headers.get(k)`: typed from the local, field or `this` they start from
  receiverExpressions: ['member_expression', 'subscript_expression', 'parenthesized_expression', 'this'],
  // a type no file declares and no import binds is a global of the runtime (`Set`, `WeakMap`, `Error`,
  // `NodeJS.Timeout`)
  implicitLibraryTypes: true,
  semantic: {
    ...ecmascriptSemantic,
    ...typescriptSemantic,
    type_assertion: L.cast,
  },
  semanticFallback: L.otherExpression,
  semanticRules: [
    ...(javascript.semanticRules ?? []),
    // `export interface I`, `export type T`, `export enum E` are the class-like declarations they export; `export
    // namespace N` a namespace
    {
      types: ['export_statement'],
      pattern: '^export\\s+(?:default\\s+)?(?:declare\\s+)?(?:const\\s+)?(?:interface|type|enum)\\b',
      label: L.class,
    },
    { types: ['export_statement'], pattern: '^export\\s+(?:declare\\s+)?(?:namespace|module)\\b', label: L.namespace },
    // `: number` is a primitive type, `: Map<K, V>` a generic one; other annotations stay composite
    {
      types: ['type_annotation'],
      pattern: '^:\\s*(?:number|string|boolean|bigint|symbol|any|unknown|void|never|undefined|null|object)$',
      label: L.primitive,
    },
    { types: ['type_annotation'], pattern: '^:\\s*[\\w.]+\\s*<', label: L.generic },
  ],
};
