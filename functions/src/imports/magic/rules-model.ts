/**
 * The rule-based extractor as the model port: the local runner's model, and a fallback that needs no
 * network. The port and its schema are the model adapter's (adapters/model.ts); the rules are the batch
 * import's.
 */
import type { ModelPort } from '../../adapters/model';
import { extractWinesByRules } from './rule-extractor';

export const rulesModel: ModelPort = {
  async extractWines(text) {
    return extractWinesByRules(text);
  },
};
