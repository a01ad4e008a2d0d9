import { describe, expect, it } from 'vitest';
import { expectGrounding, grounded, groundedGoals, refusalOf, WAREHOUSE_ZONES, type WordingCase as Case } from './planner-map.js';

/**
 * Casual wording: how people really talk to a robot in a room they share with it — slang and
 * clipped pronouns ("chuck 'em", "could ya", "gonna need"), courtesies at the end ("cheers",
 * "ta"), questions in everyday form ("got any balls?", "anything lying about?", "whereabouts is
 * X"), a remark before the request ("it's getting dark, so …"), a heading before a list ("two
 * jobs for you: …"). Each is read and grounded as the planner does; what stays unreadable is
 * still refused before anything moves, quoting the words.
 */
const check = expectGrounding(WAREHOUSE_ZONES);

const refused = (text: string, quoted: string) => {
  const why = refusalOf(text);
  expect(why ?? `read as ${JSON.stringify(grounded(text).goals)}`).toContain(quoted);
};

const red = { color: 'red' };
const blue = { color: 'blue' };
const green = { color: 'green' };
const cube = { shape: 'cube' };
const ball = { shape: 'ball' };
const cylinder = { shape: 'cylinder' };
const place = (object: object, zone: string) => ({ kind: 'place', object, target: { zone } });

describe('courtesies and slang around a command', () => {
  it.each<Case>([
    // compromise reads "cheers" as the verb "cheer": the courtesy is known by the word as written.
    ['stick the red ball on the shelf, cheers', [place({ ...red, ...ball }, 'shelf')]],
    ['cheers mate, put the blue cube on the shelf', [place({ ...blue, ...cube }, 'shelf')]],
    ['red cube in bin b, ta', [place({ ...red, ...cube }, 'bin_b')]],
    // "'em" and "ya" are "them" and "you", clipped.
    ["grab the red cubes and chuck 'em on the shelf", [place({ ...red, ...cube, all: true }, 'shelf')]],
    ['grab the red cubes and chuck em on the shelf', [place({ ...red, ...cube, all: true }, 'shelf')]],
    ['could ya put the red cube in bin a', [place({ ...red, ...cube }, 'bin_a')]],
    // "em" opening the sentence is a hesitation, as "um" is.
    ['em, put the red cube in bin a', [place({ ...red, ...cube }, 'bin_a')]],
    // The future of wanting is wanting: "gonna need X in Z" is "I need X in Z".
    ["we're gonna need the blue cube on the shelf", [place({ ...blue, ...cube }, 'shelf')]],
    ["I'm going to want the green ball in bin b", [place({ ...green, ...ball }, 'bin_b')]],
    // "nearest you" is "nearest to you", without the "to".
    ['the blue ball nearest me, shelf', [place({ ...blue, ...ball, rank: 'nearest' }, 'shelf')]],
  ])('%s', (text, goals, readings) => check(text, goals, readings));
});

describe('going and charging, said casually', () => {
  it.each<Case>([
    ['hop over to bin b', [{ kind: 'goto', target: { zone: 'bin_b' } }]],
    ['nip to the shelf', [{ kind: 'goto', target: { zone: 'shelf' } }]],
    ['zip down to bin a', [{ kind: 'goto', target: { zone: 'bin_a' } }]],
    // Topping up is charging; "go top up" is not a place called "p up" ("to" is a whole word).
    ['go top up', [{ kind: 'charge' }]],
    ['top yourself up at the charger', [{ kind: 'charge' }]],
    ['go and juice up', [{ kind: 'charge' }]],
    ['top up your battery, then come back here', [{ kind: 'charge' }, { kind: 'goto', target: { zone: 'home' } }]],
    // "nought" is zero, so the number reads as digits.
    ['slow down to nought point four metres a second', [{ kind: 'set', name: 'max_linear_speed', value: 0.4 }]],
    // A percentage in words is a share, as "%" is: never the number 40.
    ['set the detection confidence to forty percent', [{ kind: 'set', name: 'detection_confidence', value: 0.4 }]],
    ['set the battery reserve to twenty five per cent', [{ kind: 'set', name: 'battery_reserve', value: 0.25 }]],
  ])('%s', (text, goals, readings) => check(text, goals, readings));
});

describe('questions in everyday form', () => {
  it.each<Case>([
    // "got any …?" opens with "got": "have you got" said short, never the order "get".
    ['got any cylinders?', [{ kind: 'find', object: { ...cylinder, all: true }, whether: true }]],
    ['have we got any cubes on the shelf', [{ kind: 'find', object: { ...cube, all: true, inZone: 'shelf' }, whether: true }]],
    ['any red balls kicking about?', [{ kind: 'find', object: { ...red, ...ball, all: true }, whether: true }]],
    ['how many balls have we got', [{ kind: 'count', object: { ...ball, all: true } }]],
    // "in this room", "lying around", "in here": the whole room, not a zone of the map.
    ['how many cubes are knocking about in this room', [{ kind: 'count', object: { ...cube, all: true } }]],
    ['how many cubes are lying around in here', [{ kind: 'count', object: { ...cube, all: true } }]],
    ["where's the red cube at in this room", [{ kind: 'find', object: { ...red, ...cube } }]],
    ['whereabouts is the green ball', [{ kind: 'find', object: { ...green, ...ball } }]],
    ['where abouts is the green ball', [{ kind: 'find', object: { ...green, ...ball } }]],
    ['what have we got on the shelf', [{ kind: 'find', object: { all: true, inZone: 'shelf' } }]],
    ["what's kicking around", [{ kind: 'scan' }]],
    ["lemme know what's lying about", [{ kind: 'scan' }]],
  ])('%s', (text, goals, readings) => check(text, goals, readings));

  it('a count "in this hall" is the whole room, never a place called "this hall"', () => {
    const g = grounded('how many yellow cylinders are there in this hall');
    expect(g.goals).toMatchObject([{ kind: 'count', object: { color: 'yellow', shape: 'cylinder', all: true } }]);
    expect(g.goals[0]).not.toHaveProperty('object.inZone');
  });
});

