// A run's summary: what produced it and the report stage's tables and charts by every dimension.
import { api } from './api.js';
import { append, h, replaceChildren } from './dom.js';
import { defaultChartMetric, metricPicker, reportSections } from './report-view.js';

export async function summaryView(ctx, container, { run }) {
  const summary = await api.summary(run);
  const metrics = summary.tables[0]?.report.metrics ?? [];
  const sections = h('div');
  const draw = (metric) => replaceChildren(sections, reportSections(ctx, summary.tables, metric));
  const metric = defaultChartMetric(metrics);
  append(container, 
    h('h1', null, `Summary · ${run}`),
    h('ul', { class: 'provenance' }, summary.provenance.map((line) => h('li', null, line))),
    summary.notes.map((note) => h('p', { class: 'note' }, note)),
    h('p', { class: 'muted small' }, 'Scale: em, em-nows, id-em, id-f1, es-levenshtein, codebleu, bleu, pass@k are x100; es and es-difflib are fuzz.ratio 0-100.'),
    metrics.length ? metricPicker(metrics, metric, draw) : h('p', { class: 'muted' }, 'nothing scored yet'),
    sections);
  draw(metric);
  return null;
}
