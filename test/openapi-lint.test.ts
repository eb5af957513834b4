/**
 * The OpenAPI document as a third-party linter reads it: Redocly CLI's recommended rules, with
 * the exceptions (and their reasons) in test/redocly.yaml, must report no error and no warning.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

interface LintProblem {
  readonly ruleId: string;
  readonly severity: 'error' | 'warn';
  readonly message: string;
  readonly location?: ReadonlyArray<{ readonly pointer?: string }>;
}

describe('the OpenAPI document under Redocly CLI', () => {
  it('has no error and no warning under the recommended rules', () => {
    const r = spawnSync(process.execPath, ['node_modules/@redocly/cli/bin/cli.js', 'lint', 'src/http/openapi.json', '--config', 'test/redocly.yaml', '--format', 'json'], {
      encoding: 'utf8',
      // No telemetry and no update check: the tests never call out.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
      timeout: 60_000,
    });
    const json = r.stdout.slice(r.stdout.indexOf('{'));
    const report = JSON.parse(json) as { totals: { errors: number; warnings: number }; problems: LintProblem[] };
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location?.[0]?.pointer ?? ''}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(r.status).toBe(0);
  });
});
