import { describe, expect, it } from 'vitest';

import { tickLines } from './TypeRecallChart';

describe('the recall chart’s type labels', () => {
  it('wrap a long name into short lines of whole words, so neighbours never overlap', () => {
    expect(tickLines('Stating Opinion As Fact', 17)).toEqual(['Stating Opinion', 'As Fact']);
    expect(tickLines('Extrinsic Information', 17)).toEqual(['Extrinsic', 'Information']);
    expect(tickLines('Other', 17)).toEqual(['Other']);
  });

  it('cut a name longer than four lines with an ellipsis', () => {
    expect(tickLines('a b c d e f g h', 1)).toEqual(['a', 'b', 'c', 'd e f g h'.slice(0, 1) + '…']);
  });
});
