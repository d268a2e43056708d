import { describe, expect, it } from 'vitest';
import { isMergeConfirmation, mergeDifferences } from './catalog';

const white = { mainCategoryId: 'white', producer: 'Mélaric', vintage: 2010 };

describe('what tells two wines of one name apart before a merge', () => {
  it('sees a rosé or a red beside a white, another producer and another vintage', () => {
    expect(mergeDifferences(white, { ...white, mainCategoryId: 'rose' })).toEqual(['style']);
    expect(mergeDifferences(white, { ...white, producer: 'Domaine Autre' })).toEqual(['producer']);
    expect(mergeDifferences(white, { ...white, vintage: 2011 })).toEqual(['vintage']);
    expect(mergeDifferences(white, { mainCategoryId: 'red', producer: 'X', vintage: null })).toEqual([
      'style',
      'producer',
      'vintage',
    ]);
  });

  it('takes the same producer written differently, or named on one side only, as the same', () => {
    expect(mergeDifferences(white, { ...white, producer: '  MELARIC ' })).toEqual([]);
    expect(mergeDifferences(white, { ...white, producer: undefined })).toEqual([]);
    expect(mergeDifferences({ ...white, vintage: null }, { ...white, vintage: undefined })).toEqual([]);
  });

  it('confirms with MERGE or SLÅ SAMMEN, in any case, and nothing else', () => {
    for (const typed of ['MERGE', ' merge ', 'SLÅ SAMMEN', 'slå  sammen'])
      expect(isMergeConfirmation(typed)).toBe(true);
    for (const typed of [undefined, '', 'MERG', 'yes', 'SLETT'])
      expect(isMergeConfirmation(typed)).toBe(false);
  });
});
