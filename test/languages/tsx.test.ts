// The TSX table against the real grammar and the extraction engine.
import { tableSuite } from './table-kit.ts';

tableSuite('tsx', {
  labels: [
    { file: 'src/Badge.tsx', text: '<b>{text}</b>', type: 'jsx_element', label: 'Expression / object creation' },
    {
      file: 'src/Badge.tsx',
      text: 'className="badge"',
      type: 'jsx_attribute',
      label: 'Modifier and Attribute / other',
    },
    { file: 'src/Badge.tsx', text: '{label}', type: 'jsx_expression', label: 'Expression / other' },
    {
      file: 'src/Badge.tsx',
      text: 'type Props = { label: string; count: number };',
      type: 'type_alias_declaration',
      label: 'Declaration and Definition / class',
    },
    {
      file: 'src/Badge.tsx',
      text: '{ label: string; count: number }',
      type: 'object_type',
      label: 'Data Type / composite',
    },
    {
      file: 'src/Badge.tsx',
      text: '() => console.log(label)',
      type: 'arrow_function',
      label: 'Special Language Structure / lambda',
    },
    {
      file: 'src/Badge.tsx',
      text: '{ label, count }',
      type: 'object_pattern',
      label: 'Declaration and Definition / variable',
    },
    {
      file: 'src/Badge.tsx',
      text: '/** A label with a count bubble. */',
      type: 'comment',
      label: 'Comments and Documentation / multi-line',
    },
  ],
  extraction: {
    'src/Badge.tsx': {
      imports: [
        { target: 'react', bindings: ['React'], resolve: 'relative-path', line: 1 },
        { target: './format', bindings: ['formatCount'], resolve: 'relative-path', line: 2 },
      ],
      functions: [
        {
          // The event-handler arrow is anonymous: its call is the component's.
          qualifiedName: 'Badge',
          kind: 'function',
          span: '7:1-14:2',
          body: '7:48-14:2',
          signature: 'export function Badge({ label, count }: Props)',
          doc: 'A label with a count bubble.',
          params: 1,
          calls: ['formatCount(1)@8:16', 'console.log(1)@10:44'],
        },
        {
          qualifiedName: 'BadgeList',
          kind: 'function',
          span: '16:1-16:122',
          body: '16:61-16:122',
          signature: 'export const BadgeList = ({ items }: { items: Props[] }) =>',
          doc: null,
          params: 1,
          calls: ['items.map(1)@16:67'],
        },
      ],
    },
  },
  stdlibSize: [150, 300],
});
