/**
 * The cellar assistant's evaluation set: questions people ask, in English and Bokmål, on the demo
 * restaurant's and the demo collector's cellars, each with the tools its answer must call and the facts
 * it must contain. The facts are read at run time from the domains' services (demo-data.ts): a wine's
 * name, a count, an amount — never a number written here that matches today's seed by chance.
 */

import { collector } from './collector-questions';
import type { EvalQuestion } from './facts';
import { restaurant } from './restaurant-questions';

export type { EvalQuestion, Fact } from './facts';

export const EVAL_QUESTIONS: readonly EvalQuestion[] = [...restaurant, ...collector];
