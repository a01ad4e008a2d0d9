/**
 * A problem with the detector a user can fix (missing or mismatched model, bad labels file):
 * the message is one line saying what is wrong and what to do.
 */
export class DetectorError extends Error {
  override name = 'DetectorError';
}
