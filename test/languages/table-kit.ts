// One parameterised suite for a language table: its node types against the real grammar, its
// semantic labels on hand-picked fixture nodes, and what the extraction engine gets from its fixtures.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Node } from 'web-tree-sitter';
import { extractFile } from '../../src/index/extract.ts';
import type { CallSite, ExtractedFunction, ImportRef, Span } from '../../src/index/types.ts';
import { GRAMMARS_DIR, parse } from '../../src/languages/parser.ts';
import { getLanguage, languageForPath } from '../../src/languages/registry.ts';
import { listHoles } from '../../src/tasks/node-sample.ts';
import {
  SEMANTIC_CLASSES,
  subclassesOf,
  type LanguageId,
  type LanguageSpec,
  type SemanticLabel,
} from '../../src/languages/types.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/lang/', import.meta.url));

/** A fixture node picked by its exact text and type, and the label a reader gives it by hand. */
export interface LabelCheck {
  file: string;
  text: string;
  type: string;
  /** `Class / subclass`. */
  label: string;
}

/** A function as the tests write it down: every field of ExtractedFunction except `code`. */
export interface ExpectedFunction {
  qualifiedName: string;
  kind: ExtractedFunction['kind'];
  /** `startLine:startColumn-endLine:endColumn`. */
  span: string;
  body: string;
  signature: string;
  doc: string | null;
  params: number | null;
  fileLocal?: boolean;
  /** `receiver.name(argumentCount)@line:column`, `(?)` when the count is unknown. */
  calls: string[];
}

export interface ExpectedImport {
  target: string;
  bindings: string[];
  resolve: ImportRef['resolve'];
  line: number;
  wildcard?: boolean;
}

export interface ExpectedFile {
  functions: ExpectedFunction[];
  imports: ExpectedImport[];
  declarations?: string[];
}

export interface TableSuite {
  labels: LabelCheck[];
  extraction: Record<string, ExpectedFile>;
  /** a source with a syntax error, and the qualified names of the functions that still parse (none for markup). */
  broken?: { text: string; functions: string[] };
  /** stdlib size range; markup languages have none. */
  stdlibSize?: [number, number];
}

/**
 * Named node types of a grammar, read from its node-types.json (extracted beside the .wasm by scripts/grammars.mjs)
 * (supertypes never appear in trees).
 */
export function grammarNodeTypes(spec: LanguageSpec): Set<string> {
  interface Entry {
    type: string;
    named: boolean;
    subtypes?: Entry[];
    fields?: Record<string, { types: Entry[] }>;
    children?: { types: Entry[] };
  }
  const entries = JSON.parse(
    readFileSync(join(GRAMMARS_DIR, 'node-types', `${basename(spec.grammar.wasm, '.wasm')}.json`), 'utf8'),
  ) as Entry[];
  const supertypes = new Set(entries.filter((entry) => entry.subtypes).map((entry) => entry.type));
  const named = new Set<string>();
  const add = (entry: Entry) => {
    if (entry.named && !supertypes.has(entry.type)) named.add(entry.type);
  };
  for (const entry of entries) {
    add(entry);
    entry.subtypes?.forEach(add);
    for (const field of Object.values(entry.fields ?? {})) field.types.forEach(add);
    entry.children?.types.forEach(add);
  }
  return named;
}

export function labelOf(spec: LanguageSpec, type: string): SemanticLabel {
  return Object.hasOwn(spec.semantic, type) ? spec.semantic[type]! : spec.semanticFallback;
}

function fixture(id: LanguageId, file: string): string {
  return readFileSync(join(FIXTURES, id, file), 'utf8');
}

function findNode(node: Node, text: string, type: string): Node | null {
  if (node.type === type && node.text === text) return node;
  for (const child of node.namedChildren) {
    const found = child && findNode(child, text, type);
    if (found) return found;
  }
  return null;
}

function spanText(span: Span): string {
  return `${span.startLine}:${span.startColumn}-${span.endLine}:${span.endColumn}`;
}

function callText(call: CallSite): string {
  return `${call.receiver === null ? '' : `${call.receiver}.`}${call.name}(${call.argumentCount ?? '?'})@${call.line}:${call.column}`;
}

function asExpected(fn: ExtractedFunction): ExpectedFunction {
  return {
    qualifiedName: fn.qualifiedName,
    kind: fn.kind,
    span: spanText(fn.span),
    body: spanText(fn.bodySpan),
    signature: fn.signature,
    doc: fn.docstring,
    params: fn.parameterCount,
    ...(fn.fileLocal ? { fileLocal: true } : {}),
    calls: fn.calls.map(callText),
  };
}

function asExpectedImport(ref: ImportRef): ExpectedImport {
  return {
    target: ref.target,
    bindings: ref.bindings,
    resolve: ref.resolve,
    line: ref.line,
    ...(ref.wildcard ? { wildcard: true } : {}),
  };
}

