import { describe, it } from 'vitest';
import { expectGrounding, WAREHOUSE_ZONES, type WordingCase as Case } from './planner-map.js';

/**
 * Questions as people ask them (#15): "is there X anywhere in here" asks whether there is one
 * (the words after it had been read as the object); "where's X gone", "where has X got to" ask
 * where it is ("gone" had been read as a typo of "give"); "what can you see from where you are"
 * is one look from here; "which areas do you know about", "what places are there on your map",
 * "list the zones" ask for the map's places, answered from the map.
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
  ])('%s', (text, goals) => check(text, goals));
});

