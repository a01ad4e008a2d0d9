import { describe, expect, it } from 'vitest';
import { expectGrounding, grounded, refusalOf, type WordingCase as Case } from './planner-map.js';

/**
 * Deliveries as people ask for them in a shop's stockroom and down a hotel corridor: a zone named
 * with a word that is also a preposition ("goods in") next to a place said with "in"; a room
 * number said digit by digit with "oh" for its zero; "there" after a place was named; "get X for
 * me" (fetched, whatever "in Z" says about which X); "but not the blue one" after "all the balls"
 * (the blue ball, not every blue thing); "avoid the aisles" (each aisle); "off the cart and into
 * room 201" (one move); "the lifts" for a zone called elevators (WordNet's elevator, lift).
 */
const STOCKROOM = ['goods_in', 'aisle_1', 'aisle_2', 'red_tote', 'blue_tote', 'packing_bench', 'returns_cage', 'charging_dock'];
const HOTEL = ['room_201', 'room_202', 'room_203', 'housekeeping_cart', 'linen_closet', 'elevators', 'charging_dock'];
const inStockroom = expectGrounding(STOCKROOM);
const inHotel = expectGrounding(HOTEL);

const place = (object: object, target: object) => ({ kind: 'place', object, target });

describe('deliveries in a stockroom', () => {
  it.each<Case>([
    // "in" is a word of goods_in, but "in aisle 2" is no place.
    ['um, could you maybe just put the blue cube in aisle two, thanks', [place({ color: 'blue', shape: 'cube' }, { zone: 'aisle_2' })]],
    ['take the red cube to goods in', [place({ color: 'red', shape: 'cube' }, { zone: 'goods_in' })]],
    ['put all the balls in the returns cage but not the blue one', [place({ shape: 'ball', all: true, spare: [{ color: 'blue', shape: 'ball' }] }, { zone: 'returns_cage' }), { kind: 'keep', constraint: { rule: 'hands_off', spare: { color: 'blue', shape: 'ball' } } }]],
  ])('%s', (text, goals) => inStockroom(text, goals));

  it('"in there too" is the place said before; "bring it over there" with none said before is refused, not put down where the robot stands', () => {
    inStockroom('put the red ball in the returns cage, then put the blue ball in there too', [place({ color: 'red', shape: 'ball' }, { zone: 'returns_cage' }), place({ color: 'blue', shape: 'ball' }, { zone: 'returns_cage' })]);
    expect(refusalOf('bring the blue ball over there', STOCKROOM)).toMatch(/cannot tell where "there" is/);
  });

  it.each<Case>([
    // "to you" says which one; the place after it is where it goes (it had become what the cylinder is nearest to, and it was only picked up).
    ['take the yellow cylinder nearest to you to the red tote', [place({ color: 'yellow', shape: 'cylinder', rank: 'nearest' }, { zone: 'red_tote' })]],
    ['take whichever yellow cylinder is closer to you to the red tote', [place({ color: 'yellow', shape: 'cylinder', rank: 'nearest' }, { zone: 'red_tote' })]],
    ['take the yellow cylinder closest to the packing bench to the red tote', [place({ color: 'yellow', shape: 'cylinder', relation: { ranked: 'nearest', to: { zone: 'packing_bench' } } }, { zone: 'red_tote' })]],
    // A place where it lies, then what to do with "it": which one to take, not a first delivery.
    ['grab the yellow cylinder in aisle 2 and drop it at goods in', [{ kind: 'pick', object: { color: 'yellow', shape: 'cylinder', inZone: 'aisle_2' } }, place({ pronoun: true }, { zone: 'goods_in' })]],
    ['get the red ball on the packing bench, then put it in the red tote', [{ kind: 'pick', object: { color: 'red', shape: 'ball', inZone: 'packing_bench' } }, place({ pronoun: true }, { zone: 'red_tote' })]],
    // Picked up in turn, then "them": each one, to the place said, or to the tote of its own colour.
    ['pick up the red ball, then the blue cube, and put them on the packing bench', [place({ color: 'red', shape: 'ball' }, { zone: 'packing_bench' }), place({ color: 'blue', shape: 'cube' }, { zone: 'packing_bench' })]],
    ['pick up the red ball, then the blue cube, and put them in their totes', [place({ color: 'red', shape: 'ball' }, { zone: 'red_tote' }), place({ color: 'blue', shape: 'cube' }, { zone: 'blue_tote' })]],
    ['pick up the red ball, then the blue cube, and put both in their totes', [place({ color: 'red', shape: 'ball' }, { zone: 'red_tote' }), place({ color: 'blue', shape: 'cube' }, { zone: 'blue_tote' })]],
    // Said with "put", the first place is a delivery, then a second one.
    ['put the red ball in the returns cage and then move it to goods in', [place({ color: 'red', shape: 'ball' }, { zone: 'returns_cage' }), place({ pronoun: true }, { zone: 'goods_in' })]],
  ])('%s', (text, goals) => inStockroom(text, goals));

  it('"but not the blue ones" after "all the red things" spares blue things of any kind: no kind was said', () => {
    const goals = grounded('put all the red things in the red tote but not the blue ones', STOCKROOM).goals;
    expect(goals[1]).toMatchObject({ kind: 'keep', constraint: { spare: { color: 'blue' } } });
    expect(goals[1]).not.toHaveProperty('constraint.spare.shape');
  });

  it('"all but one of the yellow cylinders" is refused, asking which: read as a kind, every other object had been moved', () => {
    expect(refusalOf('put all but one of the yellow cylinders in the red tote', STOCKROOM)).toMatch(/cannot tell which to leave out in "one of the yellow cylinders"/);
  });

  it('"avoid the aisles" keeps out of every aisle; "the aisle" of two is asked about', () => {
    expect(grounded('avoid the aisles and bring the green ball to goods in', STOCKROOM).keepOut).toEqual([
      { said: 'aisle_1', zone: 'aisle_1' },
      { said: 'aisle_2', zone: 'aisle_2' },
    ]);
    expect(refusalOf('avoid the aisle and bring the green ball to goods in', STOCKROOM)).toMatch(/"aisle" could be aisle_1 or aisle_2/);
    // Putting something "in the totes" still names no one place.
    expect(refusalOf('put the red ball in the totes', STOCKROOM)).toMatch(/could be red_tote or blue_tote/);
  });
});

