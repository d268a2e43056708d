/**
 * The registry of every ElectroDB entity. Domains add theirs here; the infra test checks that the
 * table's GSIs are exactly the physical indexes these schemas use.
 */
import { Service } from 'electrodb';
import { accountEmailSchema, createAccountEmailEntity } from '../accounts/entities/account-email';
import { accountIdentitySchema, createAccountIdentityEntity } from '../accounts/entities/account-identity';
import { accountTokenSchema, createAccountTokenEntity } from '../accounts/entities/account-token';
import { createUserEntity, userSchema } from '../accounts/entities/user';
import {
  assistantConversationSchema,
  createAssistantConversationEntity,
} from '../assistant/entities/assistant-conversation';
import {
  assistantMessageSchema,
  createAssistantMessageEntity,
} from '../assistant/entities/assistant-message';
import { assistantUsageSchema, createAssistantUsageEntity } from '../assistant/entities/assistant-usage';
import { createPaymentEventEntity, paymentEventSchema } from '../billing/entities/payment-event';
import { createPlanChangeEntity, planChangeSchema } from '../billing/entities/plan-change';
import { createSubscriptionEntity, subscriptionSchema } from '../billing/entities/subscription';
import { createWineEntity, wineSchema } from '../catalog/entities/wine';
import { createWineMergeEntity, wineMergeSchema } from '../catalog/entities/wine-merge';
import { createWinePriceChangeEntity, winePriceChangeSchema } from '../catalog/entities/wine-price-change';
import { cellarSchema, createCellarEntity } from '../cellar/entities/cellar';
import { cellarChangeSchema, createCellarChangeEntity } from '../cellar/entities/cellar-change';
import { cellarHistorySchema, createCellarHistoryEntity } from '../cellar/entities/cellar-history';
import { cellarLocationSchema, createCellarLocationEntity } from '../cellar/entities/cellar-location';
import { cellarVersionSchema, createCellarVersionEntity } from '../cellar/entities/cellar-version';
import { cellarWineSchema, createCellarWineEntity } from '../cellar/entities/cellar-wine';
import { createExchangeRateEntity, exchangeRateSchema } from '../cellar/entities/exchange-rate';
import { createLocationShareEntity, locationShareSchema } from '../cellar/entities/location-share';
import { createWineListCategoryEntity, wineListCategorySchema } from '../cellar/entities/wine-list-category';
import { createDutyRateTableEntity, dutyRateTableSchema } from '../duties/entities/duty-rate-table';
import { createWineEventEntity, wineEventSchema } from '../events/entities/wine-event';
import {
  createImportColumnMemoryEntity,
  importColumnMemorySchema,
} from '../imports/entities/import-column-memory';
import { createImportJobEntity, importJobSchema } from '../imports/entities/import-job';
import { createImportLineEntity, importLineSchema } from '../imports/entities/import-line';
import { createImportSlotsEntity, importSlotsSchema } from '../imports/entities/import-slots';
import { communityPriceSchema, createCommunityPriceEntity } from '../market-values/entities/community-price';
import {
  createValuationBudgetEntity,
  valuationBudgetSchema,
} from '../market-values/entities/valuation-budget';
import { createValuationYearEntity, valuationYearSchema } from '../market-values/entities/valuation-year';
import { cartSchema, createCartEntity } from '../marketplace/entities/cart';
import { checkoutSchema, createCheckoutEntity } from '../marketplace/entities/checkout';
import { checkoutDetailsSchema, createCheckoutDetailsEntity } from '../marketplace/entities/checkout-details';
import { createSupplierEntity, supplierSchema } from '../marketplace/entities/supplier';
import { createSupplierOfferEntity, supplierOfferSchema } from '../marketplace/entities/supplier-offer';
import {
  createSupplierOrderMailEntity,
  supplierOrderMailSchema,
} from '../marketplace/entities/supplier-order-mail';
import {
  createSupplierOrderRefEntity,
  supplierOrderRefSchema,
} from '../marketplace/entities/supplier-order-ref';
import {
  createImporterConnectionEntity,
  importerConnectionSchema,
} from '../orders/entities/importer-connection';
import { createOrderEntity, orderSchema } from '../orders/entities/order';
import { documentClient } from '../platform/dynamo';
import {
  createIdempotencyRecordEntity,
  idempotencyRecordSchema,
} from '../platform/entities/idempotency-record';
import { createRateLimitWindowEntity, rateLimitWindowSchema } from '../platform/entities/rate-limit-window';
import { env } from '../platform/env';
import { createPosKeyEntity, posKeySchema } from '../pos/entities/pos-key';
import { createPosKeyCounterEntity, posKeyCounterSchema } from '../pos/entities/pos-key-counter';
import { createPosProductMappingEntity, posProductMappingSchema } from '../pos/entities/pos-product-mapping';
import { createPosTransactionEntity, posTransactionSchema } from '../pos/entities/pos-transaction';
import { createPosUnmappedLineEntity, posUnmappedLineSchema } from '../pos/entities/pos-unmapped-line';
import { createPriceRuleSetEntity, priceRuleSetSchema } from '../pricing/entities/price-rule-set';
import { createPricingSettingsEntity, pricingSettingsSchema } from '../pricing/entities/pricing-settings';
import { createRecipeEntity, recipeSchema } from '../recipes/entities/recipe';
import { createRecipeCounterEntity, recipeCounterSchema } from '../recipes/entities/recipe-counter';
import { createSaleEntity, saleSchema } from '../sales/entities/sale';
import { createSaleRollupEntity, saleRollupSchema } from '../sales/entities/sale-rollup';
import { createStockCountEntity, stockCountSchema } from '../stock-counts/entities/stock-count';
import {
  createStockCountEntryEntity,
  stockCountEntrySchema,
} from '../stock-counts/entities/stock-count-entry';
import { createTastingNoteEntity, tastingNoteSchema } from '../tastings/entities/tasting-note';
import { createWantToTryEntity, wantToTrySchema } from '../tastings/entities/want-to-try';
import { createWineListEntity, wineListSchema } from '../wine-lists/entities/wine-list';
import { createWineListCounterEntity, wineListCounterSchema } from '../wine-lists/entities/wine-list-counter';
import { createWineListPrintEntity, wineListPrintSchema } from '../wine-lists/entities/wine-list-print';
import {
  createWineListPublicWineEntity,
  wineListPublicWineSchema,
} from '../wine-lists/entities/wine-list-public-wine';
import { createJobRunEntity, jobRunSchema } from './entities/job-run';
import { createSeedRunEntity, seedRunSchema } from './entities/seed-run';

