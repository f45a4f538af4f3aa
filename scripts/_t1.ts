import { parse } from '../src/languages/parser.ts';
const lang = process.argv[2] as any;
const src = process.argv[3];
const tree = await parse(lang, src);
console.log(tree.rootNode.toString());