describe('deliveries down a hotel corridor', () => {
  it.each<Case>([
    ['the yellow cube in room two oh three needs to go to the housekeeping cart', [place({ color: 'yellow', shape: 'cube', inZone: 'room_203' }, { zone: 'housekeeping_cart' })]],
    ['put the red ball in room two-oh-one', [place({ color: 'red', shape: 'ball' }, { zone: 'room_201' })]],
    ['take the blue cube to the elevators, then bring the green ball there too', [place({ color: 'blue', shape: 'cube' }, { zone: 'elevators' }), place({ color: 'green', shape: 'ball' }, { zone: 'elevators' })]],
    ['go get the red ball in 201 for me', [place({ color: 'red', shape: 'ball', inZone: 'room_201' }, { start: true })]],
    ['grab the red ball from room 201 for me', [place({ color: 'red', shape: 'ball', inZone: 'room_201' }, { start: true })]],
    // Said with "to", the place is still where it goes.
    ['get the red ball to the cart for me', [place({ color: 'red', shape: 'ball' }, { zone: 'housekeeping_cart' })]],
    ['put the red ball in 201 for me', [place({ color: 'red', shape: 'ball' }, { zone: 'room_201' })]],
    ['move the red cylinder off the cart and into room 201', [place({ color: 'red', shape: 'cylinder', inZone: 'housekeeping_cart' }, { zone: 'room_201' })]],
    ['get the red cylinder out of the cart and onto the linen closet', [place({ color: 'red', shape: 'cylinder', inZone: 'housekeeping_cart' }, { zone: 'linen_closet' })]],
    ['take the blue cube to two oh three', [place({ color: 'blue', shape: 'cube' }, { zone: 'room_203' })]],
    // "off" after "drop" is its particle, not the object (which had become "it": whatever the robot held).
    ['drop off the blue ball in room 202', [place({ color: 'blue', shape: 'ball' }, { zone: 'room_202' })]],
    ['drop off the blue ball in room 202 on your way to the elevators', [place({ color: 'blue', shape: 'ball' }, { zone: 'room_202' }), { kind: 'goto', target: { zone: 'elevators' } }]],
    ['on your way to the elevators, drop the blue ball in room 202', [place({ color: 'blue', shape: 'ball' }, { zone: 'room_202' }), { kind: 'goto', target: { zone: 'elevators' } }]],
    ['take the red ball to the lifts', [place({ color: 'red', shape: 'ball' }, { zone: 'elevators' })], ["reading 'lifts' as elevators"]],
    ['green cube nearest the lift to the linen closet', [place({ color: 'green', shape: 'cube', relation: { ranked: 'nearest', to: { zone: 'elevators' } } }, { zone: 'linen_closet' })]],
  ])('%s', (text, goals, readings) => inHotel(text, goals, readings));

  it('"take the red cylinder off the cart" alone still only takes it off', () => {
    expect(grounded('take the red cylinder off the cart', HOTEL).goals).toMatchObject([{ kind: 'clear', object: { color: 'red', shape: 'cylinder', inZone: 'housekeeping_cart' } }]);
  });
});
