import { expect, test } from 'vitest';
import { linkKey } from '../../src/shared/link-key.ts';

test('resolves relative links and drops the fragment', () => {
  expect(linkKey('/local/a.html#comments', 'https://news.example/index.html')).toBe('https://news.example/local/a.html');
  expect(linkKey('b.html?id=3#top', 'https://news.example/local/a.html')).toBe('https://news.example/local/b.html?id=3');
});

test('keeps only http(s) targets of reasonable length', () => {
  expect(linkKey('javascript:void(0)', 'https://news.example/')).toBeNull();
  expect(linkKey('mailto:desk@news.example', 'https://news.example/')).toBeNull();
  expect(linkKey('http://[bad', undefined)).toBeNull();
  expect(linkKey(`https://news.example/${'a'.repeat(5000)}`)).toBeNull();
});
