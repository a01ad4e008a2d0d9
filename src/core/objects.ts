/** What the robot can be asked to find: object colours and shapes, and their size model. */

export const OBJECT_COLORS = ['red', 'green', 'blue', 'yellow'] as const;
export const OBJECT_SHAPES = ['cube', 'ball', 'cylinder'] as const;
export type ObjectColor = (typeof OBJECT_COLORS)[number];
export type ObjectShape = (typeof OBJECT_SHAPES)[number];

/** Height of an object's top above the floor: cube edge, ball diameter, 1.4 × cylinder diameter. */
export function objectHeight(shape: ObjectShape, size: number): number {
  return shape === 'cylinder' ? 1.4 * size : size;
}

/** An object lying on the floor (or held), as far as clearance and path planning need it: its
 *  footprint and whether it travels with the robot. The simulator's objects are these. */
export interface FloorObject {
  id: string;
  shape: ObjectShape;
  size: number;
  x: number;
  y: number;
  yaw: number;
  heldBy: 'robot' | null;
}
