import { describe, expect, it } from 'vitest';
import { canonicalName, labelOfId, parseTrackerId, splitLabel, trackerId } from '../../src/core/names.js';

describe('names', () => {
  it('writes zone names in lower_snake_case', () => {
    expect(['Bin A', 'bin-a', ' bin_a ', 'BIN  a'].map(canonicalName)).toEqual(['bin_a', 'bin_a', 'bin_a', 'bin_a']);
  });

  it('splits colour_shape labels of the project vocabulary only', () => {
    expect(splitLabel('red_cube')).toEqual({ color: 'red', shape: 'cube' });
    expect(splitLabel('yellow_cylinder')).toEqual({ color: 'yellow', shape: 'cylinder' });
    for (const other of ['red_cube#1', 'purple_cube', 'red_pyramid', 'dark_red_cube', 'person', '']) expect(splitLabel(other), other).toBeNull();
  });

  it('builds tracker ids and reads them back', () => {
    expect(trackerId('red_cube', 2)).toBe('red_cube#2');
    expect(parseTrackerId('red_cube#2')).toEqual({ label: 'red_cube', n: 2 });
    expect(parseTrackerId('traffic light#10')).toEqual({ label: 'traffic light', n: 10 });
    for (const notAnId of ['red_cube', 'red_cube#', '#3', 'red_cube#x']) expect(parseTrackerId(notAnId), notAnId).toBeNull();
    expect(labelOfId('green_ball#12')).toBe('green_ball');
    expect(labelOfId('green_ball')).toBe('green_ball');
  });
});
