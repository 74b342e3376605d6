/**
 * API Gateway's Cognito authorizer hands the Lambda `requestContext.authorizer.claims` as a map of
 * strings: numbers are stringified and `cognito:groups` arrives as one string. The local gateway
 * does the same, so a handler that only works with the decoded JWT shapes fails here, not in AWS.
 */

export function claimsAsStrings(claims: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(claims)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) out[name] = value.map(String).join(',');
    else if (typeof value === 'object') out[name] = JSON.stringify(value);
    else out[name] = String(value);
  }
  return out;
}
