import { describe, expect, test } from 'vitest';
import { correctedBody } from '../../../src/shared/annotation/body-correction.ts';
import { acceptBody, rejectBody, replaceBody, toggleAddedBlock, toggleRemovedBlock } from '../../../src/shared/annotation/record.ts';
import { freshRecord } from './annotation-fixture.ts';

const ref = (selector: string) => ({ selector, preview: selector });

describe('correctedBody', () => {
  test('no verdict, or ✗ with nothing given: not annotated', () => {
    expect(correctedBody(freshRecord().body)).toBeNull();
    expect(correctedBody(rejectBody(freshRecord()).body)).toBeNull();
  });

  test('✓: the extracted body, line by line', () => {
    expect(correctedBody(acceptBody(freshRecord()).body)).toBe(
      'The library by the river opened on Thursday.\nIt holds forty thousand books.\nShare this story',
    );
  });

  test('a removed block takes its lines out; an added block goes where it stands on the page', () => {
    let r = toggleRemovedBlock(freshRecord(), { ref: ref('.share'), text: 'Share this story\nFacebook', at: 0 });
    r = toggleAddedBlock(r, { ref: ref('.lead'), text: 'By the river, a new library.', at: 0 });
    r = toggleAddedBlock(r, { ref: ref('.mid'), text: 'Doors open at nine.\n  It holds forty thousand books. ', at: 1 });
    expect(correctedBody(r.body)).toBe(
      'By the river, a new library.\nThe library by the river opened on Thursday.\nDoors open at nine.\nIt holds forty thousand books.',
    );
  });

  test('a short line leaves only when it is a line of the removed block, not when it merely occurs in it', () => {
    let r = freshRecord();
    r = { ...r, body: { ...r.body, extracted: 'Yes.\nA long enough paragraph of the article.' } };
    r = toggleRemovedBlock(r, { ref: ref('.x'), text: 'Yes. No. Maybe. A long enough paragraph of the article. More', at: 0 });
    expect(correctedBody(r.body)).toBe('Yes.');
  });

  test('a replaced body starts from the picked block', () => {
    let r = replaceBody(freshRecord(), { ref: ref('main'), text: 'First.\nSecond.\nAd', at: 0 });
    r = toggleRemovedBlock(r, { ref: ref('.ad'), text: 'Ad', at: 0 });
    expect(correctedBody(r.body)).toBe('First.\nSecond.');
  });
});
