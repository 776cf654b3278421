/**
 * Shared sign-in platforms, as families. On a tenant platform a tenant is its label plus its
 * family: `contoso.eu.auth0.com` and `contoso.us.auth0.com` are one tenant (the platform keeps
 * tenant names unique across its regions and cells, each row cites where it says so), while
 * `c0ntoso.eu.auth0.com` is another tenant of the same family, a look-alike of it. Examples:
 * platforms.examples.ts.
 *
 * `tenantSuffixes`: the host names a tenant's label stands in front of, longest first where one
 * ends another (a sandbox's host ends in my.salesforce.com too). `ownDomains`: registrable
 * domains the platform itself signs people in on: never a look-alike of its own sign-in host
 * (login.microsoftonline-p.com is Microsoft's, for a protected login.microsoftonline.com).
 * `ownNames`: a name the platform holds on every ICANN suffix (google.de for accounts.google.com);
 * not on private ones, where anyone may take it (google.github.io, google.blogspot.com).
 */
export interface PlatformFamily {
  family: string;
  tenantSuffixes: readonly string[];
  ownDomains: readonly string[];
  ownNames?: readonly string[];
  /** A tenant label's separator before a sub-name that is not the tenant's (`contoso--uat`). */
  subTenantSeparator?: string;
  /** Where the platform says a tenant's name is unique to it. */
  source: string;
}

export const PLATFORM_FAMILIES: readonly PlatformFamily[] = [
  {
    family: 'auth0',
    tenantSuffixes: [
      'us.auth0.com',
      'eu.auth0.com',
      'au.auth0.com',
      'jp.auth0.com',
      'ca.auth0.com',
      'uk.auth0.com',
      'auth0.com',
    ],
    ownDomains: ['auth0.com'],
    // "Tenant names must be unique" and form the domain {tenant}.{region}.auth0.com.
    source: 'https://auth0.com/docs/get-started/auth0-overview/create-tenants',
  },
  {
    family: 'okta',
    tenantSuffixes: ['okta.com', 'okta-emea.com', 'oktapreview.com', 'okta-gov.com', 'okta.mil'],
    ownDomains: ['okta.com', 'okta-emea.com', 'oktapreview.com', 'okta-gov.com', 'oktacdn.com'],
    // An Okta org's subdomain is its own ("your Okta domain", one per org, preview or production cell).
    source: 'https://developer.okta.com/docs/guides/find-your-domain/main/',
  },
  {
    family: 'salesforce',
    tenantSuffixes: [
      'sandbox.my.salesforce.com',
      'develop.my.salesforce.com',
      'scratch.my.salesforce.com',
      'my.salesforce.com',
      'lightning.force.com',
      'my.site.com',
    ],
    ownDomains: ['salesforce.com', 'force.com', 'site.com', 'salesforce-setup.com', 'sfdcopens.com'],
    // My Domain names are unique across Salesforce; a sandbox is MyDomain--SandboxName.sandbox.my.salesforce.com.
    subTenantSeparator: '--',
    source: 'https://help.salesforce.com/s/articleView?id=sf.domain_name_format.htm',
  },
  {
    family: 'onelogin',
    tenantSuffixes: ['onelogin.com'],
    ownDomains: ['onelogin.com'],
    // Each OneLogin account has its own subdomain of onelogin.com, chosen at sign-up.
    source: 'https://onelogin.service-now.com/support?id=kb_article&sys_id=4e4ef5a5db109700d5505eea4b9619e4',
  },
  {
    family: 'microsoft',
    tenantSuffixes: ['b2clogin.com', 'ciamlogin.com'],
    ownDomains: [
      'microsoftonline.com',
      'microsoftonline-p.com',
      'microsoft.com',
      'live.com',
      'windows.net',
      'office.com',
      'office365.com',
      'microsoft365.com',
      'msauth.net',
      'msftauth.net',
      'onmicrosoft.com',
      'b2clogin.com',
      'ciamlogin.com',
      'azure.com',
    ],
    // Tenant names (<name>.onmicrosoft.com, <name>.b2clogin.com) are unique in Microsoft Entra.
    source: 'https://learn.microsoft.com/en-us/entra/fundamentals/add-custom-domain',
  },
  {
    family: 'google',
    tenantSuffixes: [],
    ownDomains: [
      'google.com',
      'googleusercontent.com',
      'gstatic.com',
      'googleapis.com',
      'youtube.com',
      'gmail.com',
      'withgoogle.com',
    ],
    ownNames: ['google'],
    // Workspace has no tenant hosts: every organization signs in on accounts.google.com.
    source: 'https://support.google.com/a/answer/182076',
  },
  {
    family: 'aws',
    tenantSuffixes: ['awsapps.com'],
    ownDomains: ['aws.amazon.com', 'amazonaws.com', 'awsapps.com', 'signin.aws'],
    // The IAM Identity Center AWS access portal URL's subdomain is unique to the instance.
    source: 'https://docs.aws.amazon.com/singlesignon/latest/userguide/howtochangeURL.html',
  },
  {
    family: 'duo',
    tenantSuffixes: ['duosecurity.com'],
    ownDomains: ['duosecurity.com', 'duo.com'],
    // Each Duo account has its own API hostname, api-XXXXXXXX.duosecurity.com.
    source: 'https://duo.com/docs/duoweb',
  },
  {
    family: 'cyberark',
    tenantSuffixes: ['my.idaptive.app', 'cyberark.cloud'],
    ownDomains: ['idaptive.app', 'cyberark.cloud', 'cyberark.com'],
    // The tenant URL's prefix is the tenant's own (ABC1234.my.idaptive.app).
    source: 'https://docs.cyberark.com/identity/latest/en/content/coreservices/getstarted/tenanturl.htm',
  },
];

