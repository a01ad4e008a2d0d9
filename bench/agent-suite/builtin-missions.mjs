// The planner's instructions on the built-in scenarios (missions/scenarios), in the judge's
// vocabulary (src/tools/mission-judge.ts), each run over several seeds: the figure the README has
// tracked since before the suite of new rooms. [scenario, instruction, judge, possible]
const inZone = (object, zone) => ({ in_zone: { object, zone } });

export const BUILTIN_MISSIONS = [
  ['warehouse', 'pick up the red cube', [{ holding: 'red_cube' }]],
  ['warehouse', 'grab the blue cube', [{ holding: 'blue_cube' }]],
  ['warehouse', 'get the green ball', [{ holding: 'green_ball' }]],
  ['warehouse', 'fetch the yellow cylinder', [{ holding: 'yellow_cylinder' }]],
  ['warehouse', 'pick up the ball', [{ holding: 'green_ball' }]],
  ['warehouse', 'put the red cube in bin a', [inZone('red_cube', 'bin_a')]],
  ['warehouse', 'bring the blue cube to bin b', [inZone('blue_cube', 'bin_b')]],
  ['warehouse', 'take the green ball to the shelf', [inZone('green_ball', 'shelf')]],
  ['warehouse', 'pick up the yellow cylinder, then put it in bin A', [inZone('yellow_cylinder', 'bin_a')]],
  ['warehouse', 'place the blue cube next to the green ball', [{ near: { object: 'blue_cube', to: 'green_ball', within: 0.8 } }]],
  ['warehouse', 'put all the cubes on the shelf', [inZone('red_cube', 'shelf'), inZone('blue_cube', 'shelf')]],
  ['warehouse', 'bring me the green ball', [inZone('green_ball', 'home')]],
  ['warehouse', 'go to bin b', [{ robot_in_zone: 'bin_b' }]],
  ['warehouse', 'navigate to the shelf, then come back home', [{ robot_in_zone: 'home' }]],
  ['warehouse', 'move to (7, 5.5)', [{ robot_near: { x: 7, y: 5.5, within: 0.05 } }]],
  ['warehouse', 'where is the red cube?', [{ answer_position: { object: 'red_cube', within: 0.25 } }]],
  ['warehouse', 'find the yellow cylinder', [{ answer_position: { object: 'yellow_cylinder', within: 0.25 } }]],
  ['warehouse', 'go charge', [{ battery_at_least: 0.94 }]],
  ['warehouse', 'what is your battery level?', [{ answer_number: 90 }]],
  ['warehouse', 'where are you?', [{ answer_position: { x: 1, y: 1, within: 0.05 } }]],
  ['warehouse', 'arm', [{ robot_armed: true }]],
  ['warehouse', 'set max speed to 0.3', [{ parameter: { name: 'max_linear_speed', value: 0.3 } }]],
  ['warehouse', 'set conflict policy to queue, then go to bin a', [{ parameter: { name: 'conflict_policy', value: 'queue' } }, { robot_in_zone: 'bin_a' }]],
  // Two red cubes, one out of sight at the start: "the red cube" is asked about, nothing moved (#15).
  ['twins', 'pick up the red cube', [{ unmoved: 'all' }, { holding: null }], false],
  ['twins', 'pick up a red cube', [{ holding: ['red_cube_1', 'red_cube_2'] }]],
  ['twins', 'put all the red cubes in bin b', [inZone('red_cube_1', 'bin_b'), inZone('red_cube_2', 'bin_b')]],
  ['cluttered', 'find the red cube', [{ answer_position: { object: 'red_cube', within: 0.25 } }]],
  ['cluttered', 'bring the green cube to bin a', [inZone('green_cube', 'bin_a')]],
  ['cluttered', 'pick up the blue ball', [{ holding: 'blue_ball' }]],
  ['low-battery', 'go to bin a', [{ robot_in_zone: 'bin_a' }]],
  ['low-battery', 'put the blue cube in bin b', [inZone('blue_cube', 'bin_b')]],
  ['dim', 'pick up the red cube', [{ holding: 'red_cube' }]],
  ['empty', 'pick up the red cube', [{ holding: null }], false],
  ['warehouse', 'pick up the purple elephant', [{ unmoved: 'all' }, { holding: null }], false],
].map(([scenario, text, judge, possible = true]) => ({ scenario, text, judge, possible }));
