// The Rust table against the real grammar and the extraction engine.
import { tableSuite } from './table-kit.ts';

tableSuite('rust', {
  labels: [
    { file: 'src/lib.rs', text: '//! A tiny key-value store.\n', type: 'line_comment', label: 'Comments and Documentation / single-line' },
    { file: 'src/lib.rs', text: 'mod codec;', type: 'mod_item', label: 'Program Structure / namespace' },
    { file: 'src/lib.rs', text: 'use std::collections::HashMap;', type: 'use_declaration', label: 'Program Structure / import' },
    { file: 'src/lib.rs', text: '#[cfg(test)]', type: 'attribute_item', label: 'Modifier and Attribute / annotation' },
    { file: 'src/lib.rs', text: 'pub', type: 'visibility_modifier', label: 'Modifier and Attribute / access' },
    { file: 'src/lib.rs', text: '1024', type: 'integer_literal', label: 'Data Type / numeric' },
    { file: 'src/lib.rs', text: 'usize', type: 'primitive_type', label: 'Data Type / primitive' },
    { file: 'src/lib.rs', text: 'println!("opened {}", name)', type: 'macro_invocation', label: 'Preprocessing Directive / macro' },
    { file: 'src/store.rs', text: 'Event::Put(ref k) if k.is_empty() => return None,', type: 'match_arm', label: 'Special Language Structure / pattern matching' },
    { file: 'src/store.rs', text: '|x| x * 2', type: 'closure_expression', label: 'Special Language Structure / lambda' },
    { file: 'src/store.rs', text: 'raw as f64', type: 'type_cast_expression', label: 'Expression / cast' },
    { file: 'src/store.rs', text: 'loop { break; }', type: 'loop_expression', label: 'Control Flow Structure / loop' },
    { file: 'src/store.rs', text: 'Store { name: name.to_string(), data: HashMap::new() }', type: 'struct_expression', label: 'Expression / object creation' },
    { file: 'src/store.rs', text: 'HashMap::new', type: 'scoped_identifier', label: 'Identifier and Scope / qualified name' },
    { file: 'src/store.rs', text: 'Vec<u8>', type: 'generic_type', label: 'Data Type / generic' },
    { file: 'src/codec.rs', text: '/* Encoding helpers.\n   Both functions are pure. */', type: 'block_comment', label: 'Comments and Documentation / multi-line' },
  ],
  // Methods are qualified by their `impl`/`trait` type; `mod tests { }` is a scope, `mod codec;` an import.
  extraction: {
    'src/lib.rs': {
      imports: [
        // The whole item: the module system (src/index/modules/rust.ts) expands the `use` tree.
        { target: 'mod codec;', bindings: [], resolve: 'relative-path', line: 3 },
        { target: 'pub mod store;', bindings: [], resolve: 'relative-path', line: 4 },
        { target: 'use std::collections::HashMap;', bindings: [], resolve: 'dotted-module', line: 6 },
        { target: 'use crate::codec::{decode, encode as enc};', bindings: [], resolve: 'dotted-module', line: 7 },
        { target: 'use super::*;', bindings: [], resolve: 'dotted-module', line: 22 },
      ],
      declarations: ['MAX_ENTRIES'],
      functions: [
        {
          qualifiedName: 'open', kind: 'function', span: '13:1-18:2', body: '13:41-18:2',
          signature: 'pub fn open(name: &str) -> store::Store',
          doc: 'Opens a store with default settings.', params: 1,
          calls: ['store::Store.new(1)@14:17', 's.reserve(1)@15:5', 'println(?)@16:5'],
        },
        {
          qualifiedName: 'tests::opens', kind: 'function', span: '25:5-28:6', body: '25:16-28:6',
          signature: 'fn opens()',
          doc: null, params: 0,
          calls: ['open(1)@26:17', 'assert_eq(?)@27:9'],
        },
      ],
    },
    'src/store.rs': {
      imports: [
        { target: 'use std::collections::HashMap;', bindings: [], resolve: 'dotted-module', line: 1 },
        { target: 'use std::fmt;', bindings: [], resolve: 'dotted-module', line: 2 },
      ],
      functions: [
        {
          qualifiedName: 'Backend::name', kind: 'method', span: '20:5-22:6', body: '20:28-22:6',
          signature: 'fn name(&self) -> &str',
          doc: null, params: 0,
          calls: [],
        },
        {
          qualifiedName: 'Store::new', kind: 'constructor', span: '27:5-29:6', body: '27:36-29:6',
          signature: 'pub fn new(name: &str) -> Self',
          doc: 'Creates an empty store.', params: 1,
          calls: ['name.to_string(0)@28:23', 'HashMap.new(0)@28:47'],
        },
        {
          qualifiedName: 'Store::reserve', kind: 'method', span: '32:5-34:6', body: '32:41-34:6',
          signature: 'pub fn reserve(&mut self, n: usize)',
          doc: 'Reserves capacity.', params: 1,
          calls: ['self.data.reserve(1)@33:9'],
        },
        {
          qualifiedName: 'Store::len', kind: 'method', span: '36:5-38:6', body: '36:32-38:6',
          signature: 'pub fn len(&self) -> usize',
          doc: null, params: 0,
          calls: ['self.data.len(0)@37:9'],
        },
        {
          qualifiedName: 'Store::put', kind: 'method', span: '40:5-48:6', body: '40:71-48:6',
          signature: 'pub fn put(&mut self, key: &str, value: &[u8]) -> Option<Vec<u8>>',
          doc: null, params: 2,
          calls: ['Event.Put(1)@41:21', 'key.to_owned(0)@41:32', 'k.is_empty(0)@43:34', 'unreachable(?)@44:37', 'self.data.insert(2)@47:9', 'key.to_string(0)@47:26', 'value.to_vec(0)@47:43'],
        },
        {
          qualifiedName: 'Store::flush', kind: 'method', span: '52:5-60:6', body: '52:47-60:6',
          signature: 'fn flush(&mut self) -> Result<(), String>',
          doc: null, params: 0,
          calls: ['self.data.iter(0)@53:23', 'v.is_empty(0)@54:16', 'crate::codec.encode(1)@57:13', 'Ok(1)@59:9'],
        },
        {
          qualifiedName: 'Store::fmt', kind: 'method', span: '64:5-66:6', body: '64:62-66:6',
          signature: 'fn fmt(&self, f: &mut fmt::Formatter<\'_>) -> fmt::Result',
          doc: null, params: 1,
          calls: ['write(?)@65:9'],
        },
        {
          qualifiedName: 'fetch', kind: 'function', span: '69:1-77:2', body: '69:53-77:2',
          signature: 'pub async fn fetch<T: Clone>(items: &[T]) -> Vec<T>',
          doc: null, params: 1,
          calls: ['(1..=3).map(|x| x * 2).sum(0)@70:22', '(1..=3).map(1)@70:22', 'std::mem.transmute(1)@74:24', 'items.iter().cloned().collect(0)@76:5', 'items.iter().cloned(0)@76:5', 'items.iter(0)@76:5'],
        },
      ],
      // Types, constants and macros are declarations too (paths resolve to the file defining them).
      declarations: ['Store', 'Event', 'Backend', 'flush'],
    },
    'src/codec.rs': {
      imports: [],
      declarations: ['twice', 'Bytes', 'GREETING'],
      functions: [
        {
          qualifiedName: 'encode', kind: 'function', span: '5:1-7:2', body: '5:37-7:2',
          signature: 'pub fn encode(key: &str) -> Vec<u8>',
          doc: 'Encodes a key.', params: 1,
          calls: ['key.bytes().collect(0)@6:5', 'key.bytes(0)@6:5'],
        },
        {
          qualifiedName: 'decode', kind: 'function', span: '9:1-11:2', body: '9:39-11:2',
          signature: 'pub fn decode(bytes: &[u8]) -> String',
          doc: null, params: 1,
          calls: ['String::from_utf8_lossy(bytes).into_owned(0)@10:5', 'String.from_utf8_lossy(1)@10:5'],
        },
      ],
    },
  },
  broken: {
    text: 'fn good_one() -> i32 {\n    1\n}\n\nfn broken(x: i32 {\n    let y = ;\n}\n\nfn good_two() -> i32 {\n    2\n}\n',
    functions: ['good_one', 'broken', 'good_two'],
  },
});