/** Where a host stands on a tenant platform, or null when it is on none. */
export interface TenantPlace {
  family: PlatformFamily;
  /** The tenant's own name (`contoso` in contoso--uat.sandbox.my.salesforce.com). */
  tenant: string;
  /** The tenant's host (`contoso--uat.sandbox.my.salesforce.com`). */
  site: string;
  /** The suffix the tenant label stands on (`sandbox.my.salesforce.com`). */
  suffix: string;
}

export function tenantOf(host: string): TenantPlace | null {
  for (const family of PLATFORM_FAMILIES) {
    for (const suffix of family.tenantSuffixes) {
      if (!host.endsWith(`.${suffix}`)) continue;
      const rest = host.slice(0, -suffix.length - 1).split('.');
      const label = rest[rest.length - 1]!;
      // A region's own name is no tenant (eu.auth0.com is the region, not tenant `eu` of auth0.com).
      if (family.tenantSuffixes.includes(`${label}.${suffix}`)) return null;
      const sep = family.subTenantSeparator;
      const tenant = sep && label.includes(sep) ? label.slice(0, label.indexOf(sep)) : label;
      return { family, tenant, site: `${label}.${suffix}`, suffix };
    }
  }
  return null;
}

/** The family whose own sign-in host this is (accounts.google.com: google), or null. */
export function familyOfHost(host: string): PlatformFamily | null {
  return (
    PLATFORM_FAMILIES.find(
      (f) =>
        f.ownDomains.some((d) => host === d || host.endsWith(`.${d}`)) ||
        f.tenantSuffixes.some((s) => host.endsWith(`.${s}`)),
    ) ?? null
  );
}

/** True when the site (a registrable domain) belongs to the family itself. */
export function isFamilyOwn(family: PlatformFamily, site: { site: string; name: string; icann: boolean }): boolean {
  return (
    family.ownDomains.some((d) => site.site === d || site.site.endsWith(`.${d}`)) ||
    (site.icann && (family.ownNames ?? []).includes(site.name))
  );
}
