import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractEnv } from '../../../src/core/env.ts';
import { extract, resolveOptions } from '../../../src/core/index.ts';
import { cellJoin } from '../../../src/core/output/layout-table.ts';
import { bodyMarkdown } from '../../../src/core/output/markdown.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { closeWindows, parseWith } from '../../helpers/dom.ts';
import { MODEL_KINDS, modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

const ENV: ExtractEnv = { probe: staticProbe, clock: { now: () => new Date('2024-06-01T00:00:00Z') }, timer: () => 0 };

const PAGE = (table: string) => `<!doctype html><html lang="zh-CN"><head><title>青石公司完成新一轮融资_示例网</title></head><body>
<div class="nav"><a href="/">首页</a> <a href="/a">新闻</a> <a href="/b">财经</a></div>
<h1>青石公司完成新一轮融资</h1>
<div id="text">
<p>据了解，青石公司成立于二〇一五年，主要从事农业机械的研发和生产，产品销往全国二十多个省份。</p>
${table}
<p>业内人士认为，随着农业现代化的推进，农机行业将迎来新的发展机遇，相关企业的融资活动也会更加活跃。</p>
<p>该公司计划在明年推出三款新型收割机，并在东北地区建设新的生产基地，预计将带动当地数百人就业。</p>
</div></body></html>`;

const SPLIT = `<table width="600"><tr><td width="300">公司负责人表示，本轮融资由多家机构共同参与，公司一共获得了5</td><td width="300">00万元的资金支持，将主要用于新产品研发和生产线改造。</td></tr></table>`;

describe('cellJoin', () => {
  it('runs CJK text and digits together, Latin words with a space; a finished sentence keeps its line', () => {
    expect(cellJoin('公司一共获得了5', '00万元的资金')).toBe('');
    expect(cellJoin('获得了', '五百万元')).toBe('');
    expect(cellJoin('raised 5', '00 thousand')).toBe('');
    expect(cellJoin('the company said it would', 'build two more')).toBe(' ');
    expect(cellJoin('将用于研发。', '业内人士认为')).toBeNull();
    expect(cellJoin('It was built in 2019.', 'The council')).toBeNull();
    expect(cellJoin('', 'x')).toBeNull();
  });
});

/** The body's Markdown as a host makes it: from the clean HTML, parsed by a happy-dom window's DOMParser. */
const markdownOf = (html: string): string =>
  bodyMarkdown(html, (h) => parseWith('happy-dom', `<!doctype html><html><head></head><body>${h}</body></html>`).body);

describe.each(MODEL_KINDS)('a layout table in the body (%s)', (kind) => {
  const PAGE_URL = 'https://news.example.cn/a.html';
  const run = (table: string, join = true) => {
    const opts = resolveOptions({ output: { extensions: { joinLayoutTableRows: join } } });
    return extract(modelOf(kind, PAGE(table), opts, PAGE_URL), ENV, { url: PAGE_URL }, opts);
  };

  it('a sentence a one-row layout table cut is one line again, in the text, the HTML and the Markdown', () => {
    const a = run(SPLIT);
    expect(a.body.text).toContain('公司一共获得了500万元的资金支持');
    expect(a.body.text.split('\n')).toHaveLength(4);
    const markdown = markdownOf(a.body.html);
    expect(markdown).toContain('公司一共获得了500万元的资金支持');
    expect(markdown).not.toContain('|');
    expect(a.body.html).not.toContain('<table');
    expect(a.tables).toEqual([]);
  });

  it('switched off (the faithful output): a line each', () => {
    const a = run(SPLIT, false);
    expect(a.body.text).toContain('获得了5\n00万元');
  });

  it('cells that end a sentence stay lines of their own; a data table stays a table', () => {
    const ends = `<table><tr><td>公司负责人表示，本轮融资由多家机构共同参与，资金将用于研发。</td><td>此外，公司还将扩建位于东北地区的生产线，新增两条装配线。</td></tr></table>`;
    expect(run(ends).body.text).toContain('用于研发。\n此外');
    const data = `<table><tr><th>年份</th><th>产量</th></tr><tr><td>2019</td><td>1200台</td></tr><tr><td>2020</td><td>1500台</td></tr></table>`;
    const a = run(data);
    expect(a.body.html).toContain('<table');
    expect(a.tables).toHaveLength(1);
  });
});
