// Runs `web-ext lint` (Mozilla's addons-linter, what addons.mozilla.org runs on upload) on the Firefox build
// in dist-firefox/ and fails on any error, warning or notice, except the two known innerHTML assignments
// inside libraries of the popup and the content script's import() of its own lazy modules, each recognised by the code at the reported position (not by line or file
// hash, which change with every build), so that an innerHTML of our own or a new library still fails.
// Usage: node scripts/lint-firefox.js [dir]   (run `npm run build:firefox` first)
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cmd } from 'web-ext';

const dir = process.argv[2] ?? 'dist-firefox';
if (!existsSync(join(dir, 'manifest.json'))) {
  console.error(`lint:firefox: no Firefox build in ${dir}/: run \`npm run build:firefox\` first`);
  process.exit(1);
}

/** Findings that are reviewed and accepted: rule code, what the flagged code starts with, and why. */
const ACCEPTED = [
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    starts: /^[\w$]+\.innerHTML=[\w$]+\.__html\b/,
    why: "preact's dangerouslySetInnerHTML; its one user (popup BodyView) passes only DOMPurify output",
  },
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    starts: /^[\w$]+\.documentElement\.innerHTML=/,
    why: "DOMPurify's own parsing fallback, inside the sanitiser",
  },
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    starts: /^import\([\w$]+\.runtime\.getURL\([\w$]+\)\)/,
    why: "the content script's lazy parts, imported from the add-on's own URL (src/content/lazy-modules.ts: three fixed file names)",
  },
];

// web-ext prints its own report (the table AMO shows) and returns the findings.
const report = await cmd.lint({ sourceDir: resolve(dir), output: 'text', ignoreFiles: [] }, { shouldExitProgram: false });

/** The source text at a finding's position (line and column are 1-based). */
function codeAt({ file, line, column }) {
  if (!file || !line || !column || !file.endsWith('.js')) return '';
  const lines = readFileSync(join(dir, file), 'utf8').split('\n');
  return (lines[line - 1] ?? '').slice(column - 1, column - 1 + 120);
}

const findings = [...report.errors, ...report.warnings, ...report.notices];
let failed = 0;
for (const f of findings) {
  const where = `${f.file ?? ''}${f.line ? `:${f.line}:${f.column}` : ''}`;
  const accepted = f._type !== 'error' && ACCEPTED.find((a) => a.code === f.code && a.starts.test(codeAt(f)));
  if (accepted) {
    console.log(`  accepted ${f._type} ${f.code} ${where}: ${accepted.why}`);
  } else {
    failed += 1;
    console.log(`  ${f._type.toUpperCase()} ${f.code} ${where}: ${f.message}`);
  }
}
const { errors, warnings, notices } = report.summary;
console.log(`web-ext lint ${dir}: ${errors} errors, ${warnings} warnings, ${notices} notices; ${failed} not accepted`);
process.exit(failed === 0 ? 0 : 1);
