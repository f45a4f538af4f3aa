// Renders a report as a terminal table, Markdown, CSV, JSON, a single offline HTML file with the
// registry's figures, or the LaTeX of its tables. Every table names what produced it.
import type { z } from 'zod';
import { formatCsv } from '../datasets/index.ts';
import { escapeMarkdown, markdownTable } from '../util/markdown.ts';
import { formatTable, visibleControls } from '../util/table.ts';
import { ReportSchema, scaleNote, type Report } from './aggregate.ts';
import { ComparisonSchema, type Comparison } from './compare.ts';
import type { Figure, FigureTable } from './figures/types.ts';
import { renderHtmlReport } from './html.ts';
import { figureLatex } from './latex.ts';

export const FORMATS = ['text', 'md', 'csv', 'json', 'html', 'latex'] as const;
export type Format = (typeof FORMATS)[number];

function shortRun(dir: string): string {
  return dir.split('/').filter(Boolean).slice(-1)[0] ?? dir;
}

function cell(value: number | null): string {
  return value === null ? 'missing' : value.toFixed(2);
}

function header(report: Report): string[] {
  return ['run', ...report.by, 'tasks', 'missing', ...report.metrics];
}

function body(report: Report): (string | number)[][] {
  return report.rows.map((row) => [
    shortRun(row.run),
    ...row.group,
    row.tasks,
    row.missing,
    ...report.metrics.map((m) => cell(row.means[m])),
  ]);
}

/** One line per run: what produced its numbers. */
export function provenanceLines(report: Report): string[] {
  return report.runs.map(
    (r) =>
      `${shortRun(r.dir)}: model ${r.model}${r.baseline ? ' (baseline, no model)' : ''}, context ${r.context}, ` +
      `template ${r.template}, tokenizer ${r.tokenizer}, ${r.samples} sample(s), ctxbench ${r.toolVersion}`,
  );
}

/** How the text and markdown reports write a table and a line of text we did not write. */
interface Writer {
  table(head: string[], rows: (string | number)[][]): string;
  text(line: string): string;
}
const PLAIN: Writer = { table: formatTable, text: visibleControls };
const MARKDOWN: Writer = { table: markdownTable, text: escapeMarkdown };

function comparisonText(comparison: Comparison | undefined, write: Writer): string[] {
  if (!comparison) return [];
  const lines: string[] = [];
  if (comparison.transitions.length) {
    const rows = comparison.transitions.map((t) => [
      `${shortRun(t.from)} -> ${shortRun(t.to)}`,
      t.tasks,
      t.stayedCorrect,
      t.correctToWrong,
      t.wrongToCorrect,
      t.stayedWrong,
    ]);
    const head = ['runs', 'tasks', 'correct', 'correct->wrong', 'wrong->correct', 'wrong'];
    lines.push('', 'Transitions (em of the first sample):', write.table(head, rows));
  }
  if (comparison.differences.length) {
    const rows = comparison.differences.map((d) => [
      d.metric,
      `${shortRun(d.candidate)} - ${shortRun(d.baseline)}`,
      d.tasks,
      d.meanDifference.toFixed(2),
      `[${d.low.toFixed(2)}, ${d.high.toFixed(2)}]`,
    ]);
    const head = ['metric', 'difference', 'tasks', 'mean', '95% CI (paired bootstrap)'];
    lines.push('', 'Paired differences:', write.table(head, rows));
  }
  for (const analysis of comparison.retrieval) {
    const coverageRows = analysis.coverage.map((bin) => [
      bin.bin,
      bin.tasks,
      bin.tasks ? bin.meanScore.toFixed(2) : '-',
    ]);
    const head = ['reference identifiers in retrieved context', 'tasks', analysis.metric];
    lines.push(
      '',
      write.text(`${shortRun(analysis.run)}: ${analysis.metric} by identifier coverage of the retrieved context:`),
      write.table(head, coverageRows),
    );
    const sourceRows = Object.entries(analysis.sources).map(([source, count]) => [source, count]);
    lines.push(
      '',
      write.text(`${shortRun(analysis.run)}: where retrieved chunks come from:`),
      write.table(['source', 'chunks'], sourceRows),
    );
  }
  return lines;
}

