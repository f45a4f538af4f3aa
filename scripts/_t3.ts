import { parse } from '../src/languages/parser.ts';
const tree = await parse(process.argv[2] as any, process.argv[3]!);
const walk = (n: any, d: number) => { if (d > 7) return; console.log(' '.repeat(d * 2) + n.type + (n.childCount === 0 || n.type.includes('identifier') ? ' = ' + JSON.stringify(n.text) : '')); for (const c of n.children) walk(c, d + 1); };
for (const c of tree.rootNode.children) walk(c, 0);