export const allEntities = {
  seedRun: seedRunSchema,
  jobRun: jobRunSchema,
  rateLimitWindow: rateLimitWindowSchema,
  idempotencyRecord: idempotencyRecordSchema,
  user: userSchema,
  accountEmail: accountEmailSchema,
  accountIdentity: accountIdentitySchema,
  accountToken: accountTokenSchema,
  wine: wineSchema,
  winePriceChange: winePriceChangeSchema,
  wineMerge: wineMergeSchema,
  tastingNote: tastingNoteSchema,
  wantToTry: wantToTrySchema,
  cellar: cellarSchema,
  cellarWine: cellarWineSchema,
  cellarHistory: cellarHistorySchema,
  cellarLocation: cellarLocationSchema,
  cellarVersion: cellarVersionSchema,
  cellarChange: cellarChangeSchema,
  locationShare: locationShareSchema,
  wineListCategory: wineListCategorySchema,
  exchangeRate: exchangeRateSchema,
  dutyRateTable: dutyRateTableSchema,
  wineList: wineListSchema,
  wineListCounter: wineListCounterSchema,
  wineListPrint: wineListPrintSchema,
  wineListPublicWine: wineListPublicWineSchema,
  stockCount: stockCountSchema,
  stockCountEntry: stockCountEntrySchema,
  sale: saleSchema,
  saleRollup: saleRollupSchema,
  order: orderSchema,
  importerConnection: importerConnectionSchema,
  supplier: supplierSchema,
  supplierOffer: supplierOfferSchema,
  cart: cartSchema,
  checkout: checkoutSchema,
  checkoutDetails: checkoutDetailsSchema,
  supplierOrderRef: supplierOrderRefSchema,
  supplierOrderMail: supplierOrderMailSchema,
  priceRuleSet: priceRuleSetSchema,
  pricingSettings: pricingSettingsSchema,
  recipe: recipeSchema,
  recipeCounter: recipeCounterSchema,
  posKey: posKeySchema,
  posKeyCounter: posKeyCounterSchema,
  posTransaction: posTransactionSchema,
  posUnmappedLine: posUnmappedLineSchema,
  posProductMapping: posProductMappingSchema,
  importJob: importJobSchema,
  importLine: importLineSchema,
  importSlots: importSlotsSchema,
  importColumnMemory: importColumnMemorySchema,
  wineEvent: wineEventSchema,
  assistantConversation: assistantConversationSchema,
  assistantMessage: assistantMessageSchema,
  assistantUsage: assistantUsageSchema,
  valuationYear: valuationYearSchema,
  communityPrice: communityPriceSchema,
  valuationBudget: valuationBudgetSchema,
  subscription: subscriptionSchema,
  paymentEvent: paymentEventSchema,
  planChange: planChangeSchema,
} as const;

