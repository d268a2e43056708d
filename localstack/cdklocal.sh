#!/usr/bin/env bash
# Deploys Kork's CDK app to a running LocalStack with aws-cdk-local. For people with Docker; no test runs
# this script. Start LocalStack first: docker compose -f localstack/docker-compose.yml up -d
#
#   localstack/cdklocal.sh                  # the stacks the community edition can run
#   localstack/cdklocal.sh --all            # every stack (needs LOCALSTACK_AUTH_TOKEN: CloudFront, HTTP API)
#   localstack/cdklocal.sh Kork-Data        # any stack ids `npx cdk ls` prints
set -euo pipefail
cd "$(dirname "$0")/.."

export CDK_DISABLE_CLI_TELEMETRY=true
# LocalStack accepts any credentials; these never reach AWS.
export AWS_ACCESS_KEY_ID="${AWS_ACCESS_KEY_ID:-test}"
export AWS_SECRET_ACCESS_KEY="${AWS_SECRET_ACCESS_KEY:-test}"
export AWS_REGION="${AWS_REGION:-eu-north-1}"
export AWS_DEFAULT_REGION="$AWS_REGION"
export AWS_ENDPOINT_URL="${AWS_ENDPOINT_URL:-http://localhost.localstack.cloud:4566}"
export CDK_DEFAULT_ACCOUNT="${CDK_DEFAULT_ACCOUNT:-000000000000}"
export CDK_DEFAULT_REGION="$AWS_REGION"

cdklocal() {
  npx --yes --package aws-cdk-local@3.0.4 --package aws-cdk@2.1148.1 -- cdklocal "$@"
}

context=(
  # Plain exports between stacks: LocalStack may not resolve the Fn::GetStackOutput of weak references.
  -c "@aws-cdk/core:defaultCrossStackReferences=strong"
  # Without CloudFront there is no distribution address to put into links.
  -c "appUrl=${APP_URL:-http://localhost:3000}"
  -c "mailDomain=${MAIL_DOMAIN:-kork.local}"
  -c "apiKeys=${API_KEYS:-kork-local-web}"
)

if [ "$#" -eq 0 ]; then
  # The community edition has no CloudFront and no HTTP APIs: data, queues, consumers and mail only.
  set -- Kork-Data Kork-Async
fi

cdklocal bootstrap "aws://${CDK_DEFAULT_ACCOUNT}/${AWS_REGION}" "${context[@]}"
cdklocal deploy "${context[@]}" --require-approval never "$@"
