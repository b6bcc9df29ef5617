import { assertBuilt } from './server';

/** Fails the run at once, with the fix, when the binary or a web app build is missing. */
export default function setup() {
  assertBuilt();
}
