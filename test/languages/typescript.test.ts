// The TypeScript table against the real grammar and the extraction engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getLanguage } from '../../src/languages/registry.ts';
import { tableSuite } from './table-kit.ts';

tableSuite('typescript', {
  labels: [
    {
      file: 'src/store.ts',
      text: "import type { Config } from './config';",
      type: 'import_statement',
      label: 'Program Structure / import',
    },
    {
      file: 'src/store.ts',
      text: "import fs = require('fs');",
      type: 'import_statement',
      label: 'Program Structure / import',
    },
    { file: 'src/store.ts', text: 'private', type: 'accessibility_modifier', label: 'Modifier and Attribute / access' },
    { file: 'src/store.ts', text: 'Promise<void>', type: 'generic_type', label: 'Data Type / generic' },
    { file: 'src/store.ts', text: 'string | number', type: 'union_type', label: 'Data Type / composite' },
    { file: 'src/store.ts', text: 'string', type: 'predefined_type', label: 'Data Type / primitive' },
    {
      file: 'src/store.ts',
      text: 'changed(store: Store, count: number): void',
      type: 'method_signature',
      label: 'Declaration and Definition / function',
    },
    {
      file: 'src/store.ts',
      text: 'implements BaseStore',
      type: 'implements_clause',
      label: 'Declaration and Definition / class',
    },
    { file: 'src/store.ts', text: '[...this.items.values()]', type: 'array', label: 'Data Type / composite' },
    {
      file: 'src/store.ts',
      text: 'for (const listener of this.listeners) listener.changed(this, this.items.size);',
      type: 'for_in_statement',
      label: 'Control Flow Structure / loop',
    },
    {
      file: 'src/store.ts',
      text: '// Saves to disk.',
      type: 'comment',
      label: 'Comments and Documentation / single-line',
    },
  ],
  extraction: {
    'src/store.ts': {
      imports: [
        { target: './types', bindings: ['Item', 'BaseStore'], resolve: 'relative-path', line: 1 },
        { target: 'fs', bindings: ['fs'], resolve: 'relative-path', line: 2 },
        { target: './config', bindings: ['Config'], resolve: 'relative-path', line: 3 },
      ],
      // The interface member and the two overload signatures have no body.
      declarations: ['changed', 'overloaded', 'overloaded'],
      functions: [
        {
          qualifiedName: 'Store.constructor',
          kind: 'constructor',
          span: '14:3-14:50',
          body: '14:48-14:50',
          signature: 'constructor(private readonly config: Config)',
          doc: null,
          params: 1,
          calls: [],
        },
        {
          qualifiedName: 'Store.put',
          kind: 'method',
          span: '20:3-23:4',
          body: '20:25-23:4',
          signature: 'put(item: Item): void',
          doc: 'Adds or replaces an item.\nNotifies the listeners.',
          params: 1,
          calls: ['this.items.set(2)@21:5', 'this.notify(0)@22:5'],
        },
        {
          qualifiedName: 'Store.notify',
          kind: 'method',
          span: '25:3-27:4',
          body: '25:26-27:4',
          signature: 'private notify(): void',
          doc: null,
          params: 0,
          calls: ['listener.changed(2)@26:44'],
        },
        {
          // An arrow function in a class field is a method named by the field.
          qualifiedName: 'Store.save',
          kind: 'method',
          span: '30:3-32:4',
          body: '30:49-32:4',
          signature: 'save = async (path: string): Promise<void> =>',
          doc: 'Saves to disk.',
          params: 1,
          calls: ['fs.promises.writeFile(2)@31:11', 'JSON.stringify(1)@31:39', 'this.items.values(0)@31:58'],
        },
        {
          qualifiedName: 'createStore',
          kind: 'function',
          span: '35:1-37:2',
          body: '35:52-37:2',
          signature: 'export function createStore(config: Config): Store',
          doc: null,
          params: 1,
          calls: ['Store(1)@36:10'],
        },
        {
          qualifiedName: 'overloaded',
          kind: 'function',
          span: '41:1-43:2',
          body: '41:65-43:2',
          signature: 'export function overloaded(a: string | number): string | number',
          doc: null,
          params: 1,
          calls: [],
        },
      ],
    },
  },
  broken: {
    text:
      'function ok(): number { return 1; }\nfunction bad(: number { return 2; }\nfunction alsoOk(): number { ' +
      'return ok(); }\n',
    functions: ['ok', 'bad', 'alsoOk'],
  },
  stdlibSize: [150, 300],
});

test("typescript: keywords are CrossCodeEval's TypeScript list, shared with JavaScript and TSX", () => {
  assert.deepEqual(getLanguage('typescript').keywords, getLanguage('javascript').keywords);
  assert.deepEqual(getLanguage('tsx').keywords, getLanguage('javascript').keywords);
});