/** The agent runs' costs (means per candidate), null without agent runs. */
function agentTable(report: Report): { head: string[]; rows: string[][] } | null {
  if (report.agents.length === 0) return null;
  const head = [
    'run',
    'candidates',
    'turns',
    'tool calls',
    'by tool',
    'prompt tokens',
    'completion tokens',
    'tool result tokens',
    'ended by',
    'oracle files shown (%)',
  ];
  const rows = report.agents.map((agent) => [
    shortRun(agent.run),
    String(agent.candidates),
    agent.turns.toFixed(2),
    agent.toolCalls.toFixed(2),
    Object.entries(agent.byTool)
      .map(([name, calls]) => `${name} ${calls.toFixed(2)}`)
      .join(', '),
    agent.promptTokens.toFixed(0),
    agent.completionTokens.toFixed(0),
    agent.resultTokens.toFixed(0),
    Object.entries(agent.stoppedBy)
      .map(([how, count]) => `${how} ${count}`)
      .join(', '),
    agent.oracleRecall === null ? '-' : `${agent.oracleRecall.toFixed(1)} (${agent.oracleCandidates})`,
  ]);
  return { head, rows };
}

const AGENT_TITLE = 'Agent runs: what each answer cost (means per candidate)';

function agentText(report: Report, write: Writer): string[] {
  const table = agentTable(report);
  return table ? ['', `${AGENT_TITLE}:`, write.table(table.head, table.rows)] : [];
}

/** The table figures (a preset's tables) as text, each under its title. */
function figureTablesText(figures: Figure[], write: Writer): string[] {
  return figures
    .filter((figure) => figure.table)
    .flatMap((figure) => {
      const rows = figure.table!.rows.map((row) => row.map((cell) => cell.text));
      return ['', write.text(`${figure.title} (${figure.caption})`), write.table(figure.table!.head, rows)];
    });
}

function csv(report: Report): string {
  const rows = report.rows.map((row) => [
    row.run,
    ...row.group,
    row.tasks,
    row.missing,
    ...report.metrics.map((m) => (row.means[m] === null ? '' : row.means[m]!.toFixed(4))),
  ]);
  return formatCsv([header(report), ...rows]);
}

/** The report rows as a figure table (the HTML report's detailed table). */
function detailTable(report: Report): FigureTable {
  return { head: header(report), rows: body(report).map((row) => row.map((value) => ({ text: String(value) }))) };
}

/** What `report --format json` writes: the report and the comparison of its runs (null for one run). */
export const ReportJsonSchema = ReportSchema.extend({ comparison: ComparisonSchema.nullable() });

/** `figures`: what the HTML report draws and the LaTeX export holds (`buildFigures`). */
export function renderReport(report: Report, format: Format, comparison?: Comparison, figures: Figure[] = []): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(
        { ...report, comparison: comparison ?? null } satisfies z.input<typeof ReportJsonSchema>,
        null,
        2,
      )}\n`;
    case 'csv':
      return csv(report);
    case 'html': {
      const agents = agentTable(report);
      return renderHtmlReport({
        title: 'ctxbench report',
        provenance: provenanceLines(report),
        notes: report.notes,
        scaleNote: scaleNote(report.metrics),
        figures,
        detail: report.by.length ? detailTable(report) : null,
        agents: agents && {
          title: AGENT_TITLE,
          table: { head: agents.head, rows: agents.rows.map((row) => row.map((text) => ({ text }))) },
        },
      });
    }
    case 'latex':
      return figures
        .filter((figure) => figure.table)
        .map(figureLatex)
        .join('\n');
    case 'md':
      return [
        ...provenanceLines(report).map((l) => `- ${escapeMarkdown(l)}`),
        '',
        escapeMarkdown(scaleNote(report.metrics)),
        '',
        ...report.notes.map((n) => `> ${escapeMarkdown(n)}`),
        '',
        markdownTable(header(report), body(report)),
        ...agentText(report, MARKDOWN),
        ...comparisonText(comparison, MARKDOWN),
        ...figureTablesText(figures, MARKDOWN),
        '',
      ].join('\n');
    case 'text':
      return [
        ...provenanceLines(report).map(visibleControls),
        scaleNote(report.metrics),
        ...report.notes.map((n) => `note: ${visibleControls(n)}`),
        '',
        formatTable(header(report), body(report)),
        ...agentText(report, PLAIN),
        ...comparisonText(comparison, PLAIN),
        ...figureTablesText(figures, PLAIN),
        '',
      ].join('\n');
  }
}
