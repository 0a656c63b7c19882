/**
 * The dependency direction of the source tree (STYLE.md §8.2), checked by `npm run lint`:
 *
 *   core ← platform ← shared ← content, popup (← options, annotations: its strings), overlay, background  (the extension)
 *   core ← platform ← node (the Node host: engines, page reading) ← eval ← train, bench ← cli
 *
 * An arrow points from the imported to the importer. Nothing imports cli, and there are no cycles.
 */
const EXTENSION = '^src/(content|popup|options|annotations|overlay|background|shared)/';
const NODE_SIDE = '^src/(node|eval|train|bench|cli)/';

/** A rule that forbids `from` to import any of `to`. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from: { path: from }, to: { path: to } });

module.exports = {
  forbidden: [
    { name: 'no-cycles', comment: 'An import cycle makes the layers meaningless.', severity: 'error', from: {}, to: { circular: true } },
    forbid('core-is-pure', 'src/core imports only src/core: no host, UI or Node code (STYLE.md §8.2).', '^src/core/', '^src/(?!core/)'),
    {
      name: 'core-has-no-node-builtins',
      comment: 'src/core runs in the page too: no Node built-in modules.',
      severity: 'error',
      from: { path: '^src/(core|platform|content|popup|options|annotations|overlay|background|shared)/' },
      to: { dependencyTypes: ['core'] },
    },
    forbid(
      'platform-below-hosts',
      'src/platform serves every host: it imports only src/core.',
      '^src/platform/',
      '^src/(?!core/|platform/)',
    ),
    forbid('extension-not-node', 'The extension never imports the Node side.', EXTENSION, NODE_SIDE),
    forbid(
      'shared-below-extension',
      "src/shared is the extension parts' common ground: it imports none of them.",
      '^src/shared/',
      '^src/(content|popup|options|annotations|overlay|background)/',
    ),
    forbid(
      'node-host-below-tools',
      'src/node (engines, page reading) serves cli, eval, train and bench: it imports none of them, nor the extension.',
      '^src/node/',
      `^src/(eval|train|bench|cli)/|${EXTENSION}`,
    ),
    forbid(
      'eval-below-train-and-bench',
      'src/eval imports core, platform and the Node host only.',
      '^src/eval/',
      `^src/(train|bench|cli)/|${EXTENSION}`,
    ),
    forbid('train-not-bench', 'src/train imports core, platform, the Node host and eval.', '^src/train/', `^src/(bench|cli)/|${EXTENSION}`),
    forbid('bench-not-train', 'src/bench imports core, platform, the Node host and eval.', '^src/bench/', `^src/(train|cli)/|${EXTENSION}`),
    forbid(
      'nothing-imports-cli',
      "The command line is the top: a command's library parts live in eval, train or bench.",
      '^src/(?!cli/)',
      '^src/cli/',
    ),
    {
      name: 'commands-are-not-libraries',
      comment: 'Only main.ts dispatches to a command; what two commands share lives in eval, train, bench or cli/args.ts.',
      severity: 'error',
      from: { path: '^src/cli/', pathNot: '^src/cli/main\\.ts$' },
      to: { path: '^src/cli/[^/]+-command\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.json$' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
