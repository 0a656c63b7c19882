import { afterAll, describe, expect, it } from 'vitest';
import { buildPageModel } from '../../../src/core/dom/page-model.ts';
import type { TextBlock } from '../../../src/core/dom/page-model.ts';
import { chooseTitle, withoutSiteName } from '../../../src/core/metadata/choose.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { closeWindows, parseWith } from '../../helpers/dom.ts';
import { faithfulOptions } from '../../helpers/options.ts';

afterAll(closeWindows);

function h1Block(text: string): TextBlock {
  const model = buildPageModel(
    parseWith('happy-dom', `<html><head></head><body><h1>${text}</h1></body></html>`),
    staticProbe,
    faithfulOptions({}),
  );
  const block = model.blocks[0];
  if (!block) throw new Error('no block');
  return block;
}
import type { StructuredMeta } from '../../../src/core/metadata/structured.ts';

const structured = (titles: string[]): StructuredMeta => ({
  titles: titles.map((value) => ({ value, from: 'meta', detail: 'og:title' })),
  authors: [],
  sources: [],
  dates: [],
  lang: null,
});
const OPTS = { titleChoice: 'structured-first', titleElementMinWords: 3 } as const;

describe('withoutSiteName', () => {
  it('drops a trailing " – Site" when at least minWords words remain', () => {
    expect(withoutSiteName('Lorem ipsum dolor sit amet – My website', 3)).toBe('Lorem ipsum dolor sit amet');
    expect(withoutSiteName('How to Build a Terrarium | eHow', 3)).toBe('How to Build a Terrarium');
  });

  it('keeps the whole title when too few words would remain, or without a spaced separator', () => {
    expect(withoutSiteName('Mozilla - Wikipedia', 3)).toBe('Mozilla - Wikipedia');
    expect(withoutSiteName('海外留学生看两会_教育频道_中国青年网', 3)).toBe('海外留学生看两会_教育频道_中国青年网');
  });
});

describe('chooseTitle', () => {
  it('structured-first: the declared title wins over <title>', () => {
    const { chosen } = chooseTitle(null, null, structured(['Declared']), 'Element title here', OPTS);
    expect(chosen).toMatchObject({ value: 'Declared', from: 'meta' });
  });

  it('title-block: the anchored block wins over the declared title', () => {
    const block = h1Block('On-page headline');
    const { chosen } = chooseTitle(block, 'On-page headline', structured(['Declared']), 'Element', { ...OPTS, titleChoice: 'title-block' });
    expect(chosen).toMatchObject({ value: 'On-page headline', from: 'title-block' });
  });

  it('structured-first: a declared title that the title block extends was cut short, and the block wins', () => {
    const headline = '多地项目连环爆雷 狂奔的龙湖集团"暗伤"曝露？';
    const { chosen } = chooseTitle(h1Block(headline), headline, structured(['多地项目连环爆雷 狂奔的龙湖集团']), null, OPTS);
    expect(chosen).toMatchObject({ value: headline, from: 'title-block' });
  });

  it('falls back to <title> without its site name', () => {
    const { chosen } = chooseTitle(null, null, null, 'Lorem ipsum dolor sit amet – My website', OPTS);
    expect(chosen).toMatchObject({ value: 'Lorem ipsum dolor sit amet', from: 'title-element' });
  });
});
