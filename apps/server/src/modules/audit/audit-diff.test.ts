import { describe, expect, it } from 'vitest';
import { fieldChanges } from './audit-diff';

describe('fieldChanges', () => {
  it('names each changed field, walking into choices, and keeps tags as one value', () => {
    const before = {
      stem: 'Old',
      tags: ['a'],
      choices: [
        { id: 1, text: 'A', is_correct: true },
        { id: 2, text: 'B', is_correct: false },
      ],
    };
    const after = {
      stem: 'New',
      tags: ['a', 'b'],
      choices: [
        { id: 1, text: 'A', is_correct: false },
        { id: 2, text: 'B', is_correct: true },
        { id: 3, text: 'C', is_correct: false },
      ],
    };
    expect(fieldChanges(before, after)).toEqual([
      { field: 'stem', before: 'Old', after: 'New' },
      { field: 'tags', before: ['a'], after: ['a', 'b'] },
      { field: 'choices[0].is_correct', before: true, after: false },
      { field: 'choices[1].is_correct', before: false, after: true },
      { field: 'choices[2].id', before: null, after: 3 },
      { field: 'choices[2].text', before: null, after: 'C' },
      { field: 'choices[2].is_correct', before: null, after: false },
    ]);
  });

  it('lists a new record field by field, and nothing when nothing changed', () => {
    expect(fieldChanges(null, { name: 'Cardio', year: 2024 })).toEqual([
      { field: 'name', before: null, after: 'Cardio' },
      { field: 'year', before: null, after: 2024 },
    ]);
    expect(fieldChanges({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
