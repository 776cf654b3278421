/**
 * Example table for tenantOf (platforms.ts), one or more per family, tested in
 * test/unit/shared/url/lookalike.test.ts: the tenant a host names, or null when it is none.
 */
export const TENANT_EXAMPLES: readonly { host: string; family: string | null; tenant?: string; why: string }[] = [
  { host: 'contoso.eu.auth0.com', family: 'auth0', tenant: 'contoso', why: 'an Auth0 tenant in the EU region' },
  {
    host: 'contoso.auth0.com',
    family: 'auth0',
    tenant: 'contoso',
    why: 'the same tenant name on the US region’s older host',
  },
  { host: 'login.contoso.us.auth0.com', family: 'auth0', tenant: 'contoso', why: 'a host below the tenant' },
  { host: 'eu.auth0.com', family: null, why: 'the region itself' },
  { host: 'contoso.okta.com', family: 'okta', tenant: 'contoso', why: 'an Okta org' },
  { host: 'contoso.okta-emea.com', family: 'okta', tenant: 'contoso', why: 'an Okta org in the EMEA cell' },
  { host: 'contoso.oktapreview.com', family: 'okta', tenant: 'contoso', why: 'an Okta preview org' },
  { host: 'fabrikam.my.salesforce.com', family: 'salesforce', tenant: 'fabrikam', why: 'a Salesforce My Domain' },
  {
    host: 'fabrikam--uat.sandbox.my.salesforce.com',
    family: 'salesforce',
    tenant: 'fabrikam',
    why: 'a sandbox of that My Domain',
  },
  { host: 'fabrikam.lightning.force.com', family: 'salesforce', tenant: 'fabrikam', why: 'its Lightning host' },
  { host: 'contoso.onelogin.com', family: 'onelogin', tenant: 'contoso', why: 'a OneLogin account' },
  {
    host: 'contoso.b2clogin.com',
    family: 'microsoft',
    tenant: 'contoso',
    why: 'a Microsoft Entra External ID (B2C) tenant',
  },
  { host: 'contoso.awsapps.com', family: 'aws', tenant: 'contoso', why: 'an AWS access portal' },
  { host: 'api-1a2b3c4d.duosecurity.com', family: 'duo', tenant: 'api-1a2b3c4d', why: 'a Duo API host' },
  { host: 'abc1234.my.idaptive.app', family: 'cyberark', tenant: 'abc1234', why: 'a CyberArk Identity tenant' },
  { host: 'accounts.google.com', family: null, why: 'Google Workspace has no tenant hosts' },
  { host: 'login.microsoftonline.com', family: null, why: 'Microsoft’s shared sign-in host is no tenant' },
];
