// Types of routes.js (shared by the browser and the exporter).
export interface DataRoute {
  path: string;
  file: string;
}
export declare const routes: {
  runs(): DataRoute;
  run(run: string): DataRoute;
  rows(run: string): DataRoute;
  firstRows(run: string, limit: number): DataRoute;
  tasksSince(run: string, version: number): DataRoute;
  task(run: string, row: { id: string; ord: number }): DataRoute;
  summary(run: string): DataRoute;
  progress(run: string): DataRoute;
  compare(a: string, b: string): DataRoute;
};
