/** A short English news story for tests that only need some article: its address, headline and paragraphs. */
export const STORY_URL = 'https://news.example.com/2024/05/library.html';
export const STORY_TITLE = 'City opens a solar-powered library';
export const STORY_PARAGRAPHS = [
  'The new library, which opened on Monday, runs entirely on solar power, the mayor said, and it cost less than expected.',
  'Residents queued for hours to see the building, and many of them, young and old, brought books to donate.',
  'The council plans two more such buildings, one in the north and one in the south, before the end of the decade.',
] as const;