function createService(client: ReturnType<typeof documentClient>) {
  const config = { table: env.tableName(), client };
  return new Service({
    seedRun: createSeedRunEntity(config),
    jobRun: createJobRunEntity(config),
    rateLimitWindow: createRateLimitWindowEntity(config),
    idempotencyRecord: createIdempotencyRecordEntity(config),
    user: createUserEntity(config),
    accountEmail: createAccountEmailEntity(config),
    accountIdentity: createAccountIdentityEntity(config),
    accountToken: createAccountTokenEntity(config),
    wine: createWineEntity(config),
    winePriceChange: createWinePriceChangeEntity(config),
    wineMerge: createWineMergeEntity(config),
    tastingNote: createTastingNoteEntity(config),
    wantToTry: createWantToTryEntity(config),
    cellar: createCellarEntity(config),
    cellarWine: createCellarWineEntity(config),
    cellarHistory: createCellarHistoryEntity(config),
    cellarLocation: createCellarLocationEntity(config),
    cellarVersion: createCellarVersionEntity(config),
    cellarChange: createCellarChangeEntity(config),
    locationShare: createLocationShareEntity(config),
    wineListCategory: createWineListCategoryEntity(config),
    exchangeRate: createExchangeRateEntity(config),
    dutyRateTable: createDutyRateTableEntity(config),
    wineList: createWineListEntity(config),
    wineListCounter: createWineListCounterEntity(config),
    wineListPrint: createWineListPrintEntity(config),
    wineListPublicWine: createWineListPublicWineEntity(config),
    stockCount: createStockCountEntity(config),
    stockCountEntry: createStockCountEntryEntity(config),
    sale: createSaleEntity(config),
    saleRollup: createSaleRollupEntity(config),
    order: createOrderEntity(config),
    importerConnection: createImporterConnectionEntity(config),
    supplier: createSupplierEntity(config),
    supplierOffer: createSupplierOfferEntity(config),
    cart: createCartEntity(config),
    checkout: createCheckoutEntity(config),
    checkoutDetails: createCheckoutDetailsEntity(config),
    supplierOrderRef: createSupplierOrderRefEntity(config),
    supplierOrderMail: createSupplierOrderMailEntity(config),
    priceRuleSet: createPriceRuleSetEntity(config),
    pricingSettings: createPricingSettingsEntity(config),
    recipe: createRecipeEntity(config),
    recipeCounter: createRecipeCounterEntity(config),
    posKey: createPosKeyEntity(config),
    posKeyCounter: createPosKeyCounterEntity(config),
    posTransaction: createPosTransactionEntity(config),
    posUnmappedLine: createPosUnmappedLineEntity(config),
    posProductMapping: createPosProductMappingEntity(config),
    importJob: createImportJobEntity(config),
    importLine: createImportLineEntity(config),
    importSlots: createImportSlotsEntity(config),
    importColumnMemory: createImportColumnMemoryEntity(config),
    wineEvent: createWineEventEntity(config),
    assistantConversation: createAssistantConversationEntity(config),
    assistantMessage: createAssistantMessageEntity(config),
    assistantUsage: createAssistantUsageEntity(config),
    valuationYear: createValuationYearEntity(config),
    communityPrice: createCommunityPriceEntity(config),
    valuationBudget: createValuationBudgetEntity(config),
    subscription: createSubscriptionEntity(config),
    paymentEvent: createPaymentEventEntity(config),
    planChange: createPlanChangeEntity(config),
  });
}

let service: ReturnType<typeof createService> | undefined;
let serviceClient: ReturnType<typeof documentClient> | undefined;

/**
 * The ElectroDB service over the table, created on first use and again when the DynamoDB clients were
 * made anew (the local runner does so when it starts a stack on another endpoint).
 */
export function db() {
  const client = documentClient();
  if (!service || serviceClient !== client) {
    service = createService(client);
    serviceClient = client;
  }
  return service;
}
