// Reads vitest's JSON report (--reporter=json) into the counts scripts/test.mjs prints.

/**
 * Counts from vitest's JSON report. A file that fails outside any test (an import error, a
 * failing beforeAll) has no failed test in it, so it counts as one failure; so does a non-zero
 * exit with nothing else failed (unhandled errors) and a missing or unreadable report.
 */
export function countResults(report, exitCode) {
  if (!report) return { passed: 0, failed: 1, skipped: 0, files: 0, note: 'no JSON report (vitest crashed?)' };
  let failed = report.numFailedTests ?? 0;
  const notes = [];
  for (const file of report.testResults ?? []) {
    const failedInside = (file.assertionResults ?? []).some((a) => a.status === 'failed');
    if (file.status === 'failed' && !failedInside) {
      failed += 1;
      notes.push(`file failed outside its tests: ${file.name}`);
    }
  }
  if (exitCode !== 0 && failed === 0) {
    failed = 1;
    notes.push(`vitest exited with code ${exitCode} (e.g. unhandled errors; see its output above)`);
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    files: (report.testResults ?? []).length,
    note: notes.join('; '),
  };
}
