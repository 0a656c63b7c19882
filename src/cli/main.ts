/**
 * `article-lens` — the command line (DESIGN.md "CLI contract"):
 *   article-lens extract <file.html|url> [--url URL] [--link-title T] [--format json|markdown|text|html]
 *                        [--engine dom|chromium] [--explain]
 *   article-lens eval <set-dir|set.zip> [--out pred.jsonl] [--engine dom|chromium] [--limit N]
 *   article-lens report [--out BENCHMARKS.md] [--datasets DIR]
 * A set is a folder or its `.zip` (annotation mode's export), wherever a command takes one.
 * Each command has its file (extract-command.ts, eval-command.ts…); this one only dispatches and turns
 * errors into exit codes.
 * Exit codes: 0 ok; 1 extraction failed for the input (the message says why); 2 bad usage.
 */
import { DatasetError } from '../eval/dataset.ts';
import { DEFAULT_OPTIONS } from '../core/index.ts';
import { DEFAULT_TRAIN_DATE_OPTIONS } from '../train/options.ts';
import { benchCommand } from './bench-command.ts';
import { evalCommand } from './eval-command.ts';
import { extractCommand, parseExtractArgs } from './extract-command.ts';
import { gateCommand } from './gate-command.ts';
import { UsageError } from './options-flags.ts';
import { optionsTable } from './options-table.ts';
import { packModelsCommand } from './pack-models-command.ts';
import { queueCommand } from './queue-command.ts';
import { reportCommand } from './report-command.ts';
import { trainBodyCommand } from './train-body-command.ts';
import { trainAuthorCommand } from './train-author-command.ts';
import { trainDateCommand } from './train-date-command.ts';
import { warcCommand } from './warc-command.ts';
import { terminalJson, writeErr, writeOut } from '../node/terminal-text.ts';

const USAGE = `usage:
  article-lens extract <file.html|url> [--url URL] [--link-title T] [--format json|markdown|text|html]
                       [--engine dom|chromium] [--explain] [--sliced] [--preset faithful|default] [--option path=value]…
                       [--time-limit SECONDS] [--similar <other.html|url>] [--same-origin]
  article-lens extract --warc <file.warc[.gz]>...|- [--format json|markdown|text|html] [--engine dom|chromium]
                       [--concurrency N] [--limit N] [--time-limit SECONDS] [--skipped] [--max-record-mb N] [--option path=value]…
  article-lens eval <set-dir|set.zip> [--out pred.jsonl] [--engine dom|chromium] [--limit N] [--concurrency N]
                    [--time-limit SECONDS] [--preset faithful|default] [--option path=value]… [--json] [--date-model model.json] [--field-model model.json]
                    [--now DAY] [--date-cv K|1 [--date-cv-by page|site] [--date-train <set-dir|set.zip>]...] [--sliced]
                    [--compare readability [--compare-top N]] [--similar auto]
  article-lens report [--out BENCHMARKS.md] [--datasets DIR] [--engines chromium,dom] [--sets a,b] [--jobs N]
                      [--sections results,methods,metadata,loso,dates,blocks,speed] [--skip-ablations] [--skip-bench]
                      [--skip-date-cv] [--bench-sets gne,scrapinghub]
  article-lens bench <set-dir|set.zip>... [--limit N] [--runs R] [--out FILE] [--json] [--engine chromium] [--similar auto]
  article-lens bench --lcs-sizes N,N,… [--runs R] [--out FILE] [--json]
  article-lens train-date <set-dir|set.zip>... --out <model.json> [--engine dom|chromium] [--now YYYY-MM-DD]
                          [--cv K [--variants] [--cv-deals N] [--cv-json FILE]] [--grid C,…:σ,…]
                          [--samples FILE] [--save-samples FILE] [--option path=value]…
  article-lens train-body <set-dir|set.zip>... --out <model.json> [--engine dom|chromium]
                          [--cv K [--by site|set] [--cv-json FILE] [--thresholds P,…]]
                          [--samples FILE] [--save-samples FILE] [--rounds N] [--depth N] [--learning-rate X]
  article-lens train-author <set-dir|set.zip>... --out <model.json> [--engine dom|chromium]
                            [--cv K [--by site|set] [--thresholds P,…]] [--samples FILE] [--save-samples FILE]
  article-lens gate [--datasets DIR] [--baseline eval/baseline.json] [--sets a,b] [--jobs N] [--option path=value]…
                    [--update [--allow-regression]]
  article-lens queue add <file.warc[.gz]>...|- --redis URL [--records-per-job N] [--attempts N] [--queue NAME]
  article-lens queue work --redis URL --out DIR [--concurrency N] [--format json|markdown|text|html] [--time-limit SECONDS]
                          [--skipped] [--max-record-mb N] [--lock-seconds N] [--max-stalled N] [--until-empty] [--queue NAME]
  article-lens queue status --redis URL [--json] [--queue NAME]
  article-lens options [--markdown] [--train]
  article-lens pack-models [--check]`;

export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'extract':
        return rest.includes('--warc') ? await warcCommand(rest) : await extractCommand(parseExtractArgs(rest));
      case 'eval':
        return await evalCommand(rest);
      case 'report':
        return await reportCommand(rest);
      case 'queue':
        return await queueCommand(rest);
      case 'bench':
        return await benchCommand(rest);
      case 'gate':
        return await gateCommand(rest);
      case 'train-date':
        return await trainDateCommand(rest);
      case 'train-body':
        return await trainBodyCommand(rest);
      case 'train-author':
        return await trainAuthorCommand(rest);
      case 'pack-models':
        return packModelsCommand(rest);
      case 'options': {
        const options = rest.includes('--train') ? DEFAULT_TRAIN_DATE_OPTIONS : DEFAULT_OPTIONS;
        writeOut(rest.includes('--markdown') ? `${optionsTable(options)}\n` : `${terminalJson(JSON.stringify(options, null, 2))}\n`);
        return 0;
      }
      case undefined:
        throw new UsageError('no command given');
      case '-h':
      case '--help':
      case 'help':
        writeOut(`${USAGE}\n`);
        return 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (err) {
    if (err instanceof UsageError || (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))) {
      writeErr(`article-lens: ${err.message}\n${USAGE}\n`);
      return 2;
    }
    if (err instanceof DatasetError) {
      writeErr(`article-lens: ${err.message}\n`);
      return 1;
    }
    writeErr(`article-lens: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}\n`);
    return 1;
  }
}
