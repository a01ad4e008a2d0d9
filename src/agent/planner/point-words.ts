/** A point of the map said as coordinates: "(3, 4)", "x 3 y 4", "the point 3.5, 2" (the language layer has
 *  dropped the punctuation by then, so "3 4" too). Its own module: places and relations both read it. */
export function parsePoint(text: string): { x: number; y: number } | null {
  const m =
    /^\(?\s*(?:x\s*=?\s*)?(-?\d+(?:\.\d+)?)\s*(?:,|\s)\s*(?:y\s*=?\s*)?(-?\d+(?:\.\d+)?)\s*\)?$/.exec(text.replace(/^(?:the\s+)?(?:point|position|coordinates?|location)\s*/, '').trim());
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}