/** Registers the standard tests of one language table. */
export function tableSuite(id: LanguageId, suite: TableSuite): void {
  const spec = getLanguage(id);
  const grammarTypes = grammarNodeTypes(spec);

  test(`${id}: every semantic entry is a grammar node type with an M2RC-Eval label`, () => {
    const keys = Object.keys(spec.semantic);
    assert.ok(keys.length >= 15, `only ${keys.length} semantic entries`);
    for (const [type, label] of [...Object.entries(spec.semantic), ['(fallback)', spec.semanticFallback] as const]) {
      if (type !== '(fallback)')
        assert.ok(grammarTypes.has(type), `'${type}' is not a node type of ${spec.grammar.package}`);
      assert.ok(SEMANTIC_CLASSES.includes(label.class), `${type}: unknown class '${label.class}'`);
      assert.ok(
        subclassesOf(spec, label.class).includes(label.subclass),
        `${type}: '${label.subclass}' is not a ${id} subclass of ${label.class}`,
      );
    }
    for (const rule of spec.semanticRules ?? []) {
      for (const type of rule.types)
        assert.ok(grammarTypes.has(type), `semantic rule: '${type}' is not a node type of ${spec.grammar.package}`);
      for (const type of rule.within ?? [])
        assert.ok(
          grammarTypes.has(type),
          `semantic rule: within '${type}' is not a node type of ${spec.grammar.package}`,
        );
      if (rule.pattern !== undefined)
        assert.doesNotThrow(() => new RegExp(rule.pattern!, 'su'), `semantic rule pattern ${rule.pattern}`);
      assert.ok(
        subclassesOf(spec, rule.label.class).includes(rule.label.subclass),
        `semantic rule: '${rule.label.subclass}' is not a ${id} subclass of ${rule.label.class}`,
      );
    }
  });

  test(`${id}: every node type the table names exists in the grammar`, () => {
    const named = [
      ...spec.commentTypes,
      ...spec.identifierTypes,
      ...spec.stringTypes,
      ...spec.statementTypes,
      ...spec.definitions.map((rule) => rule.type),
      ...spec.calls.map((rule) => rule.type),
      ...spec.imports.map((rule) => rule.type),
      ...spec.scopes.map((rule) => rule.type),
      ...(spec.definitionWrappers ?? []),
      ...Object.keys(spec.nameWrappers ?? {}),
    ];
    for (const type of named)
      assert.ok(grammarTypes.has(type), `'${type}' is not a node type of ${spec.grammar.package}`);
    for (const type of spec.commentTypes)
      assert.deepEqual(labelOf(spec, type).class, 'Comments and Documentation', type);
  });

  test(`${id}: keyword and standard-library lists`, () => {
    const [low, high] = suite.stdlibSize ?? [50, 300];
    assert.ok(spec.stdlib.length >= low && spec.stdlib.length <= high, `${spec.stdlib.length} stdlib names`);
    assert.deepEqual(
      spec.stdlib.filter((name, i) => spec.stdlib.indexOf(name) !== i),
      [],
      'duplicate stdlib names',
    );
    assert.deepEqual(
      spec.keywords.filter((name, i) => spec.keywords.indexOf(name) !== i),
      [],
      'duplicate keywords',
    );
    const modules = spec.stdlibModules ?? [];
    assert.deepEqual(
      modules.filter((name, i) => modules.indexOf(name) !== i),
      [],
      'duplicate stdlib modules',
    );
    for (const extension of spec.extensions)
      assert.equal(languageForPath(`dir/file${extension.toUpperCase()}`), id, extension);
  });

  test(`${id}: hand-checked semantic labels of fixture nodes`, async () => {
    assert.ok(suite.labels.length >= 5);
    for (const check of suite.labels) {
      const text = fixture(id, check.file);
      const tree = await parse(id, text);
      try {
        const node = findNode(tree.rootNode, check.text, check.type);
        assert.ok(node, `no ${check.type} '${check.text}' in ${check.file}`);
        // the label of the hole the node is part of (the nodes sharing its span)
        const hole = (await listHoles(id, text)).find(
          (candidate) => candidate.start === node.startIndex && candidate.end === node.endIndex,
        );
        assert.equal(hole?.semantic.replace('/', ' / '), check.label, `${check.type} '${check.text}'`);
      } finally {
        tree.delete();
      }
    }
  });

  for (const [file, expected] of Object.entries(suite.extraction)) {
    test(`${id}: functions, calls and imports of ${file}`, async () => {
      const facts = await extractFile(file, id, fixture(id, file));
      assert.equal(facts.hasErrors, false);
      assert.deepEqual(facts.imports.map(asExpectedImport), expected.imports);
      assert.deepEqual(facts.functions.map(asExpected), expected.functions);
      assert.deepEqual(facts.declarations, expected.declarations ?? []);
    });
  }

  const broken = suite.broken;
  if (broken) {
    test(`${id}: a file with a syntax error still yields the functions that parse`, async () => {
      const facts = await extractFile(`broken${spec.extensions[0]}`, id, broken.text);
      assert.equal(facts.hasErrors, true);
      assert.deepEqual(
        facts.functions.map((fn) => fn.qualifiedName),
        broken.functions,
      );
    });
  }
}
