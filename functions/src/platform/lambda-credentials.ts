/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles only. Lambda hands every
 * function its role's credentials in environment variables, so the SSO, profile, process and
 * instance-metadata providers (with the STS and SSO clients they pull in, ~90 KB minified) are dead
 * weight there. Tests and the local runner load the source, with the SDK's full chain.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = (_init?: unknown) => fromEnv();
