/**
 * The route manifest's sweep, part two (functions/test/manifest-sweep/): no token is a 401 on every route
 * that needs one, another account's id a 403, an admin route a 403 for anyone else.
 */
import { describeAccess } from '../test/manifest-sweep/access';
import { useSweepStack } from '../test/manifest-sweep/stack';

useSweepStack();
describeAccess();
