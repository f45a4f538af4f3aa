// A prompt template: StarCoder2's repository-level fill-in-the-middle layout, each context snippet
// as a <file_sep> block before the target file. Placeholders: {repo}, {path}, {prefix}, {suffix},
// {context}, and per snippet {path}, {text}. (A template can also be a JSON/YAML file given to
// --template; a plugin makes it a name every command and `prompt --list-templates` know.)
// Use: ctxbench prompt t.tasks --id T --context bm25 --template starcoder2-repo --plugin examples/plugins/template-starcoder2.ts
import { definePlugin } from 'ctxbench';

export default definePlugin({
  name: 'starcoder2 template',
  templates: [
    {
      name: 'starcoder2-repo',
      description: 'StarCoder2 repository-level FIM: <repo_name>, a <file_sep> block per snippet, then <fim_prefix>/<fim_suffix>/<fim_middle>',
      kind: 'completion',
      fim: true,
      prompt: '<repo_name>{repo}{context}<file_sep>{path}\n<fim_prefix>{prefix}<fim_suffix>{suffix}<fim_middle>',
      context: { header: '', snippet: '<file_sep>{path}\n{text}\n', separator: '', footer: '', wrap: '{block}' },
      fill: 'context-first',
      source: 'bigcode/starcoder2 model card (repository-level FIM tokens)',
    },
  ],
});