describe('what comes before the request', () => {
  it.each<Case>([
    // A remark joined to the request by "but" or "so" is said as read, not obeyed.
    ["it's a bit dark but can you find the blue cube for me", [{ kind: 'find', object: { ...blue, ...cube } }], ['a remark, not a request']],
    ['it is getting dark, so pick up the red cube', [{ kind: 'pick', object: { ...red, ...cube } }], ['a remark, not a request']],
    ['go easy, pick up the red cube', [{ kind: 'pick', object: { ...red, ...cube } }], ['a remark, not a request']],
    // Words before a colon naming no object or place announce the list after it.
    ['two jobs for you: red cube in bin a, then blue ball on the shelf', [place({ ...red, ...cube }, 'bin_a'), place({ ...blue, ...ball }, 'shelf')]],
    ['a few things need tidying: red cube in bin a, blue cube in bin b', [place({ ...red, ...cube }, 'bin_a'), place({ ...blue, ...cube }, 'bin_b')]],
  ])('%s', (text, goals, readings) => check(text, goals, readings));

  it('a colon after an object with a verb is no heading: its words are still read', () => {
    // "bin a: the red cube" is a place said first, labelling what goes there (clause-structure.test.ts).
    refused('tidy the red cubes: bin a', 'red cubes');
  });
});

describe('where an object ought to be, and requests wrapped in courtesy', () => {
  it.each<Case>([
    // Where it ought to be asks for it to be put there.
    ['the green ball wants to be in bin a', [place({ ...green, ...ball }, 'bin_a')]],
    ['the red cube needs to be on the shelf', [place({ ...red, ...cube }, 'shelf')]],
    ["the blue cube's supposed to be in bin b", [place({ ...blue, ...cube }, 'bin_b')]],
    // A courtesy or a guess at the robot's ability before the request is no part of it.
    ['be a love and grab the blue cube', [{ kind: 'pick', object: { ...blue, ...cube } }]],
    ['do you reckon you could put the red cube in bin a', [place({ ...red, ...cube }, 'bin_a')]],
    // "when you're finished with that" between two commands is "then".
    ["grab the red cube and when you're done with that put it on the shelf", [{ kind: 'pick', object: { ...red, ...cube } }, place({ pronoun: true }, 'shelf')]],
    ['pick up the green ball, once you have finished put it in bin b', [{ kind: 'pick', object: { ...green, ...ball } }, place({ pronoun: true }, 'bin_b')]],
    // Parking "up on" a place is going there.
    ['go and park up on bin a', [{ kind: 'goto', target: { zone: 'bin_a' } }]],
  ])('%s', (text, goals, readings) => check(text, goals, readings));

  it.each<Case>([
    ['seen the green ball anywhere?', [{ kind: 'find', object: { ...green, ...ball } }]],
    ['have you spotted the red cube', [{ kind: 'find', object: { ...red, ...cube } }]],
    // Northern "owt" and "nowt" are "anything" and "nothing".
    ['is there owt in bin b?', [{ kind: 'find', object: { all: true, inZone: 'bin_b' } }]],
  ])('%s', (text, goals, readings) => check(text, goals, readings));

  it('"X could be in Z" only guesses where it is: not a request to put it there', () => {
    refused('the red cube could be in bin a', 'the red cube could be in bin a');
    refused('the red cube must be in bin a', 'the red cube must be in bin a');
  });
});

describe('where an object belongs, said with any verb that delivers', () => {
  const BAYS = ['red_bay', 'blue_bay', 'green_bay', 'yellow_bay', 'return_shelf'];
  it.each<Case>([
    ['stick the yellow cylinder in the bay that matches its colour', [place({ color: 'yellow', ...cylinder }, 'yellow_bay')]],
    ['take the green ball to its own colour bay', [place({ ...green, ...ball }, 'green_bay')]],
    ['pop the red ball in the same colour bay', [place({ ...red, ...ball }, 'red_bay')]],
    ['chuck the blue ball in the bay of the same colour', [place({ ...blue, ...ball }, 'blue_bay')]],
    ['carry the green cube to the right bay', [place({ ...green, ...cube }, 'green_bay')]],
  ])('%s', (text, goals) => expectGrounding(BAYS)(text, goals));

  // A direction or another place is not where it belongs: "move it right" is not "put it right".
  it.each([
    ['move the red cube right', 'right'],
    ['put the red cube to its left', 'its left'],
  ])('"%s" is not sent to the bay of its colour', (text, quoted) => {
    expect(refusalOf(text, BAYS) ?? `read as ${JSON.stringify(groundedGoals(text, BAYS))}`).toContain(quoted);
  });

  it('on a map with no zone named after a colour, "the bay that matches its colour" is refused', () => {
    refused('stick the red cube in the bay that matches its colour', 'no zone of this map is named after a colour');
  });
});

describe('the order of steps', () => {
  it('"after you have finished charging" puts the charge first', () => {
    expect(groundedGoals('go to bin a, after you have finished charging').map((g) => g.kind)).toEqual(['charge', 'goto']);
  });
});

describe('what is still refused, quoting it', () => {
  it.each([
    // A command with a colon in it is no heading to drop.
    ['take it to: bin a', 'it to'],
    ['run a scan', 'run a'],
    ['got the purple cube', 'purple'],
    ['any cubes lying about in the garage', 'garage'],
    ['nip the red cube', 'nip'],
  ])('%s', (text, quoted) => refused(text, quoted));
});
