import { describe, expect, test } from 'vitest';
import { embedImages, imageUrls } from '../../src/shared/embed-images.ts';

const MD = [
  '# Title',
  '![A reading room](https://ex.org/img/room.jpg "The room")',
  'Text with [a link](https://ex.org/page.html) and ![second](https://cdn.ex.net/a%20b.png).',
  '![again](https://ex.org/img/room.jpg)',
  '![](data:image/png;base64,AAAA) ![rel](/not/absolute.png)',
].join('\n\n');

describe('embedded images', () => {
  test('the distinct http(s) image URLs, in order; links and other schemes are not images to fetch', () => {
    expect(imageUrls(MD)).toEqual(['https://ex.org/img/room.jpg', 'https://cdn.ex.net/a%20b.png']);
    expect(imageUrls(MD, 1)).toEqual(['https://ex.org/img/room.jpg']);
  });

  test('each fetched image becomes a data: URL everywhere it is used; the rest stay links', () => {
    const out = embedImages(MD, new Map([['https://ex.org/img/room.jpg', 'data:image/jpeg;base64,/9j/']]));
    expect(out).toContain('![A reading room](data:image/jpeg;base64,/9j/ "The room")');
    expect(out).toContain('![again](data:image/jpeg;base64,/9j/)');
    expect(out).toContain('![second](https://cdn.ex.net/a%20b.png)');
    expect(out).toContain('[a link](https://ex.org/page.html)');
  });
});
