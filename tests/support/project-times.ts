/**
 * A Vitest reporter that prints, at the end of a run, each project's wall time (first file started
 * to last file finished) and its test count, so CI shows where the suite's minutes go (issue 34).
 */
import type { Reporter, TestModule } from 'vitest/node';

type Span = { start: number; end: number; tests: number; files: number };

export default class ProjectTimes implements Reporter {
  private spans = new Map<string, Span>();
  private runStart = Date.now();

  onTestRunStart() {
    this.runStart = Date.now();
  }

  onTestModuleEnd(module: TestModule) {
    const name = module.project.name || 'default';
    const now = Date.now();
    // A file's own duration (set-up, collection and its tests) places its start.
    const started = now - module.diagnostic().duration;
    const span = this.spans.get(name) ?? { start: started, end: now, tests: 0, files: 0 };
    this.spans.set(name, span);
    span.start = Math.min(span.start, started);
    span.end = Math.max(span.end, now);
    span.files += 1;
    span.tests += [...module.children.allTests()].length;
  }

  onTestRunEnd() {
    const rows = [...this.spans.entries()].sort((a, b) => a[1].start - b[1].start);
    const lines = rows.map(
      ([name, s]) =>
        `  ${name.padEnd(12)} ${((s.end - s.start) / 1000).toFixed(1).padStart(7)} s  ${String(s.files).padStart(4)} files  ${String(s.tests).padStart(5)} tests`,
    );
    const total = ((Date.now() - this.runStart) / 1000).toFixed(1);
    process.stdout.write(
      `\nTime per project (wall clock):\n${lines.join('\n')}\n  ${'all'.padEnd(12)} ${total.padStart(7)} s\n`,
    );
  }
}
