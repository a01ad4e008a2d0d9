import type { WhichOneQuestion } from '../../src/agent/outcome-tool.js';

/** Questions a mission asks when the words fit several (outcome-tool.ts), as the tests hand them around. */

/** "the red cube" with two in the room: one by the start, one on the shelf. */
export const RED_CUBES: WhichOneQuestion = {
  text: 'Which red cube do you mean?',
  said: 'red cube',
  options: [
    { label: 'red_cube#1 at (3.18, 1.61)', answer: 'the red cube at (3.18, 1.61)' },
    { label: 'red_cube#2 at (5.98, 6.37) in shelf', answer: 'the red cube at (5.98, 6.37)' },
  ],
};

/** "the bin" on a map with bin_a and bin_b. */
export const BINS: WhichOneQuestion = {
  text: 'Which place do you mean by "bin"?',
  said: 'bin',
  options: [
    { label: 'bin_a', answer: 'bin a' },
    { label: 'bin_b', answer: 'bin b' },
  ],
};
