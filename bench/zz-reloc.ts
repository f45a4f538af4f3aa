import { importYabloco } from '../src/datasets/yabloco.ts';
async function main() {
  const [repository, repo] = process.argv.slice(2);
  const { report } = await importYabloco('/work/shared/yabloco/bench-v0.7.csv', '/work/shared/yabloco/bench-v0.7.json', { repo, repository });
  const { details, ...counts } = report;
  console.log(repository, JSON.stringify(counts));
  for (const d of details) if (d.located !== 'recorded') console.log(' ', d.located, d.path, d.name, d.foundPath ?? '', d.similarity ?? '');
}
main();
