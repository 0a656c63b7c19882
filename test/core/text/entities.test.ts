import { describe, expect, it } from 'vitest';
import { decodeEntities } from '../../../src/core/text/entities.ts';

describe('decodeEntities', () => {
  it('decodes numeric and the basic named references once', () => {
    expect(decodeEntities('doesn&#039;t &#x27;q&#X27; &amp; &lt;b&gt; &quot;x&quot; &apos;y&apos;')).toBe(`doesn't 'q' & <b> "x" 'y'`);
    // &nbsp; reads as a plain space, as the link-block scan has always counted it.
    expect(decodeEntities('a&nbsp;b')).toBe('a b');
  });

  it('decodes exactly once: "&amp;amp;" is the text "&amp;"', () => {
    expect(decodeEntities('Tides &amp;amp; Times')).toBe('Tides &amp; Times');
    expect(decodeEntities('&amp;#039;')).toBe('&#039;');
  });

  it('leaves unknown names, invalid code points and bare ampersands as written', () => {
    expect(decodeEntities('R&D &copy; &#0; &#x110000; AT&T')).toBe('R&D &copy; &#0; &#x110000; AT&T');
  });
});
