// The Objective-C table against the real grammar and the extraction engine.
import { tableSuite } from './table-kit.ts';

tableSuite('objc', {
  labels: [
    {
      file: 'Counter.h',
      text: '#import <Foundation/Foundation.h>\n',
      type: 'preproc_include',
      label: 'Program Structure / import',
    },
    {
      file: 'Counter.h',
      text: '- (NSInteger)countFor:(NSString *)name;',
      type: 'method_declaration',
      label: 'Declaration and Definition / function',
    },
    { file: 'Counter.m', text: '@import Foundation;', type: 'module_import', label: 'Program Structure / import' },
    { file: 'Counter.m', text: '[self countFor:key]', type: 'message_expression', label: 'Expression / call' },
    { file: 'Counter.m', text: '@(current + amount)', type: 'at_expression', label: 'Expression / other' },
    {
      file: 'Counter.m',
      text: ':(NSString *)name',
      type: 'method_parameter',
      label: 'Declaration and Definition / variable',
    },
    { file: 'Counter.m', text: '@"%@ = %ld"', type: 'string_literal', label: 'Data Type / string' },
    { file: 'Counter.m', text: '(long)(current + amount)', type: 'cast_expression', label: 'Expression / cast' },
    {
      file: 'Counter.m',
      text: '// Adds `amount` to the named counter.',
      type: 'comment',
      label: 'Comments and Documentation / single-line',
    },
    {
      file: 'Counter.m',
      text: '{\n    NSMutableDictionary *_counts;\n}',
      type: 'instance_variables',
      label: 'Declaration and Definition / class',
    },
  ],
  extraction: {
    'Counter.h': {
      imports: [{ target: 'Foundation/Foundation.h', bindings: [], resolve: 'include', line: 1 }],
      // Interface methods are declarations, named by their selectors.
      declarations: ['increment:by:', 'countFor:'],
      functions: [],
    },
    'Counter.m': {
      imports: [
        { target: 'Counter.h', bindings: [], resolve: 'include', line: 1 },
        { target: 'Foundation', bindings: [], resolve: 'none', line: 2 },
      ],
      functions: [
        {
          qualifiedName: 'normalized',
          kind: 'function',
          span: '4:1-7:2',
          body: '5:1-7:2',
          signature: 'static NSString *normalized(NSString *name)',
          doc: null,
          params: 1,
          fileLocal: true,
          calls: ['name.lowercaseString(0)@6:12'],
        },
        {
          // A message send is a call of its selector; its argument count is the number of colons.
          qualifiedName: 'Counter.increment:by:',
          kind: 'method',
          span: '14:1-20:2',
          body: '15:1-20:2',
          signature: '- (void)increment:(NSString *)name by:(NSInteger)amount',
          doc: 'Adds `amount` to the named counter.',
          params: 2,
          calls: [
            'normalized(1)@16:21',
            'self.countFor:(1)@17:25',
            '_counts.setObject:forKey:(2)@18:5',
            'NSLog(3)@19:5',
          ],
        },
        {
          qualifiedName: 'Counter.countFor:',
          kind: 'method',
          span: '23:1-26:2',
          body: '24:1-26:2',
          signature: '- (NSInteger)countFor:(NSString *)name',
          doc: 'The current count, 0 when never incremented.',
          params: 1,
          calls: [
            '[_counts objectForKey:normalized(name)].integerValue(0)@25:12',
            '_counts.objectForKey:(1)@25:13',
            'normalized(1)@25:35',
          ],
        },
      ],
    },
  },
  broken: {
    text:
      '@implementation A\n- (int)ok { return 1; }\n- (int)bad { return (2; }\n- (int)alsoOk { return [self ok]; ' +
      '}\n@end\n',
    functions: ['A.ok', 'A.bad', 'A.alsoOk'],
  },
  stdlibSize: [350, 500],
});
