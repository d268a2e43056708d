/**
 * The route manifest's sweep, part two (infra/local/manifest-sweep.ts): no token is a 401 on every route
 * that needs one, another account's id a 403, an admin route a 403 for anyone else.
 */
import { describeAccess, useSweepStack } from './manifest-sweep';

useSweepStack();
describeAccess();
