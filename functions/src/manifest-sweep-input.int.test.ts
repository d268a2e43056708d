/**
 * The route manifest's sweep, part one (functions/test/manifest-sweep/): every route declares and bounds
 * what it takes, and bad input is a 400 naming the field that stores nothing.
 */
import { describeBadInput, describeDeclarations } from '../test/manifest-sweep/bad-input';
import { useSweepStack } from '../test/manifest-sweep/stack';

useSweepStack();
describeDeclarations();
describeBadInput();
