/**
 * The route manifest's sweep, part one (infra/local/manifest-sweep.ts): every route declares and bounds
 * what it takes, and bad input is a 400 naming the field that stores nothing.
 */
import { describeBadInput, describeDeclarations, useSweepStack } from './manifest-sweep';

useSweepStack();
describeDeclarations();
describeBadInput();
