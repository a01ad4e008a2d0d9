import { describe, expect, it } from 'vitest';
import { expectGrounding, groundedGoals, WAREHOUSE_ZONES, type WordingCase as Case } from './planner-map.js';

/**
 * Questions as people ask them (#15): "is there X anywhere in here" asks whether there is one
 * (the words after it had been read as the object); "where's X gone", "where has X got to" ask
 * where it is ("gone" had been read as a typo of "give"); "what can you see from where you are"
 * is one look from here; "which areas do you know about", "what places are there on your map",
 * "list the zones", "where can I send you" ask for the map's places, answered from the map; "what's
 * near you", "what are you looking at" are a look from here; "any sign of X", "anything blue
 * around here" ask whether there is one; "is there anything red in bin a" asks it of some red
 * thing (it had been asked of every red thing in the room).
 */
const check = expectGrounding(WAREHOUSE_ZONES);

describe('questions as people ask them', () => {
  it.each<Case>([
    ['is there a blue cube anywhere in here?', [{ kind: 'find', object: { color: 'blue', shape: 'cube' }, whether: true }]],
    ["where's the green ball gone?", [{ kind: 'find', object: { color: 'green', shape: 'ball' } }]],
    ['where has the red cube got to', [{ kind: 'find', object: { color: 'red', shape: 'cube' } }]],
    ['what can you see from where you are?', [{ kind: 'scan' }]],
    ['which areas do you know about?', [{ kind: 'status', topic: 'zones' }]],
    ['what places are there on your map?', [{ kind: 'status', topic: 'zones' }]],
    ['list the zones', [{ kind: 'status', topic: 'zones' }]],
    ['where can I send you?', [{ kind: 'status', topic: 'zones' }]],
    ["what's near you?", [{ kind: 'scan' }]],
    ['what are you looking at?', [{ kind: 'scan' }]],
    ['any sign of the green ball?', [{ kind: 'find', object: { color: 'green', shape: 'ball' }, whether: true }]],
    ['anything blue around here?', [{ kind: 'find', object: { color: 'blue', all: true }, whether: true }]],
  ])('%s', (text, goals) => check(text, goals));

  it('asks "is there anything red in bin a" of some red thing there, not of every red thing in the room', () => {
    const [goal] = groundedGoals('is there anything red in bin a?');
    expect(goal).toMatchObject({ kind: 'find', object: { color: 'red', inZone: 'bin_a' }, whether: true });
    expect(goal).not.toHaveProperty('every');
    expect(groundedGoals('are the cubes in bin a?')[0]).toHaveProperty('every', true);
  });
});

